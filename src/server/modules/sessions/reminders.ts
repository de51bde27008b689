import { sql } from 'drizzle-orm'
import { todayIn } from '../../../shared/tasks'
import type { Service } from '../../../shared/tutoring'
import type { DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import type { Mailer } from '../../mail/mailer'
import {
  type AwaitingSession,
  attendanceDigestMail,
  type ReminderRecipient,
  sessionReminderMail,
} from '../../mail/session-reminder-messages'
import { getTutoringSettings } from '../admin/settings'
import { mayReadRecordSql } from '../students/record'

/** The attendance digest goes out from this local hour, once per educator per local day. */
export const DIGEST_HOUR = 8

const isoSql = (column: ReturnType<typeof sql>) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

interface ReminderCandidate {
  id: string
  student_id: string
  starts_at: string
  /** `starts_at` as PostgreSQL writes it, to the microsecond, for the claim's comparison. */
  starts_exact: string
  duration_minutes: number
  time_zone: string
  service: Service
  location_kind: 'online' | 'in-person'
  location_detail: string
  student_name: string
  educator_name: string
}

interface RecipientRow {
  id: string
  email: string
  time_zone: string
  role: ReminderRecipient['role']
}

/**
 * The people a session's reminder goes to: the student, each accepted guardian and the educator,
 * each only while their account is enabled, they want session emails, and they may still read
 * the record (a guardian whose link was removed, an educator who left the team, get nothing).
 */
async function reminderRecipients(db: DbOrTx, session: { id: string; student_id: string }) {
  return selectRows<RecipientRow>(
    db,
    sql`select distinct on (u.id) u.id, u.email, u.time_zone, r.role
    from (
      select ts.student_id as id, 'student' as role, 1 as rank from tutoring_sessions ts where ts.id = ${session.id}
      union all
      select ts.educator_id, 'educator', 0 from tutoring_sessions ts where ts.id = ${session.id}
      union all
      select gl.guardian_id, 'guardian', 2 from guardian_links gl where gl.student_id = ${session.student_id}
    ) r
    join users u on u.id = r.id and u.disabled_at is null and u.email_session_reminders
    where ${mayReadRecordSql(sql`${session.student_id}::uuid`, sql`u.id`)}
    order by u.id, r.rank`,
  )
}

/**
 * One pass of the session reminder job. Candidates are scheduled sessions of active students
 * starting within the reminder window (admin setting) and not yet started, whose reminder for
 * that start has not been claimed. Each is claimed by one conditional UPDATE of
 * `reminded_starts_at`: of two servers (or two passes) racing, the row lock lets one set it and
 * the other's condition then fails, so each session is reminded once, across restarts too; a
 * reschedule makes it due again. Each recipient's send is recorded in `mail_claims` while the
 * session's sends are under way: a failed send releases the session's claim, and the next pass
 * sends only to those who did not get theirs. Returns the ids of the sessions reminded.
 */
export async function sendSessionReminders(
  db: DbOrTx,
  mailer: Mailer,
  appOrigin: string,
  now: Date = new Date(),
): Promise<string[]> {
  const { sessionReminderHours } = await getTutoringSettings(db)
  const until = new Date(now.getTime() + sessionReminderHours * 3_600_000)
  const candidates = await selectRows<ReminderCandidate>(
    db,
    sql`select ts.id, ts.student_id, ${isoSql(sql`ts.starts_at`)} as starts_at, ts.starts_at::text as starts_exact,
      ts.duration_minutes, ts.time_zone,
      ts.service, ts.location_kind, ts.location_detail, s.name as student_name, e.name as educator_name
    from tutoring_sessions ts
    join student_profiles sp on sp.user_id = ts.student_id and sp.archived_at is null
    join users s on s.id = ts.student_id
    join users e on e.id = ts.educator_id
    where ts.status = 'scheduled' and ts.starts_at > ${now.toISOString()}::timestamptz
      and ts.starts_at <= ${until.toISOString()}::timestamptz
      and ts.reminded_starts_at is distinct from ts.starts_at
    order by ts.starts_at
    limit 1000`,
  )
  const settingsLink = `${appOrigin}/settings`
  const sent: string[] = []
  let failure: unknown
  for (const session of candidates) {
    const claimed = await selectRows<{ id: string }>(
      db,
      sql`update tutoring_sessions set reminded_starts_at = starts_at
      where id = ${session.id} and status = 'scheduled' and starts_at = ${session.starts_exact}::timestamptz
        and reminded_starts_at is distinct from starts_at
      returning id`,
    )
    if (claimed.length === 0) continue
    const reminder = {
      startsAt: new Date(session.starts_at),
      durationMinutes: session.duration_minutes,
      timeZone: session.time_zone,
      service: session.service,
      location:
        session.location_kind === 'online'
          ? { kind: 'online' as const, meetingUrl: session.location_detail }
          : { kind: 'in-person' as const, place: session.location_detail },
      studentName: session.student_name,
      educatorName: session.educator_name,
    }
    const recordLink = `${appOrigin}/students/${session.student_id}?section=sessions`
    let failed = false
    for (const recipient of await reminderRecipients(db, session)) {
      const period = `${session.starts_at}/${recipient.id}`
      const mine = await selectRows<{ period: string }>(
        db,
        sql`insert into mail_claims (kind, subject_id, period) values ('session-reminder', ${session.id}, ${period})
        on conflict do nothing returning period`,
      )
      // Sent by an earlier pass whose other sends failed.
      if (mine.length === 0) continue
      try {
        await mailer.send(
          sessionReminderMail(
            { email: recipient.email, timeZone: recipient.time_zone, role: recipient.role },
            reminder,
            recordLink,
            settingsLink,
          ),
        )
      } catch (error) {
        await db.execute(
          sql`delete from mail_claims where kind = 'session-reminder' and subject_id = ${session.id} and period = ${period}`,
        )
        failed = true
        failure ??= error
      }
    }
    if (failed) {
      await db.execute(
        sql`update tutoring_sessions set reminded_starts_at = null
        where id = ${session.id} and reminded_starts_at = ${session.starts_exact}::timestamptz`,
      )
      continue
    }
    // Everyone has theirs: the session's claim alone keeps it sent.
    await db.execute(
      sql`delete from mail_claims where kind = 'session-reminder' and subject_id = ${session.id}`,
    )
    sent.push(session.id)
  }
  if (failure) throw failure
  return sent
}

interface AwaitingRow {
  id: string
  student_id: string
  student_name: string
  service: Service
  starts_at: string
  educator_id: string
  email: string
  time_zone: string
}

function localHour(timeZone: string, now: Date): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(now))
}

