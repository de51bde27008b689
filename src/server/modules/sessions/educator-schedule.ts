import { type SQL, sql } from 'drizzle-orm'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx } from '../../db/client'
import { selectRowsPrepared } from '../../db/raw'
import { fieldError, forbidden, notFound } from '../../problems'
import { mayReadRecordSql } from '../students/record'
import { isUuid } from '../students/sql'
import { dayRange, sessionsJson } from './lists'

/**
 * An educator's schedule (`GET /api/v1/schedule`) as the JSON text its route sends, built by
 * PostgreSQL in one statement from the record list's session fields (lists.ts).
 */

/** The widest week view a schedule read serves, in days. */
export const SCHEDULE_MAX_DAYS = 62

/**
 * Whose schedule the viewer asks for (`educator`, else their own), or the refusal: educators read
 * their own, admins anyone's, at most `SCHEDULE_MAX_DAYS` days at once. Decided before anything
 * is read, kept or not.
 */
export function scheduleEducator(
  viewer: Viewer,
  query: { educator?: string | undefined; from: string; to: string },
) {
  const admin = viewer.roles.has('admin')
  const educating = viewer.roles.has('educator')
  if (!admin && !educating) {
    throw forbidden("The schedule is an educator's week: educators read their own, admins anyone's.")
  }
  if (!query.educator && !educating) throw fieldError('educator', 'Choose the educator whose week to show.')
  // A uuid is the same in either case; ids are stored in lower case.
  const educatorId = (query.educator ?? viewer.id).toLowerCase()
  if (!admin && educatorId !== viewer.id) throw forbidden('Educators read their own schedule only.')
  if (query.to < query.from) throw fieldError('to', 'Use a date on or after from.')
  const days = (Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`)) / 86_400_000
  if (days >= SCHEDULE_MAX_DAYS) throw fieldError('to', `Ask for at most ${SCHEDULE_MAX_DAYS} days at once.`)
  if (!isUuid(educatorId)) throw notFound('No such educator.')
  return educatorId
}

/** A schedule read's terms as SQL: the viewer, the educator, and the days (dates) in the viewer's zone. */
export interface ScheduleTerms {
  viewerId: SQL
  educatorId: SQL
  from: SQL
  to: SQL
}

/** The viewer's time zone, in which a schedule's days are read. */
export const scheduleZoneSql = (viewerId: SQL) => sql`(select time_zone from users where id = ${viewerId})`

/**
 * The sessions of the educator starting on those days (every status, and whatever the viewer may
 * read): `tutoring_sessions_educator_idx` with both the educator and the range as its condition.
 */
export const scheduleSessionsSql = ({
  viewerId,
  educatorId,
  from,
  to,
}: ScheduleTerms) => sql`tutoring_sessions s
  where s.educator_id = ${educatorId}
    and s.starts_at >= (${from}::timestamp at time zone ${scheduleZoneSql(viewerId)})
    and s.starts_at < ((${to} + 1)::timestamp at time zone ${scheduleZoneSql(viewerId)})`

/**
 * More columns a schedule read may carry over its terms, in the same statement (`name` names the
 * statement that carries them: one SQL text per name).
 */
export interface ScheduleExtra {
  name: string
  sql: (terms: ScheduleTerms) => SQL
}

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
  return (await scheduleJsonWith(db, viewer, scheduleEducator(viewer, query), query)).body
}

/**
 * `scheduleJson` for an educator already allowed (`scheduleEducator`) and, with `extra`, that
 * column over the read's terms by the same statement (the answers kept between writes ask it for
 * the schedule's versions), and `changesAt`: when the clock alone changes the answer (ms; the
 * first end still ahead of a scheduled session shown, which then awaits attendance), null when
 * only a write can. The days are fixed dates: the viewer's midnight does not move them.
 */
export async function scheduleJsonWith(
  db: DbOrTx,
  viewer: Viewer,
  educatorId: string,
  query: { from: string; to: string },
  extra?: ScheduleExtra,
): Promise<{ body: string; extra?: string; changesAt: number | null }> {
  const terms: ScheduleTerms = {
    viewerId: sql`${viewer.id}::uuid`,
    educatorId: sql`u.id`,
    from: sql`${query.from}::date`,
    to: sql`${query.to}::date`,
  }
  const [row] = await selectRowsPrepared<{ body: string; extra?: string; changes_at?: number | null }>(
    db,
    extra ? `educator-schedule-json:${extra.name}` : 'educator-schedule-json',
    sql`select '{"educator":' || json_build_object('name', u.name, 'uuid', u.id)::text
      || ',"timeZone":' || to_json(_v.zone)::text || ',"sessions":' || ${sessionsJson(
        true,
        sql`s.educator_id = u.id and ${dayRange(query.from, query.to, sql`_v.zone`)}
          and ${mayReadRecordSql(sql`s.student_id`, sql`${viewer.id}::uuid`)}`,
      )} || '}' as body
      ${
        extra
          ? sql`, ${extra.sql(terms)} as extra, (select floor(extract(epoch from min(s.ends_at)) * 1000)::float8
          from ${scheduleSessionsSql(terms)} and s.status = 'scheduled' and s.ends_at > now()) as changes_at`
          : sql``
      }
    from users u cross join (select time_zone as zone from users where id = ${viewer.id}) _v
    where u.id = ${educatorId} and exists(select 1 from educator_profiles where user_id = u.id)`,
  )
  if (!row) throw notFound('No such educator.')
  const changesAt = row.changes_at === null || row.changes_at === undefined ? null : Number(row.changes_at)
  return { body: row.body, ...(extra && { extra: String(row.extra) }), changesAt }
}
