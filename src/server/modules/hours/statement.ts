import { sql } from 'drizzle-orm'
import { formatPlainDate } from '../../../shared/dates'
import { minutesToHours } from '../../../shared/hours'
import { SERVICE_LABELS, type SessionStatus } from '../../../shared/tutoring'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { toCsv } from '../admin/exports'
import { studentAccess } from '../students/record'
import { requireRule } from '../students/record-rules'
import { type EntryRow, readEntries } from './hours'

/**
 * The hours statement as CSV (`GET /v1/students/{id}/hours.csv`): one row per ledger entry, in
 * ledger order, with the balance after each. A record of hours, not an invoice: no prices.
 */
const HEADER = ['date', 'kind', 'description', 'package', 'hours', 'balance after']

const KIND_WORDS: Record<EntryRow['kind'], string> = {
  purchase: 'Purchase',
  session: 'Session',
  adjustment: 'Adjustment',
}

const STATUS_WORDS: Partial<Record<SessionStatus, string>> = {
  attended: 'attended',
  'late-cancelled': 'cancelled late',
  'no-show': 'missed (no-show)',
}

const hoursWords = (minutes: number) => {
  const hours = minutesToHours(minutes)
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`
}

/** One formatter per zone for a statement: building one costs more than formatting many times with it. */
function clockIn(timeZone: string, clocks: Map<string, Intl.DateTimeFormat>): Intl.DateTimeFormat {
  let clock = clocks.get(timeZone)
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
      timeZoneName: 'short',
    })
    clocks.set(timeZone, clock)
  }
  return clock
}

/** "Tutoring session at 4:00 PM EDT, 90 minutes, attended": the session's start on its own zone's clock. */
export function describeEntry(row: EntryRow, clocks = new Map<string, Intl.DateTimeFormat>()): string {
  if (row.kind === 'purchase') {
    const service = row.package_service ? SERVICE_LABELS[row.package_service] : 'any service'
    const expires = row.package_expires_on ? `, expires ${formatPlainDate(row.package_expires_on)}` : ''
    return `Package of ${hoursWords(row.package_minutes ?? row.minutes)} (${service})${expires}`
  }
  if (row.kind === 'session') {
    const service = row.session_service ? SERVICE_LABELS[row.session_service] : 'Tutoring'
    const status = row.session_status ? (STATUS_WORDS[row.session_status] ?? row.session_status) : ''
    const at =
      row.session_starts_at && row.session_time_zone
        ? ` at ${clockIn(row.session_time_zone, clocks).format(new Date(row.session_starts_at))}`
        : ''
    return `${service} session${at}, ${row.session_duration ?? -row.minutes} minutes, ${status}`
  }
  return row.reason ?? ''
}

export async function hoursStatementCsv(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
): Promise<{ studentName: string; csv: string }> {
  requireRule(await studentAccess(db, viewer, studentId), 'hours.read')
  const [[student], entries] = await Promise.all([
    selectRows<{ name: string }>(db, sql`select name from users where id = ${studentId}`),
    readEntries(db, studentId),
  ])
  const clocks = new Map<string, Intl.DateTimeFormat>()
  const csv = toCsv(
    HEADER,
    entries.map((row) => [
      row.day,
      KIND_WORDS[row.kind],
      describeEntry(row, clocks),
      row.package_name ?? (row.kind === 'session' ? 'no open package' : ''),
      minutesToHours(row.minutes),
      minutesToHours(row.balance_after),
    ]),
  )
  return { studentName: student?.name ?? 'student', csv }
}
