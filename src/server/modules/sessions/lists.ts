import { type SQL, sql } from 'drizzle-orm'
import { may, type StudentAccess } from '../../../shared/record-rules'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx } from '../../db/client'
import { selectRowsPrepared } from '../../db/raw'
import { fieldError, forbidden, notFound } from '../../problems'
import { cancellationNoticeHoursSql } from '../admin/settings'
import { mayReadRecordSql } from '../students/record'
import { requireRule } from '../students/record-rules'
import { isoSql, isUuid } from '../students/sql'

/**
 * The two session lists (a record's, an educator's schedule) as the JSON text their routes send:
 * each built by PostgreSQL in one statement, in exactly the shape of `sessionSchema`
 * (src/shared/tutoring.ts, the shape `toSession` gives the writes' answers), so that no row is
 * parsed, mapped or encoded in Node (docs/performance.md, change 32).
 */

/**
 * One session (`s`, with its student `st`, educator `e` and creator `c`) as `sessionSchema`'s
 * fields, in its order: a row that `row_to_json` writes without spaces (`json_build_object`'s
 * objects, here the small nested ones only, put a space on each side of every colon).
 */
const sessionFields = (readsInternal: boolean) => sql`select s.id as "uuid",
  s.student_id as "studentUUID", st.name as "studentName",
  json_build_object('name', e.name, 'uuid', s.educator_id) as "educator", s.service as "service",
  ${isoSql(sql`s.starts_at`)} as "startsAt", ${isoSql(sql`s.ends_at`)} as "endsAt",
  s.duration_minutes as "durationMinutes", s.time_zone as "timeZone",
  case when s.location_kind = 'online'
    then json_build_object('kind', 'online', 'meetingUrl', s.location_detail)
    else json_build_object('kind', 'in-person', 'place', s.location_detail) end as "location",
  s.agenda as "agenda", s.status as "status",
  (s.status = 'scheduled' and s.ends_at <= now()) as "awaitingAttendance",
  ${isoSql(sql`(s.starts_at - _notice.hours * interval '1 hour')`)} as "freeCancellationUntil",
  s.series_id as "seriesUUID",
  (select _n.id from session_notes _n where _n.session_id = s.id
    ${readsInternal ? sql`` : sql`and _n.visibility = 'shared'`}
    order by _n.created_at desc, _n.id desc limit 1) as "noteUUID",
  json_build_object('name', c.name, 'uuid', s.created_by_id) as "createdBy",
  ${isoSql(sql`s.created_at`)} as "createdAt", ${isoSql(sql`s.updated_at`)} as "updatedAt"`

/** Sessions that pass `where`, soonest first, as a JSON array (text), `[]` when none. */
const sessionsJson = (readsInternal: boolean, where: SQL) => sql`coalesce((select
    '[' || string_agg(_x.item, ',' order by _x.d, _x.i) || ']' from (
    select row_to_json(_r)::text as item, s.starts_at as d, s.id as i
    from tutoring_sessions s join users st on st.id = s.student_id
      join users e on e.id = s.educator_id join users c on c.id = s.created_by_id
      cross join (select ${cancellationNoticeHoursSql} as hours) _notice
      cross join lateral (${sessionFields(readsInternal)}) _r
    where ${where}) _x), '[]')`

/**
 * `from` and `to` (inclusive) are calendar days in `zone`, an SQL expression naming the zone:
 * the sessions starting on those days there. Only the bounds given are written into the statement,
 * so that each is a condition on the start's index in a prepared statement's generic plan too.
 */
function dayRange(from: string | undefined, to: string | undefined, zone: SQL): SQL {
  const bounds = [sql`true`]
  if (from) bounds.push(sql`s.starts_at >= (${from}::date::timestamp at time zone ${zone})`)
  if (to) bounds.push(sql`s.starts_at < ((${to}::date + 1)::timestamp at time zone ${zone})`)
  return sql.join(bounds, sql` and `)
}

/**
 * A student's sessions, soonest first, as `{ sessions }` JSON text; `from` and `to` are days in
 * the viewer's zone. `access` is the viewer's on the record (404 already answered for outsiders).
 */
export async function sessionListJson(
  db: DbOrTx,
  viewer: Viewer,
  access: StudentAccess,
  studentId: string,
  query: { from?: string | undefined; to?: string | undefined },
): Promise<string> {
  requireRule(access, 'sessions.read')
  if (query.from && query.to && query.to < query.from) throw fieldError('to', 'Use a date on or after from.')
  const readsInternal = may(access, 'notes.readInternal')
  const viewerZone = sql`(select time_zone from users where id = ${viewer.id})`
  // The record's hot read: one prepared statement per kind of reader and the bounds given.
  const [row] = await selectRowsPrepared<{ sessions: string }>(
    db,
    `student-sessions-json:${readsInternal ? 'staff' : 'family'}:${query.from ? 'from' : ''}:${query.to ? 'to' : ''}`,
    sql`select ${sessionsJson(
      readsInternal,
      sql`s.student_id = ${studentId} and ${dayRange(query.from, query.to, viewerZone)}`,
    )} as sessions`,
  )
  return `{"sessions":${row!.sessions}}`
}

/** The widest week view a schedule read serves, in days. */
const SCHEDULE_MAX_DAYS = 62

/**
 * An educator's sessions across students from `from` to `to` (days in the viewer's zone), as
 * `scheduleSchema`'s JSON text: the educator's own, or any educator's for an admin. Only sessions
 * on records the viewer may read. One statement: no row when `educator` is not an educator (404).
 */
export async function scheduleJson(
  db: DbOrTx,
  viewer: Viewer,
  query: { educator?: string | undefined; from: string; to: string },
): Promise<string> {
  const admin = viewer.roles.has('admin')
  const educating = viewer.roles.has('educator')
  if (!admin && !educating) {
    throw forbidden("The schedule is an educator's week: educators read their own, admins anyone's.")
  }
  if (!query.educator && !educating) throw fieldError('educator', 'Choose the educator whose week to show.')
  const educatorId = query.educator ?? viewer.id
  if (!admin && educatorId !== viewer.id) throw forbidden('Educators read their own schedule only.')
  if (query.to < query.from) throw fieldError('to', 'Use a date on or after from.')
  const days = (Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`)) / 86_400_000
  if (days >= SCHEDULE_MAX_DAYS) throw fieldError('to', `Ask for at most ${SCHEDULE_MAX_DAYS} days at once.`)
  if (!isUuid(educatorId)) throw notFound('No such educator.')
  const [row] = await selectRowsPrepared<{ body: string }>(
    db,
    'educator-schedule-json',
    sql`select '{"educator":' || json_build_object('name', u.name, 'uuid', u.id)::text
      || ',"timeZone":' || to_json(_v.zone)::text || ',"sessions":' || ${sessionsJson(
        true,
        sql`s.educator_id = u.id and ${dayRange(query.from, query.to, sql`_v.zone`)}
          and ${mayReadRecordSql(sql`s.student_id`, sql`${viewer.id}::uuid`)}`,
      )} || '}' as body
    from users u cross join (select time_zone as zone from users where id = ${viewer.id}) _v
    where u.id = ${educatorId} and exists(select 1 from educator_profiles where user_id = u.id)`,
  )
  if (!row) throw notFound('No such educator.')
  return row.body
}
