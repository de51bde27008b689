import { type SQL, sql } from 'drizzle-orm'
import { may } from '../../../shared/record-rules'
import type { Service, Session, SessionStatus } from '../../../shared/tutoring'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx } from '../../db/client'
import { selectRows, selectRowsPrepared } from '../../db/raw'
import { fieldError, forbidden, notFound } from '../../problems'
import { cancellationNoticeHoursSql } from '../admin/settings'
import { mayReadRecordSql, studentAccess, viewerIsGuardianSql } from '../students/record'
import { requireRule } from '../students/record-rules'
import { isoSql, isUuid } from '../students/sql'

/**
 * Tutoring sessions (docs/product.md#sessions): reading them. Admins and the student's team
 * (educators) read and schedule; the student and their guardians read and may cancel; an FAO on
 * the team is refused (403); anyone else gets 404, as for the record. Writes are in writes.ts.
 */

export interface SessionRow {
  id: string
  student_id: string
  student_name: string
  educator_id: string
  educator_name: string
  service: Service
  starts_at: string
  ends_at: string
  duration_minutes: number
  time_zone: string
  location_kind: 'online' | 'in-person'
  location_detail: string
  agenda: string | null
  status: SessionStatus
  awaiting_attendance: boolean
  free_cancellation_until: string
  started: boolean
  series_id: string | null
  note_id: string | null
  created_by_id: string
  created_by_name: string
  created_at: string
  updated_at: string
}

/**
 * A session's columns; `readsInternal` says whether the viewer reads internal notes (the linked
 * note they may see). The free-cancellation instant is the start less the company's notice.
 */
export const sessionColumns = (readsInternal: boolean) => sql`s.id, s.student_id,
  st.name as student_name, s.educator_id, e.name as educator_name, s.service,
  ${isoSql(sql`s.starts_at`)} as starts_at, ${isoSql(sql`s.ends_at`)} as ends_at, s.duration_minutes, s.time_zone,
  s.location_kind, s.location_detail, s.agenda, s.status,
  (s.status = 'scheduled' and s.ends_at <= now()) as awaiting_attendance,
  ${isoSql(sql`(s.starts_at - ${cancellationNoticeHoursSql} * interval '1 hour')`)} as free_cancellation_until,
  s.starts_at <= now() as started, s.series_id,
  (select _n.id from session_notes _n where _n.session_id = s.id
    ${readsInternal ? sql`` : sql`and _n.visibility = 'shared'`}
    order by _n.created_at desc, _n.id desc limit 1) as note_id,
  s.created_by_id, c.name as created_by_name,
  ${isoSql(sql`s.created_at`)} as created_at, ${isoSql(sql`s.updated_at`)} as updated_at`

export const sessionJoins = sql`tutoring_sessions s join users st on st.id = s.student_id
  join users e on e.id = s.educator_id join users c on c.id = s.created_by_id`

