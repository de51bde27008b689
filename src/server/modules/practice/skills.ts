import { sql } from 'drizzle-orm'
import type { PracticeSection, PracticeTest } from '../../../shared/practice-layouts'
import type { SkillResult } from '../../../shared/practice-scoring'
import { ALL_EDUCATORS, type CaseloadSkills, type StudentSkills } from '../../../shared/practice-skills'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx } from '../../db/client'
import { selectRows, selectRowsPrepared } from '../../db/raw'
import { fieldError, forbidden, notFound } from '../../problems'
import { mayReadRecordSql, studentAccess } from '../students/record'
import { requireRule } from '../students/record-rules'
import { isoSql, isUuid } from '../students/sql'

/**
 * What students miss, by skill (docs/product.md#practice-tests), from the skills each submitted
 * attempt keeps: a student's trend per skill and their most missed skills (the three lowest rates
 * over their last three attempts), and across an educator's students (or, for admins, every
 * student) the skills most missed in a date range with the students who miss them.
 */
export const MOST_MISSED = 3
export const RECENT_ATTEMPTS = 3
export const CASELOAD_MAX_DAYS = 366

const percent = (right: number, questions: number) =>
  questions === 0 ? 0 : Math.round((100 * right) / questions)

export async function studentSkills(db: DbOrTx, viewer: Viewer, studentId: string): Promise<StudentSkills> {
  requireRule(await studentAccess(db, viewer, studentId), 'practice.read')
  const attempts = await selectRows<{
    id: string
    submitted_at: string
    test: PracticeTest
    skills: SkillResult[]
  }>(
    db,
    sql`select a.id, ${isoSql(sql`a.submitted_at`)} as submitted_at, f.test, a.skills
      from practice_attempts a join practice_forms f on f.id = a.form_id
      where a.student_id = ${studentId} and a.status = 'submitted' order by a.submitted_at, a.id`,
  )
  const trend = new Map<string, StudentSkills['trend'][number]>()
  for (const attempt of attempts) {
    for (const skill of attempt.skills) {
      const key = `${attempt.test}:${skill.section}:${skill.skill}`
      const row = trend.get(key) ?? {
        test: attempt.test,
        section: skill.section,
        skill: skill.skill,
        points: [],
      }
      row.points.push({
        attemptUUID: attempt.id,
        submittedAt: attempt.submitted_at,
        percent: percent(skill.right, skill.questions),
      })
      trend.set(key, row)
    }
  }
  const recent = new Map<string, StudentSkills['mostMissed'][number]>()
  for (const attempt of attempts.slice(-RECENT_ATTEMPTS)) {
    for (const skill of attempt.skills) {
      const key = `${attempt.test}:${skill.section}:${skill.skill}`
      const row = recent.get(key) ?? {
        test: attempt.test,
        section: skill.section,
        skill: skill.skill,
        questions: 0,
        right: 0,
        missed: 0,
        percent: 0,
      }
      row.questions += skill.questions
      row.right += skill.right
      row.missed = row.questions - row.right
      row.percent = percent(row.right, row.questions)
      recent.set(key, row)
    }
  }
  const mostMissed = [...recent.values()]
    .filter((row) => row.missed > 0)
    .sort((a, b) => a.right / a.questions - b.right / b.questions || b.missed - a.missed)
    .slice(0, MOST_MISSED)
  return { trend: [...trend.values()], mostMissed }
}

/**
 * Who may read whose caseload: admins anyone's and every student's (`educatorId` null), an
 * educator their own; the FAO 403; others 404.
 */
function requireCaseloadReader(viewer: Viewer, educatorId: string | null): void {
  if (viewer.roles.has('admin')) return
  if (viewer.roles.has('educator')) {
    if (educatorId !== viewer.id) throw forbidden("Educators read their own students' skills only.")
    return
  }
  if (viewer.roles.has('fao')) throw forbidden('Financial-aid officers do not see practice tests.')
  throw notFound()
}

/** Whose students: the one asked for; `all` every student's; left out, an educator's own, an admin's all. */
function caseloadOf(viewer: Viewer, educator: string | undefined): string | null {
  if (educator === ALL_EDUCATORS) return null
  if (educator) return educator
  return viewer.roles.has('admin') && !viewer.roles.has('educator') ? null : viewer.id
}

export interface CaseloadQuery {
  educator?: string | undefined
  from: string
  to: string
}