/**
 * One pass of the attendance digest: an educator with scheduled sessions whose end has passed
 * gets one email listing them, from 08:00 in their zone (or the first pass after it) on each
 * local day. The day is claimed in `mail_claims` (kind `attendance-digest`, the educator, their
 * local date) by the insert that wins on any instance; a failed send deletes the claim so the next
 * pass tries again. Returns the ids of the educators emailed.
 */
export async function sendAttendanceDigests(
  db: DbOrTx,
  mailer: Mailer,
  appOrigin: string,
  now: Date = new Date(),
): Promise<string[]> {
  const rows = await selectRows<AwaitingRow>(
    db,
    sql`select ts.id, ts.student_id, s.name as student_name, ts.service, ${isoSql(sql`ts.starts_at`)} as starts_at,
      ts.educator_id, e.email, e.time_zone
    from tutoring_sessions ts
    join users e on e.id = ts.educator_id and e.disabled_at is null and e.email_session_reminders
    join student_profiles sp on sp.user_id = ts.student_id and sp.archived_at is null
    join users s on s.id = ts.student_id
    where ts.status = 'scheduled' and ts.starts_at < ${now.toISOString()}::timestamptz
      and ts.ends_at <= ${now.toISOString()}::timestamptz
      and ${mayReadRecordSql(sql`ts.student_id`, sql`ts.educator_id`)}
    order by ts.educator_id, ts.starts_at`,
  )
  const byEducator = new Map<string, AwaitingRow[]>()
  for (const row of rows) {
    const list = byEducator.get(row.educator_id)
    if (list) list.push(row)
    else byEducator.set(row.educator_id, [row])
  }
  const settingsLink = `${appOrigin}/settings`
  const sent: string[] = []
  let failure: unknown
  for (const [educatorId, sessions] of byEducator) {
    const { email, time_zone: timeZone } = sessions[0]!
    if (localHour(timeZone, now) < DIGEST_HOUR) continue
    const day = todayIn(timeZone, now)
    const claimed = await selectRows<{ period: string }>(
      db,
      sql`insert into mail_claims (kind, subject_id, period) values ('attendance-digest', ${educatorId}, ${day})
      on conflict do nothing returning period`,
    )
    if (claimed.length === 0) continue
    const listed: AwaitingSession[] = sessions.map((session) => ({
      startsAt: new Date(session.starts_at),
      studentName: session.student_name,
      service: session.service,
      recordLink: `${appOrigin}/students/${session.student_id}?section=sessions`,
    }))
    try {
      await mailer.send(attendanceDigestMail({ email, timeZone }, listed, settingsLink))
      sent.push(educatorId)
    } catch (error) {
      await db.execute(
        sql`delete from mail_claims where kind = 'attendance-digest' and subject_id = ${educatorId} and period = ${day}`,
      )
      failure ??= error
    }
  }
  if (failure) throw failure
  return sent
}

/** Both session mail jobs in one pass; a failure of one does not keep the other from running. */
export async function sendSessionMail(db: DbOrTx, mailer: Mailer, appOrigin: string, now: Date = new Date()) {
  const results = await Promise.allSettled([
    sendSessionReminders(db, mailer, appOrigin, now),
    sendAttendanceDigests(db, mailer, appOrigin, now),
  ])
  for (const result of results) if (result.status === 'rejected') throw result.reason
}