export function toSession(row: SessionRow): Session {
  return {
    uuid: row.id,
    studentUUID: row.student_id,
    studentName: row.student_name,
    educator: { name: row.educator_name, uuid: row.educator_id },
    service: row.service,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    durationMinutes: row.duration_minutes,
    timeZone: row.time_zone,
    location:
      row.location_kind === 'online'
        ? { kind: 'online', meetingUrl: row.location_detail }
        : { kind: 'in-person', place: row.location_detail },
    agenda: row.agenda,
    status: row.status,
    awaitingAttendance: row.awaiting_attendance,
    freeCancellationUntil: row.free_cancellation_until,
    seriesUUID: row.series_id,
    noteUUID: row.note_id,
    createdBy: { name: row.created_by_name, uuid: row.created_by_id },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

/** What the audit log keeps of a session: everything but the ids it already names. */
export const auditedSession = (row: SessionRow) => ({
  educatorId: row.educator_id,
  service: row.service,
  startsAt: row.starts_at,
  durationMinutes: row.duration_minutes,
  timeZone: row.time_zone,
  location: { kind: row.location_kind, detail: row.location_detail },
  agenda: row.agenda,
  status: row.status,
  seriesId: row.series_id,
})

/**
 * `from` and `to` (inclusive) are calendar days in `zone`, an SQL expression naming the zone:
 * the sessions starting on those days there; either may be null (no bound).
 */
const dayRange = (from: string | null, to: string | null, zone: SQL) =>
  sql`(${from}::date is null or s.starts_at >= (${from}::date::timestamp at time zone ${zone}))
    and (${to}::date is null or s.starts_at < ((${to}::date + 1)::timestamp at time zone ${zone}))`

/** A student's sessions, soonest first; `from` and `to` are days in the viewer's zone. */
export async function listSessions(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  query: { from?: string | undefined; to?: string | undefined },
): Promise<Session[]> {
  const access = await studentAccess(db, viewer, studentId)
  requireRule(access, 'sessions.read')
  if (query.from && query.to && query.to < query.from) throw fieldError('to', 'Use a date on or after from.')
  const readsInternal = may(access, 'notes.readInternal')
  const viewerZone = sql`(select time_zone from users where id = ${viewer.id})`
  // The record's hot read: one prepared statement per kind of reader.
  const rows = await selectRowsPrepared<SessionRow>(
    db,
    `student-sessions:${readsInternal ? 'staff' : 'family'}`,
    sql`select ${sessionColumns(readsInternal)} from ${sessionJoins}
    where s.student_id = ${studentId} and ${dayRange(query.from ?? null, query.to ?? null, viewerZone)}
    order by s.starts_at, s.id`,
  )
  return rows.map(toSession)
}

/**
 * Every session of a student as `listSessions` answers them, a keyset page at a time (for the
 * exports, which hold one page in memory): soonest first.
 */
export async function* sessionPages(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  pageSize: number,
): AsyncGenerator<Session[]> {
  const access = await studentAccess(db, viewer, studentId)
  requireRule(access, 'sessions.read')
  const readsInternal = may(access, 'notes.readInternal')
  let after: { startsAt: string; id: string } | null = null
  do {
    const rows: SessionRow[] = await selectRows<SessionRow>(
      db,
      sql`select ${sessionColumns(readsInternal)} from ${sessionJoins} where s.student_id = ${studentId}
        ${after ? sql`and (s.starts_at, s.id) > (${after.startsAt}::timestamptz, ${after.id}::uuid)` : sql``}
      order by s.starts_at, s.id limit ${pageSize}`,
    )
    if (rows.length > 0) yield rows.map(toSession)
    const last = rows.at(-1)
    after = rows.length === pageSize && last ? { startsAt: last.starts_at, id: last.id } : null
  } while (after)
}

/** The widest week view a schedule read serves, in days. */
const SCHEDULE_MAX_DAYS = 62

/**
 * An educator's sessions across students from `from` to `to` (days in the viewer's zone): the
 * educator's own, or any educator's for an admin. Only sessions on records the viewer may read.
 */
export async function getSchedule(
  db: DbOrTx,
  viewer: Viewer,
  query: { educator?: string | undefined; from: string; to: string },
) {
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
  const [educator] = await selectRows<{ name: string; viewer_zone: string }>(
    db,
    sql`select u.name, (select time_zone from users where id = ${viewer.id}) as viewer_zone from users u
    where u.id = ${isUuid(educatorId) ? educatorId : null}
      and exists(select 1 from educator_profiles where user_id = u.id)`,
  )
  if (!educator) throw notFound('No such educator.')
  const rows = await selectRowsPrepared<SessionRow>(
    db,
    'educator-schedule',
    sql`select ${sessionColumns(true)} from ${sessionJoins}
    where s.educator_id = ${educatorId} and ${dayRange(query.from, query.to, sql`${educator.viewer_zone}::text`)}
      and ${mayReadRecordSql(sql`s.student_id`, sql`${viewer.id}::uuid`)}
    order by s.starts_at, s.id`,
  )
  return {
    educator: { name: educator.name, uuid: educatorId },
    timeZone: educator.viewer_zone,
    sessions: rows.map(toSession),
  }
}

/**
 * Who is told that a student's sessions changed: the student, their guardians and the educators
 * named, with enabled accounts, while the student is not archived; never the person who changed them.
 */
export async function sessionChangeRecipients(
  db: DbOrTx,
  studentId: string,
  educatorIds: readonly string[],
  actorId: string,
) {
  return selectRows<{ email: string; time_zone: string }>(
    db,
    sql`select u.email, u.time_zone from users u
    join student_profiles sp on sp.user_id = ${studentId} and sp.archived_at is null
    where (u.id = ${studentId} or u.id = any(${`{${educatorIds.join(',')}}`}::uuid[])
        or (${viewerIsGuardianSql(sql`${studentId}::uuid`, sql`u.id`)}
          and exists(select 1 from guardian_profiles where user_id = u.id)))
      and u.id <> ${actorId} and u.disabled_at is null
    order by u.email`,
  )
}
