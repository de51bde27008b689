import { type SQL, sql } from 'drizzle-orm'
import { type HourPackage, type HourPackageInput, minutesToHours } from '../../../shared/hours'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx } from '../../db/client'
import { selectRows, selectRowsPrepared } from '../../db/raw'
import { recordAudit } from '../audit/audit'
import { studentAccess } from '../students/record'
import { requireRule } from '../students/record-rules'
import { isoSql } from '../students/sql'
import { rearmLowBalance } from './low-balance'

/**
 * Hour packages (docs/product.md#hour-packages): admins record them; whoever may read the hours
 * (admins, educators on the team, the student, their guardians) lists them. A package's hours
 * left are the sum of its ledger rows: its purchase, the sessions drawn from it and the
 * adjustments made to it.
 */

export interface PackageRow {
  id: string
  student_id: string
  name: string
  service: HourPackage['service'] | null
  minutes: number
  minutes_left: number
  price_paid_cents: number | null
  purchased_on: string
  expires_on: string | null
  created_by_id: string
  created_by_name: string
  created_at: string
}

/** A package as JSON with its hours left (the sum of its ledger rows), keyed as `PackageRow`. */
const packageJson = sql`json_build_object('id', p.id, 'student_id', p.student_id, 'name', p.name,
  'service', p.service, 'minutes', p.minutes,
  'minutes_left', (select coalesce(sum(l.minutes), 0) from hour_ledger l
    where l.student_id = p.student_id and l.package_id = p.id),
  'price_paid_cents', p.price_paid_cents, 'purchased_on', to_char(p.purchased_on, 'YYYY-MM-DD'),
  'expires_on', to_char(p.expires_on, 'YYYY-MM-DD'), 'created_by_id', p.created_by_id,
  'created_by_name', c.name, 'created_at', ${isoSql(sql`p.created_at`)})`

/** The student's packages as a JSON array, oldest purchase first (the order sessions draw from them). */
export const packagesJsonSql = (studentId: SQL) => sql`coalesce((select json_agg(${packageJson}
    order by p.purchased_on, p.created_at, p.id)
  from hour_packages p join users c on c.id = p.created_by_id where p.student_id = ${studentId}), '[]')`

export function toPackage(row: PackageRow): HourPackage {
  return {
    uuid: row.id,
    studentUUID: row.student_id,
    name: row.name,
    service: row.service ?? 'any',
    hours: minutesToHours(row.minutes),
    hoursLeft: minutesToHours(row.minutes_left),
    pricePaidCents: row.price_paid_cents,
    purchasedOn: row.purchased_on,
    expiresOn: row.expires_on,
    createdBy: { name: row.created_by_name, uuid: row.created_by_id },
    createdAt: row.created_at,
  }
}

/** The student's packages, oldest purchase first. */
export async function readPackages(db: DbOrTx, studentId: string): Promise<HourPackage[]> {
  const [row] = await selectRowsPrepared<{ packages: PackageRow[] }>(
    db,
    'student-packages',
    sql`select ${packagesJsonSql(sql`${studentId}::uuid`)} as packages`,
  )
  return (row?.packages ?? []).map(toPackage)
}

export async function listPackages(db: DbOrTx, viewer: Viewer, studentId: string): Promise<HourPackage[]> {
  requireRule(await studentAccess(db, viewer, studentId), 'hours.read')
  return readPackages(db, studentId)
}

/** Records a package and its purchase entry in one transaction, audited. */
export async function createPackage(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  input: HourPackageInput,
): Promise<HourPackage> {
  requireRule(await studentAccess(db, viewer, studentId), 'hours.manage')
  const minutes = Math.round(input.hours * 60)
  const service = input.service === 'any' ? null : input.service
  return db.transaction(async (tx) => {
    const [inserted] = await selectRows<{ id: string }>(
      tx,
      sql`insert into hour_packages (student_id, name, service, minutes, price_paid_cents, purchased_on, expires_on, created_by_id)
      values (${studentId}, ${input.name}, ${service}, ${minutes}, ${input.pricePaidCents ?? null},
        ${input.purchasedOn}, ${input.expiresOn ?? null}, ${viewer.id})
      returning id`,
    )
    await tx.execute(sql`insert into hour_ledger (student_id, kind, minutes, package_id, created_by_id)
      values (${studentId}, 'purchase', ${minutes}, ${inserted!.id}, ${viewer.id})`)
    const created = (await readPackages(tx, studentId)).find((p) => p.uuid === inserted!.id)!
    await recordAudit(tx, {
      actorId: viewer.id,
      action: 'package.created',
      subjectType: 'hour_package',
      subjectId: created.uuid,
      studentId,
      after: {
        name: created.name,
        service: created.service,
        hours: created.hours,
        pricePaidCents: created.pricePaidCents,
        purchasedOn: created.purchasedOn,
        expiresOn: created.expiresOn,
      },
    })
    await rearmLowBalance(tx, studentId)
    return created
  })
}
