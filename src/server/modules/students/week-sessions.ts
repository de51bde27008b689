import { type SQL, sql } from 'drizzle-orm'
import { SESSION_DURATION_MAX } from '../../../shared/tutoring'
import type { Viewer } from '../../auth/viewer'
import { isoSql, jsonList } from './sql'

// The week's tutoring sessions (docs/product.md#dashboards): the next ones, those awaiting
// attendance, and when the clock alone next changes either list.

const sessionJson = (s: string) =>
  sql`json_build_object('uuid', ${sql.raw(s)}.id, 'studentUUID', ${sql.raw(s)}.student_id, 'studentName', _ss.name,
    'educator', json_build_object('name', _se.name, 'uuid', _se.id), 'service', ${sql.raw(s)}.service,
    'startsAt', ${isoSql(sql.raw(`${s}.starts_at`))}, 'endsAt', ${isoSql(sql.raw(`${s}.ends_at`))},
    'durationMinutes', ${sql.raw(s)}.duration_minutes, 'timeZone', ${sql.raw(s)}.time_zone,
    'location', case when ${sql.raw(s)}.location_kind = 'online'
      then json_build_object('kind', 'online', 'meetingUrl', ${sql.raw(s)}.location_detail)
      else json_build_object('kind', 'in-person', 'place', ${sql.raw(s)}.location_detail) end)`
const sessionJoins = (s: string) =>
  sql.raw(`join users _ss on _ss.id = ${s}.student_id join users _se on _se.id = ${s}.educator_id`)

/**
 * A session's end is still ahead. No session lasts longer than the longest duration, so the
 * condition on the start lets the reads use the start's indexes.
 */
const ahead = sql.raw(
  `s.ends_at > now() and s.starts_at > now() - interval '${SESSION_DURATION_MAX} minutes'`,
)

/**
 * Scheduled sessions of `from` (a table as `s`, or the caseload's) that pass `whose`: the next ones
 * (their end still ahead, so one under way stays listed), or those whose end has passed.
 */
export const sessionsSql = (from: SQL, whose: SQL, when: 'next' | 'awaiting', limit: number) =>
  jsonList(
    sql`select ${sessionJson('s')} as item, s.starts_at as d, s.id as i from ${from} ${sessionJoins('s')}
      where ${whose} and s.status = 'scheduled' and ${when === 'next' ? ahead : sql`s.ends_at <= now()`}
      order by s.starts_at, s.id limit ${limit}`,
    '_x.d, _x.i',
  )

/**
 * When the clock alone next changes what `sessionsSql` answers for these sessions: the first end
 * still ahead of a scheduled one (it leaves "next" and starts awaiting attendance). That end
 * belongs to a session starting within the longest duration of the first start ahead, so only
 * those are read, in the order of the start's index, rather than every session to come.
 */
export const sessionsChangeSql = (from: SQL, whose: SQL) =>
  sql`(select (extract(epoch from min(s.ends_at)) * 1000)::float8 from ${from}
    where ${whose} and s.status = 'scheduled' and ${ahead}
      and s.starts_at < (select min(s.starts_at) from ${from} where ${whose} and s.status = 'scheduled'
        and ${ahead}) + interval '${sql.raw(String(SESSION_DURATION_MAX))} minutes')`

export const everySession = sql`tutoring_sessions s`
/** The sessions the caller teaches on their caseload (a session of a student they left is not theirs to see here). */
export const caseloadSessions = sql`_cl join tutoring_sessions s on s.student_id = _cl.student_id`
export const activeSessionStudent = sql`s.student_id in (select user_id from student_profiles where archived_at is null)`

/** The first moment a session the caller's blocks list ends (`sessionsChangeSql`), of all their roles. */
export function sessionsChangeAtSql(viewer: Viewer): SQL {
  const parts: SQL[] = []
  if (viewer.roles.has('admin')) parts.push(sessionsChangeSql(everySession, activeSessionStudent))
  else if (viewer.roles.has('educator')) {
    parts.push(sessionsChangeSql(caseloadSessions, sql`s.educator_id = ${viewer.id}`))
  }
  if (viewer.roles.has('student')) {
    parts.push(sessionsChangeSql(everySession, sql`s.student_id = ${viewer.id}`))
  }
  if (viewer.roles.has('guardian')) {
    parts.push(
      sessionsChangeSql(
        everySession,
        sql`s.student_id in (select gl.student_id from guardian_links gl where gl.guardian_id = ${viewer.id})`,
      ),
    )
  }
  return parts.length === 0 ? sql`null` : sql`least(${sql.join(parts, sql`, `)})`
}
