import { type SQL, sql } from 'drizzle-orm'
import { type AccessOnRecord, may } from '../../../shared/record-rules'
import {
  SESSION_DURATION_MAX,
  SESSION_FIRST_PAST,
  SESSION_FIRST_UPCOMING,
  SESSION_PAGE_SIZE,
} from '../../../shared/tutoring'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx } from '../../db/client'
import { selectRowsPrepared } from '../../db/raw'
import { fieldError } from '../../problems'
import {
  cursorTimestampSql,
  decodeCursor,
  encodeCursor,
  invalidCursor,
  isCursorTimestamp,
} from '../admin/cursor'
import { cancellationNoticeHoursSql } from '../admin/settings'
import type { ExtraColumn } from '../students/record'
import { requireRule } from '../students/record-rules'
import { isoSql, isUuid } from '../students/sql'
import { sessionPeople } from './sessions'

/**
 * The two session lists (a record's, an educator's schedule) as the JSON text their routes send:
 * each built by PostgreSQL in one statement, in exactly the shape of `sessionSchema`
 * (src/shared/tutoring.ts, the shape `toSession` gives the writes' answers), so that no row is
 * parsed, mapped or encoded in Node (docs/performance.md, change 33).
 */

/**
 * One session (`s`, with its student `st`, educator `e`, creator `c` and, once cancelled or
 * marked, the person who did so `m`) as `sessionSchema`'s
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
  case when m.id is not null then json_build_object('name', m.name, 'uuid', m.id) end as "statusSetBy",
  ${isoSql(sql`s.status_set_at`)} as "statusSetAt",
  (s.status = 'scheduled' and s.ends_at <= now()) as "awaitingAttendance",
  ${isoSql(sql`(s.starts_at - _notice.hours * interval '1 hour')`)} as "freeCancellationUntil",
  s.series_id as "seriesUUID",
  (select _n.id from session_notes _n where _n.session_id = s.id
    ${readsInternal ? sql`` : sql`and _n.visibility = 'shared'`}
    order by _n.created_at desc, _n.id desc limit 1) as "noteUUID",
  json_build_object('name', c.name, 'uuid', s.created_by_id) as "createdBy",
  ${isoSql(sql`s.created_at`)} as "createdAt", ${isoSql(sql`s.updated_at`)} as "updatedAt"`

/**
 * Sessions that pass `where` (or, with `ids`, those the subquery names), soonest first, as a JSON
 * array (text), `[]` when none. Sessions named by id are read by id: an `s.id in (…)` is planned
 * as a scan of every session when the planner expects few.
 */
export const sessionsJson = (readsInternal: boolean, where: SQL, ids?: SQL) => sql`coalesce((select
    '[' || string_agg(_x.item, ',' order by _x.d, _x.i) || ']' from (
    select row_to_json(_r)::text as item, s.starts_at as d, s.id as i
    from ${ids ? sql`(${ids}) _ids join tutoring_sessions s on s.id = _ids.id` : sql`tutoring_sessions s`}
      ${sessionPeople}
      cross join (select ${cancellationNoticeHoursSql} as hours) _notice
      cross join lateral (${sessionFields(readsInternal)}) _r
    where ${where}) _x), '[]')`

/**
 * `from` and `to` (inclusive) are calendar days in `zone`, an SQL expression naming the zone:
 * the sessions starting on those days there. Only the bounds given are written into the statement,
 * so that each is a condition on the start's index in a prepared statement's generic plan too.
 */
export function dayRange(from: string | undefined, to: string | undefined, zone: SQL): SQL {
  const bounds = [sql`true`]
  if (from) bounds.push(sql`s.starts_at >= (${from}::date::timestamp at time zone ${zone})`)
  if (to) bounds.push(sql`s.starts_at < ((${to}::date + 1)::timestamp at time zone ${zone})`)
  return sql.join(bounds, sql` and `)
}

/**
 * A student's sessions that are no longer scheduled, newest first (by start, then uuid), before
 * `before` when given: the past ones the record shows ten of first and the rest a page at a time.
 */
const doneNewestFirst = (
  studentId: string,
  before?: readonly [string, string],
) => sql`from tutoring_sessions o
  where o.student_id = ${studentId} and o.status <> 'scheduled'
  ${before ? sql`and (o.starts_at, o.id) < ((${before[0]}::timestamp at time zone 'UTC'), ${before[1]}::uuid)` : sql``}
  order by o.starts_at desc, o.id desc`

/**
 * The `limit` sessions of `done` and, when more follow, the cursor to them: `tail` is the last
 * one's key and the next one's (one scan each: a named statement is a select, so no `with`).
 */
const pageOf = (done: SQL, limit: number) => ({
  ids: sql`(select o.id ${done} limit ${limit})`,
  tail: sql`(select array_agg(_t.k order by _t.d desc, _t.i desc) from (
    select ${cursorTimestampSql(sql`o.starts_at`)} || ' ' || o.id as k, o.starts_at as d, o.id as i
    ${done} offset ${limit - 1} limit 2) _t)`,
})

/**
 * The first page's scheduled sessions: every one awaiting attendance (its end has passed), and
 * the soonest upcoming ones (a session lasts at most its longest duration, so the index range
 * starts that long before now). Both read `tutoring_sessions_student_scheduled_idx`.
 */
const scheduledFirst = (studentId: string) => sql`select o.id from tutoring_sessions o
    where o.student_id = ${studentId} and o.status = 'scheduled' and o.starts_at < now() and o.ends_at <= now()
  union all (select o.id from tutoring_sessions o
    where o.student_id = ${studentId} and o.status = 'scheduled'
      and o.starts_at > now() - ${sql.raw(`interval '${SESSION_DURATION_MAX} minutes'`)} and o.ends_at > now()
    order by o.starts_at, o.id limit ${sql.raw(String(SESSION_FIRST_UPCOMING))})`

