import { BRAND } from '../../shared/brand'
import type { Session } from '../../shared/tutoring'
import type { MailMessage } from './mailer'

/**
 * A session's time as one recipient reads it: in their own zone, which the line names, e.g.
 * "Mon, Mar 9, 2026, 4:00 PM EDT (America/New_York)".
 */
export function sessionTimeFor(instant: string, timeZone: string): string {
  const formatted = new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(instant))
  return `${formatted} (${timeZone})`
}

export const sessionPlace = (session: Session) =>
  session.location.kind === 'online'
    ? `Online: ${session.location.meetingUrl}`
    : `At: ${session.location.place}`

export interface SessionChangeMail {
  kind: 'rescheduled' | 'cancelled'
  before: Session
  after: Session
}

/**
 * Sessions rescheduled or cancelled, to one person concerned (the student, a guardian, the
 * educator), each time in their own zone. One message for one change, even across a series.
 */
export function sessionChangeMail(
  to: { email: string; timeZone: string },
  actorName: string,
  changes: readonly SessionChangeMail[],
  recordLink: string,
): MailMessage {
  const first = changes[0]!
  const cancelled = changes.every((change) => change.kind === 'cancelled')
  const who = `${first.after.studentName} with ${first.after.educator.name}`
  const count = changes.length === 1 ? 'a session' : `${changes.length} sessions`
  const lines = changes.flatMap((change) => {
    if (change.kind === 'cancelled') {
      const charged =
        change.after.status === 'late-cancelled'
          ? ' Cancelled inside the notice window: its time is charged.'
          : ''
      return [`Cancelled: ${sessionTimeFor(change.before.startsAt, to.timeZone)}.${charged}`]
    }
    return [
      `Was: ${sessionTimeFor(change.before.startsAt, to.timeZone)}`,
      `Now: ${sessionTimeFor(change.after.startsAt, to.timeZone)}, ${change.after.durationMinutes} minutes`,
      sessionPlace(change.after),
      '',
    ]
  })
  return {
    to: to.email,
    subject: `${cancelled ? 'Session cancelled' : 'Session changed'}: ${who}`,
    text: [
      `${actorName} ${cancelled ? 'cancelled' : 'changed'} ${count} of ${who}.`,
      '',
      ...lines,
      ...(lines.at(-1) === '' ? [] : ['']),
      'See the sessions on the record:',
      recordLink,
      '',
      `${BRAND.name}`,
    ].join('\n'),
  }
}
