import { sql } from 'drizzle-orm'
import { withActComposite, withSatCumulative } from '../../../shared/scores'
import type { StudentRef, StudentWithLatest } from '../../../shared/students'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx } from '../../db/client'
import { selectRows, selectRowsPrepared } from '../../db/raw'
import { forbidden, notFound } from '../../problems'
import { type ExtraColumn, viewerIsGuardianSql } from './record'
import { isUuid, latestActJson, latestSatJson, type RawAct, type RawSat } from './sql'

/** Active students whose team the educator is on, by name. */
export async function educatorStudents(
  db: DbOrTx,
  viewer: Viewer,
  educatorId: string,
): Promise<StudentRef[]> {
  const self = educatorId === viewer.id || educatorId === 'me'
  if (!viewer.roles.has('admin') && !(self && viewer.roles.has('educator'))) {
    throw forbidden('Educators can list only their own students.')
  }
  const id = educatorId === 'me' ? viewer.id : educatorId
  if (!isUuid(id)) throw notFound('No such educator.')
  const [educator] = await selectRows<{ id: string }>(
    db,
    sql`select user_id as id from educator_profiles where user_id = ${id}`,
  )
  if (!educator) throw notFound('No such educator.')
  return selectRows<StudentRef>(
    db,
    sql`select u.name, u.id as uuid from team_members tm
    join student_profiles sp on sp.user_id = tm.student_id and sp.archived_at is null
    join users u on u.id = sp.user_id
    where tm.member_id = ${id} order by u.name, u.id`,
  )
}

/** The students a viewer may see: admins all, staff their teams', a student themself, a guardian theirs. */
export async function visibleStudents(db: DbOrTx, viewer: Viewer, archived: boolean): Promise<StudentRef[]> {
  const scope = viewer.roles.has('admin')
    ? sql`true`
    : sql`(sp.user_id = ${viewer.id} or exists(select 1 from team_members tm
        where tm.student_id = sp.user_id and tm.member_id = ${viewer.id})
        or ${viewerIsGuardianSql(sql`sp.user_id`, viewer.id)})`
  return selectRows<StudentRef>(
    db,
    sql`select u.name, u.id as uuid from student_profiles sp join users u on u.id = sp.user_id
    where (sp.archived_at is not null) = ${archived} and ${scope} order by u.name, u.id`,
  )
}

/** The staff member's active students with each one's newest SAT and ACT entry, in one query. */
export async function teamStudentsWithLatest(db: DbOrTx, memberId: string): Promise<StudentWithLatest[]> {
  return (await teamStudentsWith(db, memberId)).students
}

/**
 * The same list and, with `extra`, that column over the staff member's id, read by the same
 * statement (the answers kept between writes ask it for the list's versions).
 */
export async function teamStudentsWith(
  db: DbOrTx,
  memberId: string,
  extra?: ExtraColumn,
): Promise<{ students: StudentWithLatest[]; extra?: string }> {
  const [row] = await selectRowsPrepared<{
    extra?: string
    students: Array<{ name: string; uuid: string; sat: RawSat | null; act: RawAct | null }>
  }>(
    db,
    extra ? `team-students-latest:${extra.name}` : 'team-students-latest',
    sql`select coalesce((select json_agg(json_build_object('name', u.name, 'uuid', u.id,
          'sat', ${latestSatJson(sql`u.id`)}, 'act', ${latestActJson(sql`u.id`)}) order by u.name, u.id)
        from team_members tm
        join student_profiles sp on sp.user_id = tm.student_id and sp.archived_at is null
        join users u on u.id = sp.user_id
        where tm.member_id = ${memberId}), '[]') as students
      ${extra ? sql`, ${extra.sql(sql`${memberId}::uuid`)} as extra` : sql``}`,
  )
  return {
    extra: row!.extra,
    students: row!.students.map((student) => ({
      name: student.name,
      uuid: student.uuid,
      latestSat: student.sat ? withSatCumulative(student.sat) : null,
      latestAct: student.act ? withActComposite(student.act) : null,
    })),
  }
}