/**
 * Which list of a record's sessions this access reads (403 or 409 by the rule when none): staff
 * also see the link to an internal note. The list's answer depends on the reader only through this.
 */
export function sessionListKind(access: AccessOnRecord): 'staff' | 'family' {
  requireRule(access, 'sessions.read')
  return may(access, 'notes.readInternal') ? 'staff' : 'family'
}

/** Whether a list query asks for the first page (no days, no cursor: the record's hot read). */
export const isFirstSessionPage = (query: { from?: string; to?: string; cursor?: string }) =>
  !query.from && !query.to && !query.cursor

/**
 * A student's sessions, soonest first, as `{ sessions, nextCursor }` JSON text (docs/api.md,
 * Sessions): with `from` or `to` (days in the viewer's zone) those days, whole; else the first
 * page (every session awaiting attendance, the soonest upcoming ones and the newest past ones)
 * and, with `cursor`, a page of the past ones before it. `access` is the viewer's on the record
 * (404 already answered for outsiders). One prepared statement per kind of reader and of read:
 * the record's hot read.
 */
export async function sessionListJson(
  db: DbOrTx,
  viewer: Viewer,
  access: AccessOnRecord,
  studentId: string,
  query: { from?: string; to?: string; cursor?: string; limit?: number },
): Promise<string> {
  const kind = sessionListKind(access)
  if (isFirstSessionPage(query)) return (await firstSessionPageWith(db, kind, studentId)).body
  const readsInternal = kind === 'staff'
  const name = `student-sessions-json:${kind}`
  if (query.from || query.to) {
    if (query.cursor) throw fieldError('cursor', 'Use cursor without from and to.')
    if (query.from && query.to && query.to < query.from)
      throw fieldError('to', 'Use a date on or after from.')
    const viewerZone = sql`(select time_zone from users where id = ${viewer.id})`
    const [row] = await selectRowsPrepared<{ sessions: string }>(
      db,
      `${name}:${query.from ? 'from' : ''}:${query.to ? 'to' : ''}`,
      sql`select ${sessionsJson(
        readsInternal,
        sql`s.student_id = ${studentId} and ${dayRange(query.from, query.to, viewerZone)}`,
      )} as sessions`,
    )
    return `{"sessions":${row!.sessions},"nextCursor":null}`
  }
  const before = decodeCursor(query.cursor, 2)
  if (before) {
    const [at, id] = before as [string, string]
    if (!isCursorTimestamp(at) || !isUuid(id)) throw invalidCursor()
  }
  const page = pageOf(
    doneNewestFirst(studentId, before as [string, string]),
    query.limit ?? SESSION_PAGE_SIZE,
  )
  const [row] = await selectRowsPrepared<{ sessions: string; tail: string[] | null }>(
    db,
    `${name}:page`,
    sql`select ${sessionsJson(readsInternal, sql`true`, page.ids)} as sessions, ${page.tail} as tail`,
  )
  return sessionPageFrom(row!)
}

/**
 * When the clock alone next changes a student's first page: the first end still ahead of a
 * scheduled session (ms), which then awaits attendance and leaves the upcoming ones (so another
 * may join them); null when none is ahead. Any scheduled session counts, shown or not: a short
 * one after the tenth upcoming may end before a long one among them.
 */
const firstPageChangesAtSql = (studentId: string) => sql`(select
    floor(extract(epoch from min(o.ends_at)) * 1000)::float8 from tutoring_sessions o
    where o.student_id = ${studentId} and o.status = 'scheduled'
      and o.starts_at > now() - ${sql.raw(`interval '${SESSION_DURATION_MAX} minutes'`)} and o.ends_at > now())`

/**
 * The first page of a student's sessions (`sessionListJson` without days or cursor) for this kind
 * of reader and, with `extra`, that column over the student's id read by the same statement (the
 * answers kept between writes ask it for the list's versions), and `changesAt`: when the clock
 * alone changes the answer (ms), null when only a write can.
 */
export async function firstSessionPageWith(
  db: DbOrTx,
  kind: 'staff' | 'family',
  studentId: string,
  extra?: ExtraColumn,
): Promise<{ body: string; extra?: string; changesAt: number | null }> {
  const page = pageOf(doneNewestFirst(studentId), SESSION_FIRST_PAST)
  const ids = sql`(${scheduledFirst(studentId)} union all ${page.ids})`
  const [row] = await selectRowsPrepared<{
    sessions: string
    tail: string[] | null
    extra?: string
    changes_at?: number | null
  }>(
    db,
    `student-sessions-json:${kind}:first${extra ? `:${extra.name}` : ''}`,
    sql`select ${sessionsJson(kind === 'staff', sql`true`, ids)} as sessions, ${page.tail} as tail
      ${extra ? sql`, ${extra.sql(sql`${studentId}::uuid`)} as extra, ${firstPageChangesAtSql(studentId)} as changes_at` : sql``}`,
  )
  const changesAt = row!.changes_at === null || row!.changes_at === undefined ? null : Number(row!.changes_at)
  return { body: sessionPageFrom(row!), ...(extra && { extra: String(row!.extra) }), changesAt }
}

/** A page's answer from its sessions and its tail (the last one's key and the next one's, if any). */
const sessionPageFrom = ({ sessions, tail }: { sessions: string; tail: string[] | null }) =>
  sessionPage(sessions, tail?.length === 2 ? tail[0]!.split(' ') : null)

export const sessionPage = (sessions: string, next: string[] | null) =>
  `{"sessions":${sessions},"nextCursor":${next ? `"${encodeCursor(next)}"` : 'null'}}`
