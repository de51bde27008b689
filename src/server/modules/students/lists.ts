import { sql } from 'drizzle-orm'
import { withActComposite, withSatCumulative } from '../../../shared/scores'
import type { StudentRef, StudentWithLatest } from '../../../shared/students'
import type { DbOrTx } from '../../db/client'
import { selectRows, selectRowsPrepared } from '../../db/raw'
import { forbidden, notFound } from '../../problems'
import type { Viewer } from '../users/current-user'
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
        or exists(select 1 from guardian_links gl where gl.student_id = sp.user_id and gl.guardian_id = ${viewer.id}))`
  return selectRows<StudentRef>(
    db,
    sql`select u.name, u.id as uuid from student_profiles sp join users u on u.id = sp.user_id
    where (sp.archived_at is not null) = ${archived} and ${scope} order by u.name, u.id`,
  )
}

/** The staff member's active students with each one's newest SAT and ACT entry, in one query. */
export async function teamStudentsWithLatest(db: DbOrTx, memberId: string): Promise<StudentWithLatest[]> {
  const rows = await selectRowsPrepared<{
    name: string
    uuid: string
    sat: RawSat | null
    act: RawAct | null
  }>(
    db,
    'team-students-latest',
    sql`select u.name, u.id as uuid,
      ${latestSatJson(sql`u.id`)} as sat, ${latestActJson(sql`u.id`)} as act
    from team_members tm
    join student_profiles sp on sp.user_id = tm.student_id and sp.archived_at is null
    join users u on u.id = sp.user_id
    where tm.member_id = ${memberId} order by u.name, u.id`,
  )
  return rows.map((row) => ({
    name: row.name,
    uuid: row.uuid,
    latestSat: row.sat ? withSatCumulative(row.sat) : null,
    latestAct: row.act ? withActComposite(row.act) : null,
  }))
}
