import { sql } from 'drizzle-orm'
import { SERVICE_LABELS, type Service, type SessionStatus } from '../../../shared/tutoring'
import type { DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { mayReadRecordSql, viewerIsGuardianSql } from '../students/record'
import { isoSql } from '../students/sql'

// Tutoring sessions in the personal calendar feed: which ones, and what each event is called.

/** Sessions from this many days ago are in the feed, up to `SESSION_FEED_AHEAD_DAYS` ahead. */
export const SESSION_FEED_PAST_DAYS = 60
export const SESSION_FEED_AHEAD_DAYS = 366

export interface FeedSession {
  id: string
  starts_at: string
  ends_at: string
  time_zone: string
  service: Service
  status: SessionStatus
  location_kind: 'online' | 'in-person'
  location_detail: string
  student_id: string
  student_name: string
  educator_name: string
  as_educator: boolean
  as_student: boolean
  created_at: string
  updated_at: string
  sequence: number
}

/**
 * The user's tutoring sessions in the feed's window: those they teach, their own as a student,
 * and their children's as a guardian, only on records they may still read and never of archived
 * students. Cancelled ones stay in, so that a calendar app drops the event it has.
 */
export async function feedSessions(db: DbOrTx, userId: string, from: Date, to: Date): Promise<FeedSession[]> {
  return selectRows<FeedSession>(
    db,
    sql`select ts.id, ${isoSql(sql`ts.starts_at`)} as starts_at, ${isoSql(sql`ts.ends_at`)} as ends_at,
      ts.time_zone, ts.service, ts.status, ts.location_kind, ts.location_detail, ts.student_id,
      s.name as student_name, e.name as educator_name, ts.educator_id = ${userId} as as_educator,
      ts.student_id = ${userId} as as_student, ${isoSql(sql`ts.created_at`)} as created_at,
      ${isoSql(sql`ts.updated_at`)} as updated_at,
      -- Grows with each change, so a calendar app takes the newer copy of the event.
      least(floor(extract(epoch from ts.updated_at - ts.created_at)), 2147483647)::int as sequence
    from tutoring_sessions ts
    join student_profiles sp on sp.user_id = ts.student_id and sp.archived_at is null
    join users s on s.id = ts.student_id
    join users e on e.id = ts.educator_id
    where ts.starts_at >= ${from.toISOString()}::timestamptz and ts.starts_at < ${to.toISOString()}::timestamptz
      and (ts.educator_id = ${userId} or ts.student_id = ${userId}
        or ${viewerIsGuardianSql(sql`ts.student_id`, userId)})
      and ${mayReadRecordSql(sql`ts.student_id`, sql`${userId}::uuid`)}
    order by ts.starts_at, ts.id
    limit 2000`,
  )
}

/** "Tutoring: Maya Chen" to its educator; "Tutoring with Eve Stone" to the student; the child's name first to a guardian. */
export function sessionSummary(session: FeedSession): string {
  const service = SERVICE_LABELS[session.service]
  const summary = session.as_educator
    ? `${service}: ${session.student_name}`
    : session.as_student
      ? `${service} with ${session.educator_name}`
      : `${session.student_name}: ${service.toLowerCase()} with ${session.educator_name}`
  return session.status === 'cancelled' || session.status === 'late-cancelled'
    ? `Cancelled: ${summary}`
    : summary
}

/** RFC 5545 TEXT: backslash, semicolon and comma escaped, line breaks as `\n` (as ical-generator writes them). */
const icalText = (value: string) =>
  value.replace(/[\\;,]/g, (char) => `\\${char}`).replace(/\r\n|\r|\n/g, '\\n')

/** An instant as an iCalendar UTC date-time: 20261128T141529Z. */
export const icalUtc = (instant: Date) => `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`

/**
 * One session's VEVENT, unfolded (the feed folds every event at once). Written here rather than
 * through ical-generator's event, whose per-event work was most of a 2,000-session feed's time
 * (docs/performance.md). `localStart` and `localEnd` are the wall-clock times in the session's
 * zone (20261128T160000), written under its TZID.
 */
export function sessionEvent(
  session: FeedSession,
  event: { uid: string; stamp: string; localStart: string; localEnd: string; recordLink: string },
): string {
  const cancelled = session.status === 'cancelled' || session.status === 'late-cancelled'
  const where = session.location_kind === 'online' ? 'Join online' : 'In person'
  const lines = [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${session.sequence}`,
    `DTSTAMP:${event.stamp}`,
    `DTSTART;TZID=${session.time_zone}:${event.localStart}`,
    `DTEND;TZID=${session.time_zone}:${event.localEnd}`,
    `SUMMARY:${icalText(sessionSummary(session))}`,
    `LOCATION:${icalText(session.location_detail)}`,
    `DESCRIPTION:${icalText(`${where}: ${session.location_detail}\n\nIn the workspace: ${event.recordLink}`)}`,
    `URL;VALUE=URI:${icalText(event.recordLink)}`,
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    `CREATED:${icalUtc(new Date(session.created_at))}`,
    `LAST-MODIFIED:${icalUtc(new Date(session.updated_at))}`,
    'END:VEVENT',
  ]
  return `${lines.join('\r\n')}\r\n`
}