/**
 * Whose caseload a request reads (null: every student's), once the caller may read it and the
 * days are a range the route answers; the problem otherwise.
 */
export function caseloadEducator(viewer: Viewer, query: CaseloadQuery): string | null {
  const educatorId = caseloadOf(viewer, query.educator)
  requireCaseloadReader(viewer, educatorId)
  if (query.to < query.from) throw fieldError('to', 'Use a date on or after from.')
  const days = (Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`)) / 86_400_000
  if (days >= CASELOAD_MAX_DAYS) throw fieldError('to', `Ask for at most ${CASELOAD_MAX_DAYS} days at once.`)
  return educatorId
}

/** The skills most missed over the caseload `caseloadEducator` decided (null: every student's). */
export async function caseloadSkills(
  db: DbOrTx,
  viewer: Viewer,
  educatorId: string | null,
  query: CaseloadQuery,
): Promise<CaseloadSkills> {
  const [found] = await selectRowsPrepared<{ zone: string; name: string | null }>(
    db,
    'caseload-skills-reader',
    sql`select (select time_zone from users where id = ${viewer.id}) as zone,
      (select u.name from users u where u.id = ${educatorId !== null && isUuid(educatorId) ? educatorId : null}
        and exists(select 1 from educator_profiles where user_id = u.id)) as name`,
  )
  const zone = found!.zone
  if (educatorId !== null && found!.name === null) throw notFound('No such educator.')
  const educator = educatorId === null ? null : { name: found!.name!, uuid: educatorId }
  const inRange = sql`a.status = 'submitted'
    and a.submitted_at >= (${query.from}::date)::timestamp at time zone ${zone}::text
    and a.submitted_at < (${query.to}::date + 1)::timestamp at time zone ${zone}::text`
  // Every student's attempts in the range (the partial index on submitted attempts' times), or
  // the educator's students', whether the reader may read a record asked once per student. The
  // names are read for the students who miss something only, each by its key.
  const attempts =
    educatorId === null
      ? sql`att as (select a.id, a.student_id, f.test, a.skills from practice_attempts a
          join practice_forms f on f.id = a.form_id where ${inRange})`
      : sql`students as materialized (select tm.student_id from team_members tm
          where tm.member_id = ${educatorId} and ${mayReadRecordSql(sql`tm.student_id`, sql`${viewer.id}::uuid`)}),
        att as (select a.id, a.student_id, f.test, a.skills from students st
          join practice_attempts a on a.student_id = st.student_id
          join practice_forms f on f.id = a.form_id where ${inRange})`
  // Planned once per connection, a statement per shape (docs/performance.md, change 49).
  const rows = await selectRowsPrepared<{
    test: PracticeTest
    section: PracticeSection
    skill: string
    questions: number
    missed: number
    attempts: number
    students: CaseloadSkills['skills'][number]['students'] | null
  }>(
    db,
    educatorId === null ? 'caseload-skills-everyone' : 'caseload-skills-educator',
    // A select around the whole: a named statement is a read, and says so by its first word.
    sql`select * from (with ${attempts},
      per_student as materialized (select att.test, s.section, s.skill, att.student_id,
          sum(s.questions)::int as questions, sum(s.questions - s."right")::int as missed
        from att, jsonb_to_recordset(att.skills) as s(section text, skill text, questions int, "right" int)
        group by 1, 2, 3, 4),
      names as materialized (select u.id, u.name from users u
        where u.id in (select student_id from per_student where missed > 0))
      select ps.test, ps.section, ps.skill, sum(ps.questions)::int as questions, sum(ps.missed)::int as missed,
        (select count(*)::int from att) as attempts,
        json_agg(json_build_object('uuid', ps.student_id, 'name', n.name, 'missed', ps.missed)
          order by ps.missed desc, n.name) filter (where ps.missed > 0) as students
      from per_student ps left join names n on n.id = ps.student_id group by 1, 2, 3) caseload`,
  )
  const skills = rows
    .map((row) => ({
      test: row.test,
      section: row.section,
      skill: row.skill,
      questions: row.questions,
      missed: row.missed,
      percent: percent(row.questions - row.missed, row.questions),
      students: row.students ?? [],
    }))
    .filter((row) => row.missed > 0)
    .sort((a, b) => b.missed / b.questions - a.missed / a.questions || b.students.length - a.students.length)
  return { educator, attempts: rows[0]?.attempts ?? 0, skills }
}
