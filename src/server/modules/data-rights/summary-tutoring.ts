import type { Hours } from '../../../shared/hours'
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
    ['When', 'Service', 'Educator', 'Minutes', 'Where', 'Agenda', 'Status'],
    mapEach(sessions, (session) => [
      clock(session),
      text(SERVICE_LABELS[session.service]),
      text(session.educator.name),
      text(session.durationMinutes),
      text(session.location.kind === 'online' ? session.location.meetingUrl : session.location.place),
      text(session.agenda ?? ''),
      text(session.awaitingAttendance ? 'Awaiting attendance' : SESSION_STATUS_LABELS[session.status]),
    ]),
    'No tutoring sessions.',
  )
}

const LEDGER_WORDS = { purchase: 'Package bought', session: 'Session', adjustment: 'Adjustment' } as const

export async function* hoursTables(read: Hours): AsyncGenerator<string> {
  yield `<h3>Hours</h3><p>${hours(read.balance)} left.</p>`
  yield* table(
    'Hour packages',
    ['Package', 'Service', 'Hours', 'Left', 'Bought', 'Expires'],
    read.packages.map((bought) => [
      text(bought.name),
      text(bought.service === 'any' ? 'Any service' : SERVICE_LABELS[bought.service]),
      hours(bought.hours),
      hours(bought.hoursLeft),
      date(bought.purchasedOn),
      date(bought.expiresOn),
    ]),
    'No hour packages.',
  )
  yield* table(
    'Hours ledger',
    ['Written', 'Entry', 'Detail', 'Hours', 'Balance after'],
    read.entries.map((entry) => [
      when(entry.createdAt),
      text(LEDGER_WORDS[entry.kind]),
      text(
        entry.reason ??
          entry.package?.name ??
          (entry.session ? SESSION_STATUS_LABELS[entry.session.status] : ''),
      ),
      text(entry.hours),
      text(entry.balanceAfter),
    ]),
    'No hours recorded.',
  )
}
