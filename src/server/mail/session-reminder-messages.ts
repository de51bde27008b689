import { BRAND } from '../../shared/brand'
import { SERVICE_LABELS, type Service, type SessionLocation } from '../../shared/tutoring'
import { SESSION_REMINDERS_LABEL } from '../../shared/users'
import type { MailMessage } from './mailer'

/** Intl puts a narrow no-break space before AM and PM; plain text mail reads better with a space. */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ')

/** "Thursday, March 11, 2027 at 4:00 PM" in the zone. */
const longTime = (instant: Date, timeZone: string) =>
  plain(
    new Intl.DateTimeFormat('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
    }).format(instant),
  )

/** "Thu, Mar 11, 4:00 PM" in the zone, for subjects and lists. */
export const shortTime = (instant: Date, timeZone: string) =>
  plain(
    new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
    }).format(instant),
  )

/** The zone's name as people read it ("Japan Standard Time"), at that instant (summer or winter). */
export function zoneName(instant: Date, timeZone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'long' })
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName')
  return part?.value ?? timeZone
}

/** A time in the recipient's zone with the zone named: "Thursday, March 11, 2027 at 6:00 AM (Japan Standard Time)". */
export const timeWithZone = (instant: Date, timeZone: string) =>
  `${longTime(instant, timeZone)} (${zoneName(instant, timeZone)})`

export interface SessionReminder {
  startsAt: Date
  durationMinutes: number
  /** The zone the session was scheduled in. */
  timeZone: string
  service: Service
  location: SessionLocation
  studentName: string
  educatorName: string
}

export interface ReminderRecipient {
  email: string
  timeZone: string
  role: 'student' | 'guardian' | 'educator'
}

const whereLines = (location: SessionLocation) =>
  location.kind === 'online'
    ? ['Online. Join with this link:', `  ${location.meetingUrl}`]
    : [`In person, at: ${location.place}`]

/**
 * One reminder before a session, to the student, a guardian or the educator: the time in the
 * recipient's own zone, the place or meeting link and the record's link. The agenda stays in the
 * workspace, as notes do.
 */
export function sessionReminderMail(
  to: ReminderRecipient,
  session: SessionReminder,
  recordLink: string,
  settingsLink: string,
): MailMessage {
  const service = SERVICE_LABELS[session.service]
  const what =
    to.role === 'educator'
      ? `${service} with ${session.studentName}`
      : to.role === 'guardian'
        ? `${session.studentName}'s ${service.toLowerCase()} session with ${session.educatorName}`
        : `${service} with ${session.educatorName}`
  const scheduledElsewhere =
    zoneName(session.startsAt, session.timeZone) !== zoneName(session.startsAt, to.timeZone)
  return {
    to: to.email,
    subject: `Reminder: ${what}, ${shortTime(session.startsAt, to.timeZone)}`,
    text: [
      `${what}:`,
      '',
      `  ${timeWithZone(session.startsAt, to.timeZone)}, for ${session.durationMinutes} minutes.`,
      ...(scheduledElsewhere
        ? [
            `  (${longTime(session.startsAt, session.timeZone)} in ${zoneName(session.startsAt, session.timeZone)}, where it was scheduled.)`,
          ]
        : []),
      '',
      ...whereLines(session.location),
      '',
      'The session in the workspace:',
      recordLink,
      '',
      `To stop these emails, turn off "${SESSION_REMINDERS_LABEL}" at ${settingsLink}`,
      '',
      `${BRAND.name}`,
    ].join('\n'),
  }
}

export interface AwaitingSession {
  startsAt: Date
  studentName: string
  service: Service
  recordLink: string
}

/** The most sessions one digest lists; the rest are counted. */
export const DIGEST_LIST_MAX = 25

/** Each morning, to an educator with sessions whose end has passed and that nobody has marked yet. */
export function attendanceDigestMail(
  to: { email: string; timeZone: string },
  sessions: AwaitingSession[],
  settingsLink: string,
): MailMessage {
  const shown = sessions.slice(0, DIGEST_LIST_MAX)
  const more = sessions.length - shown.length
  const count = sessions.length === 1 ? '1 session' : `${sessions.length} sessions`
  return {
    to: to.email,
    subject: `${count} awaiting attendance`,
    text: [
      `${count} of yours ended and ${sessions.length === 1 ? 'is' : 'are'} not marked yet. Mark each attended, cancelled or no-show on the student's record:`,
      '',
      ...shown.flatMap((session) => [
        `- ${session.studentName}, ${SERVICE_LABELS[session.service].toLowerCase()}, ${shortTime(session.startsAt, to.timeZone)} (${zoneName(session.startsAt, to.timeZone)})`,
        `  ${session.recordLink}`,
      ]),
      ...(more > 0 ? ['', `And ${more} more.`] : []),
      '',
      `To stop these emails, turn off "${SESSION_REMINDERS_LABEL}" at ${settingsLink}`,
      '',
      `${BRAND.name}`,
    ].join('\n'),
  }
}
