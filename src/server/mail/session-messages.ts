import { BRAND } from '../../shared/brand'
import { SERVICE_LABELS, type Session } from '../../shared/tutoring'
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
  kind: 'changed' | 'cancelled'
  before: Session
  after: Session
}

/** A changed session's lines: each thing that changed with what it was, the rest as it is. */
function changedLines(change: SessionChangeMail, timeZone: string): string[] {
  const { before, after } = change
  const service = SERVICE_LABELS[after.service]
  const lines =
    after.startsAt === before.startsAt
      ? [`When: ${sessionTimeFor(after.startsAt, timeZone)}`]
      : [
          `Was: ${sessionTimeFor(before.startsAt, timeZone)}`,
          `Now: ${sessionTimeFor(after.startsAt, timeZone)}`,
        ]
  const serviceWords =
    after.service === before.service ? service : `${service} (was ${SERVICE_LABELS[before.service]})`
  lines.push(
    after.durationMinutes === before.durationMinutes
      ? `${serviceWords}, ${after.durationMinutes} minutes`
      : `${serviceWords}, now ${after.durationMinutes} minutes (was ${before.durationMinutes})`,
  )
  if (after.educator.uuid !== before.educator.uuid)
    lines.push(`Educator: now ${after.educator.name} (was ${before.educator.name})`)
  const place = sessionPlace(after)
  lines.push(place)
  if (place !== sessionPlace(before)) lines.push(`Was: ${sessionPlace(before)}`)
  return [...lines, '']
}

/**
 * Sessions changed (a new time, length, educator, service or place) or cancelled, to one person
 * concerned (the student, a guardian, the educators), each time in their own zone. One message
 * for one change, even across a series.
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
    if (change.kind === 'changed') return changedLines(change, to.timeZone)
    const charged =
      change.after.status === 'late-cancelled'
        ? ' Cancelled inside the notice window: its time is charged.'
        : ''
    const what = `${SERVICE_LABELS[change.before.service]}, ${change.before.durationMinutes} minutes`
    return [`Cancelled: ${sessionTimeFor(change.before.startsAt, to.timeZone)}, ${what}.${charged}`]
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
