import { sql } from 'drizzle-orm'
import { may } from '../../../shared/record-rules'
import type { Service, Session, SessionStatus } from '../../../shared/tutoring'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { cancellationNoticeHoursSql } from '../admin/settings'
import { studentAccess, viewerIsGuardianSql } from '../students/record'
import { requireRule } from '../students/record-rules'
import { isoSql } from '../students/sql'

/**
 * Tutoring sessions (docs/product.md#sessions): a session's row as the writes read it back, and
 * who is told of a change. Admins and the student's team (educators) read and schedule; the
 * student and their guardians read and may cancel; an FAO on the team is refused (403); anyone
 * else gets 404, as for the record. The lists are in lists.ts, the writes in writes.ts.
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
  status_set_by_id: string | null
  status_set_by_name: string | null
  status_set_at: string | null
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
  s.status_set_by_id, m.name as status_set_by_name, ${isoSql(sql`s.status_set_at`)} as status_set_at,
  (s.status = 'scheduled' and s.ends_at <= now()) as awaiting_attendance,
  ${isoSql(sql`(s.starts_at - ${cancellationNoticeHoursSql} * interval '1 hour')`)} as free_cancellation_until,
  s.starts_at <= now() as started, s.series_id,
  (select _n.id from session_notes _n where _n.session_id = s.id
    ${readsInternal ? sql`` : sql`and _n.visibility = 'shared'`}
    order by _n.created_at desc, _n.id desc limit 1) as note_id,
  s.created_by_id, c.name as created_by_name,
  ${isoSql(sql`s.created_at`)} as created_at, ${isoSql(sql`s.updated_at`)} as updated_at`

/** The people `sessionColumns` names, joined to a session `s`. */
export const sessionPeople = sql`join users st on st.id = s.student_id
  join users e on e.id = s.educator_id join users c on c.id = s.created_by_id
  left join users m on m.id = s.status_set_by_id`

export const sessionJoins = sql`tutoring_sessions s ${sessionPeople}`

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
    statusSetBy:
      row.status_set_by_id && row.status_set_by_name !== null
        ? { name: row.status_set_by_name, uuid: row.status_set_by_id }
        : null,
    statusSetAt: row.status_set_at,
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

/** `auditedSession` in SQL, of a new session's row `s` (as its insert returns it). */
export const auditedSessionSql = sql`jsonb_build_object('educatorId', s.educator_id, 'service', s.service,
  'startsAt', ${isoSql(sql`s.starts_at`)}, 'durationMinutes', s.duration_minutes, 'timeZone', s.time_zone,
  'location', jsonb_build_object('kind', s.location_kind, 'detail', s.location_detail),
  'agenda', s.agenda, 'status', s.status, 'seriesId', s.series_id)`

/**
 * Every session of a student, each as the record's list answers it, a keyset page at a time (for the
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
