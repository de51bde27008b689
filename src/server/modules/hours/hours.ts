import { type SQL, sql } from 'drizzle-orm'
import { type HourAdjustmentInput, type Hours, type LedgerEntry, minutesToHours } from '../../../shared/hours'
import type { Service, SessionStatus } from '../../../shared/tutoring'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx } from '../../db/client'
import { selectRows, selectRowsPrepared } from '../../db/raw'
import { fieldError } from '../../problems'
import { recordAudit } from '../audit/audit'
import { studentAccess } from '../students/record'
import { requireRule } from '../students/record-rules'
import { isoSql } from '../students/sql'
import { lowBalanceHoursSql, rearmLowBalance } from './low-balance'
import { type PackageRow, packagesJsonSql, toPackage } from './packages'

/**
 * The hours ledger as read (docs/product.md#hour-packages): every entry in ledger order (the order
 * they were written) with the balance after it, the packages and what is still scheduled. The
 * balance is the sum of the entries, and each entry's `balanceAfter` the running sum, so the two
 * never disagree. Admins adjust the hours with a reason.
 */

export interface EntryRow {
  id: string
  kind: LedgerEntry['kind']
  minutes: number
  balance_after: number
  package_id: string | null
  package_name: string | null
  package_service: Service | null
  package_minutes: number | null
  package_expires_on: string | null
  session_id: string | null
  session_starts_at: string | null
  session_status: SessionStatus | null
  session_duration: number | null
  session_service: Service | null
  session_time_zone: string | null
  reason: string | null
  created_by_id: string
  created_by_name: string
  created_at: string
  /** The entry's day for a statement: the purchase date, the session's local day, else the day written (in the student's zone). */
  day: string
}

/** The student's ledger as a JSON array in ledger order, each entry keyed as `EntryRow`. */
const entriesJsonSql = (studentId: SQL) => sql`coalesce((select json_agg(json_build_object(
    'id', l.id, 'kind', l.kind, 'minutes', l.minutes, 'balance_after', l.balance_after,
    'package_id', p.id, 'package_name', p.name, 'package_service', p.service,
    'package_minutes', p.minutes, 'package_expires_on', to_char(p.expires_on, 'YYYY-MM-DD'),
    'session_id', s.id, 'session_starts_at', ${isoSql(sql`s.starts_at`)}, 'session_status', s.status,
    'session_duration', s.duration_minutes, 'session_service', s.service, 'session_time_zone', s.time_zone,
    'reason', l.reason, 'created_by_id', c.id, 'created_by_name', c.name,
    'created_at', ${isoSql(sql`l.created_at`)},
    'day', case l.kind
      when 'purchase' then to_char(p.purchased_on, 'YYYY-MM-DD')
      when 'session' then to_char(s.starts_at at time zone s.time_zone, 'YYYY-MM-DD')
      else to_char(l.created_at at time zone (select time_zone from users where id = ${studentId}), 'YYYY-MM-DD')
    end) order by l.created_at, l.id)
  from (select _l.*, sum(_l.minutes) over (order by _l.created_at, _l.id) as balance_after
    from hour_ledger _l where _l.student_id = ${studentId}) l
  join users c on c.id = l.created_by_id
  left join hour_packages p on p.id = l.package_id and p.student_id = ${studentId}
  left join tutoring_sessions s on s.id = l.session_id and s.student_id = ${studentId}), '[]')`

interface LedgerRead {
  entries: EntryRow[]
  packages: PackageRow[]
  ahead_minutes: number
  low_balance_hours: number
}

/**
 * The student's ledger, packages, scheduled minutes ahead and the low-balance threshold, in one
 * statement (the record's Sessions section reads it on every visit).
 */
async function readLedger(db: DbOrTx, studentId: string): Promise<LedgerRead> {
  const [row] = await selectRowsPrepared<LedgerRead>(
    db,
    'student-hours',
    sql`select ${entriesJsonSql(sql`${studentId}::uuid`)} as entries,
      ${packagesJsonSql(sql`${studentId}::uuid`)} as packages,
      (select coalesce(sum(duration_minutes), 0)::int from tutoring_sessions
        where student_id = ${studentId} and status = 'scheduled' and ends_at > now()) as ahead_minutes,
      ${lowBalanceHoursSql}::float8 as low_balance_hours`,
  )
  return row!
}

/** The student's ledger in ledger order, each entry with the running balance. */
export async function readEntries(db: DbOrTx, studentId: string): Promise<EntryRow[]> {
  return (await readLedger(db, studentId)).entries
}

function toEntry(row: EntryRow): LedgerEntry {
  return {
    uuid: row.id,
    kind: row.kind,
    hours: minutesToHours(row.minutes),
    balanceAfter: minutesToHours(row.balance_after),
    package: row.package_id ? { uuid: row.package_id, name: row.package_name! } : null,
    session: row.session_id
      ? {
          uuid: row.session_id,
          startsAt: row.session_starts_at!,
          status: row.session_status!,
          durationMinutes: row.session_duration!,
        }
      : null,
    reason: row.reason,
    createdBy: { name: row.created_by_name, uuid: row.created_by_id },
    createdAt: row.created_at,
  }
}

/** The hours of a student whose access is checked: balance, threshold, scheduled hours ahead, packages, entries. */
async function readHours(db: DbOrTx, studentId: string): Promise<Hours> {
  const ledger = await readLedger(db, studentId)
  const balance = ledger.entries.reduce((sum, row) => sum + row.minutes, 0)
  return {
    balance: minutesToHours(balance),
    lowBalanceHours: ledger.low_balance_hours,
    scheduledAhead: minutesToHours(ledger.ahead_minutes),
    packages: ledger.packages.map(toPackage),
    entries: ledger.entries.map(toEntry),
  }
}

export async function getHours(db: DbOrTx, viewer: Viewer, studentId: string): Promise<Hours> {
  requireRule(await studentAccess(db, viewer, studentId), 'hours.read')
  return readHours(db, studentId)
}

/** One adjustment entry (signed), audited; a package it names must be the student's. Answers the hours after it. */
export async function adjustHours(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  input: HourAdjustmentInput,
): Promise<Hours> {
  requireRule(await studentAccess(db, viewer, studentId), 'hours.manage')
  const minutes = Math.round(input.hours * 60)
  await db.transaction(async (tx) => {
    const packageId = input.packageUUID ?? null
    if (packageId) {
      const [owned] = await selectRows<{ id: string }>(
        tx,
        sql`select id from hour_packages where id = ${packageId} and student_id = ${studentId}`,
      )
      if (!owned) throw fieldError('packageUUID', "Use one of this student's packages.")
    }
    const [entry] = await selectRows<{ id: string }>(
      tx,
      sql`insert into hour_ledger (student_id, kind, minutes, package_id, reason, created_by_id)
      values (${studentId}, 'adjustment', ${minutes}, ${packageId}, ${input.reason}, ${viewer.id})
      returning id`,
    )
    await recordAudit(tx, {
      actorId: viewer.id,
      action: 'hours.adjusted',
      subjectType: 'hour_ledger',
      subjectId: entry!.id,
      studentId,
      after: { hours: minutesToHours(minutes), reason: input.reason, packageId },
    })
    await rearmLowBalance(tx, studentId)
  })
  return readHours(db, studentId)
}
