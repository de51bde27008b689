import type { Hours, LedgerEntry } from '../../../shared/hours'
import { SERVICE_LABELS, SESSION_STATUS_LABELS, type Session } from '../../../shared/tutoring'
import { date, mapEach, table, text, when } from './html-parts'

/** The record's tutoring sessions and hours in the readable export, every typed word escaped. */
/** "Mar 9, 2026, 4:00 PM EDT": a session on its own zone's clock, one formatter per zone. */
function sessionClock(): (session: Session) => string {
  const clocks = new Map<string, Intl.DateTimeFormat>()
  return (session) => {
    let clock = clocks.get(session.timeZone)
    if (!clock) {
      clock = new Intl.DateTimeFormat('en-US', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: session.timeZone,
      })
      clocks.set(session.timeZone, clock)
    }
    return text(`${clock.format(new Date(session.startsAt))} (${session.timeZone})`)
  }
}
const hours = (value: number) => text(`${value} ${value === 1 ? 'hour' : 'hours'}`)

export function tutoringSessionsTable(sessions: AsyncIterable<Session>): AsyncGenerator<string> {
  const clock = sessionClock()
  return table(
    'Tutoring sessions',
    ['When', 'Session', 'Where', 'Agenda', 'Status'],
    mapEach(sessions, (session) => [
      `${clock(session)}, ${text(session.durationMinutes)} minutes`,
      text(`${SERVICE_LABELS[session.service]} with ${session.educator.name}`),
      text(session.location.kind === 'online' ? session.location.meetingUrl : session.location.place),
      text(session.agenda ?? ''),
      text(
        session.awaitingAttendance
          ? 'Awaiting attendance'
          : `${SESSION_STATUS_LABELS[session.status]}${session.statusSetBy?.name ? `, by ${session.statusSetBy.name}` : ''}`,
      ),
    ]),
    'No tutoring sessions.',
  )
}

/** A ledger entry in words: what bought, used or adjusted the hours, and from which package. */
function entryWords(entry: LedgerEntry): string {
  const from = entry.package ? ` (${entry.package.name})` : ''
  if (entry.kind === 'purchase') return `Package bought${from}`
  if (entry.kind === 'adjustment') return `Adjustment: ${entry.reason ?? ''}${from}`
  const status = entry.session ? `, ${SESSION_STATUS_LABELS[entry.session.status].toLowerCase()}` : ''
  return `Session${status}${from}`
}

export async function* hoursTables(read: Hours): AsyncGenerator<string> {
  yield `<h3>Hours</h3><p>${hours(read.balance)} left.</p>`
  yield* table(
    'Hour packages',
    ['Package', 'Hours left', 'Bought', 'Expires'],
    read.packages.map((bought) => [
      text(`${bought.name} (${bought.service === 'any' ? 'any service' : SERVICE_LABELS[bought.service]})`),
      `${text(bought.hoursLeft)} of ${hours(bought.hours)}`,
      date(bought.purchasedOn),
      date(bought.expiresOn),
    ]),
    'No hour packages.',
  )
  yield* table(
    'Hours ledger',
    ['Written', 'Entry', 'Hours', 'Balance after'],
    read.entries.map((entry) => [
      when(entry.createdAt),
      text(entryWords(entry)),
      text(entry.hours),
      text(entry.balanceAfter),
    ]),
    'No hours recorded.',
  )
}
