import { type SQL, sql } from 'drizzle-orm'
import { cancellationNoticeHoursSql } from '../modules/admin/settings'
import {
  type ScheduleTerms,
  scheduleSessionsSql,
  scheduleZoneSql,
} from '../modules/sessions/educator-schedule'

/**
 * Every table whose rows a kept answer shows, and how a change to it is seen: migration 0008's
 * triggers bump a version in `record_versions` in the same transaction as the write.
 * - `student`: a row belongs to one student (the column naming them); any insert, update or delete
 *   bumps that student's version.
 * - `people`: names, emails and staff profiles shown on many records; a change bumps `people`.
 * A table a record starts to show is added here and given its triggers by a migration; a test
 * checks the migrated database against this list (tests/api/record-versions.test.ts).
 */
export const RECORD_TABLES = {
  student: {
    sat_scores: 'student_id',
    act_scores: 'student_id',
    documents: 'student_id',
    team_members: 'student_id',
    guardian_links: 'student_id',
    student_profiles: 'user_id',
    // The dashboards' week (migration 0014); the record read itself does not show these.
    tasks: 'student_id',
    college_entries: 'student_id',
    session_notes: 'student_id',
    // Sessions and hours (migration 0015): the week's next sessions and a child's hours left.
    tutoring_sessions: 'student_id',
    hour_packages: 'student_id',
    hour_ledger: 'student_id',
    // Practice attempts (migration 0017): their status and scores; the answers given are not kept.
    practice_attempts: 'student_id',
  },
  people: ['users', 'educator_profiles', 'admin_profiles', 'fao_profiles'],
} as const

/** One student's own version: bumped by every change to a `student` table's rows of theirs. */
export const studentVersionSql = (studentId: SQL) =>
  sql`coalesce((select version from record_versions where key = ${studentId}::text), 0)`

/** A record's versions (`student:people`): a kept record is current while these are. */
export const recordVersionsSql = (studentId: SQL) =>
  sql`${studentVersionSql(studentId)} || ':' ||
    coalesce((select version from record_versions where key = 'people'), 0)`

/**
 * The versions of the students whose team `memberId` is on, and `people`: a staff member's list
 * of students is unchanged while this is. Count, largest and sum of the students' versions: each
 * bump takes a new, larger value of one sequence, so a student joining, changing or leaving the
 * list (leaving lowers the count) moves it. Each version is looked up by its key (a join let the
 * planner scan the whole table for every request).
 */
export const teamVersionsSql = (memberId: SQL) => sql`(select count(*) || ':' || coalesce(max(_t.v), 0)
    || ':' || coalesce(sum(_t.v), 0) from (
      select (select version from record_versions where key = _tm.student_id::text) as v
      from team_members _tm where _tm.member_id = ${memberId}) _t)
  || ':' || coalesce((select version from record_versions where key = 'people'), 0)`

/**
 * The versions of the students `guardianId` is linked to as a guardian (accepted or not), as
 * `teamVersionsSql` counts a team's, without `people`.
 */
const guardianVersionsSql = (guardianId: SQL) => sql`(select count(*) || ':' || coalesce(max(_g.v), 0)
    || ':' || coalesce(sum(_g.v), 0) from (
      select (select version from record_versions where key = _gl.student_id::text) as v
      from guardian_links _gl where _gl.guardian_id = ${guardianId}) _g)`

/**
 * Everything the caller's week (`GET /api/v1/screens/week`, but the admin's block) reads that a
 * write can change: their own record's version (their tasks and deadlines, and a student profile
 * that decides whether their guardian links count), the versions of the students whose team they
 * are on and of those they are a guardian of, with `people`, and their time zone (their day).
 * The clock's part (midnight, notes ageing out) is the kept answer's own expiry.
 */
export const weekVersionsSql = (
  userId: SQL,
) => sql`${studentVersionSql(userId)} || '|' || ${teamVersionsSql(userId)}
  || '|' || ${guardianVersionsSql(userId)} || '|' || (select time_zone from users where id = ${userId})`

/**
 * A record's sessions' versions (its first page, `GET /api/v1/students/{id}/sessions`): the
 * record's, which every write to its sessions, their notes and the names they show bumps, and the
 * company's cancellation notice (each session's `freeCancellationUntil`), a setting that no
 * version follows, so its value is read. The clock's part (a session's end passing) is the kept
 * answer's own expiry.
 */
export const sessionsVersionsSql = (studentId: SQL) =>
  sql`${recordVersionsSql(studentId)} || '|' || ${cancellationNoticeHoursSql}::text`

/**
 * An educator's schedule's versions (`GET /api/v1/schedule`, one range of days): the versions of
 * every student with a session of the educator on those days, counted as `teamVersionsSql` counts
 * a team's (a session written, moved in or out, or its note or access changed bumps its student,
 * and a student joining or leaving the set moves count, largest or sum), `people` (the names
 * shown, the educator's and the viewer's profiles), the company's cancellation notice (read, as
 * no version follows it), and the viewer's time zone (which places the days). The clock's part
 * (a session's end passing) is the kept answer's own expiry.
 */
export const scheduleVersionsSql = (
  terms: ScheduleTerms,
) => sql`(select count(*) || ':' || coalesce(max(_sv.v), 0)
    || ':' || coalesce(sum(_sv.v), 0) from (
      select (select version from record_versions where key = _ss.student_id::text) as v
      from (select distinct s.student_id from ${scheduleSessionsSql(terms)}) _ss) _sv)
  || ':' || coalesce((select version from record_versions where key = 'people'), 0)
  || '|' || ${cancellationNoticeHoursSql}::text || '|' || ${scheduleZoneSql(terms.viewerId)}`

/**
 * An educator's caseload skills' versions (`GET /api/v1/skills?educator=…`, any days): the versions
 * of the students on their team, with `people` (`teamVersionsSql`: a submission, a key correction's
 * rescoring, a student joining or leaving the team, a rename, a change of anyone's roles), and the
 * reader's time zone, which places the days.
 */
export const caseloadVersionsSql = (viewerId: SQL, educatorId: SQL) =>
  sql`${teamVersionsSql(educatorId)} || '|' || (select time_zone from users where id = ${viewerId})`

/** The record's versions as an extra column of a module's read (`ExtraColumn`). */
export const RECORD_VERSIONS = { name: 'versions', sql: recordVersionsSql }

/** A record's sessions' versions as an extra column of the first page's read. */
export const SESSIONS_VERSIONS = { name: 'versions', sql: sessionsVersionsSql }

/** An educator's schedule's versions as an extra column of the schedule's read. */
export const SCHEDULE_VERSIONS = { name: 'versions', sql: scheduleVersionsSql }

/** The caller's week's versions as an extra column of the week's read. */
export const WEEK_VERSIONS = { name: 'versions', sql: weekVersionsSql }

/** A staff member's list's versions as an extra column of the list's read. */
export const TEAM_VERSIONS = { name: 'versions', sql: teamVersionsSql }

/**
 * For the admin's list: a student's record versions, empty for anyone else (every score change,
 * and a rename of whoever added one, moves it).
 */
export const STUDENT_VERSIONS_OR_NONE = {
  name: 'student-version',
  sql: (userId: SQL) =>
    sql`coalesce((select ${recordVersionsSql(sql`_sp.user_id`)} from student_profiles _sp where _sp.user_id = ${userId}), '')`,
}
