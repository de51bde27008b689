import { type SQL, sql } from 'drizzle-orm'
import {
  type CollegeEntry,
  type CollegeInput,
  type CollegePatch,
  FINANCIAL_FIELDS,
  netCost,
  PLAN_FIELDS,
} from '../../../shared/colleges'
import { type AccessOnRecord, may } from '../../../shared/record-rules'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx, Tx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { forbidden, notFound } from '../../problems'
import { getStudentRules } from '../admin/settings'
import { recordAudit } from '../audit/audit'
import { studentAccess } from '../students/record'
import { refuseOverCap } from '../students/record-caps'
import { requireRule } from '../students/record-rules'
import { isoSql, isUuid } from '../students/sql'

/**
 * The college list (docs/product.md#college-list). The student, educators on the team and
 * admins add, change and delete entries, all but the two financial fields; an FAO on the team
 * changes only the financial fields (comparing aid offers is their work); guardians read.
 */

interface EntryRow {
  id: string
  student_id: string
  name: string
  round: CollegeEntry['round']
  deadline: string | null
  status: CollegeEntry['status']
  notes: string | null
  cost_of_attendance: number | null
  aid_offered: number | null
  created_at: string
  updated_at: string
  created_by_id: string | null
}

const entryColumns = sql`e.id, e.student_id, e.name, e.round, to_char(e.deadline, 'YYYY-MM-DD') as deadline,
  e.status, e.notes, e.cost_of_attendance, e.aid_offered,
  ${isoSql(sql`e.created_at`)} as created_at, ${isoSql(sql`e.updated_at`)} as updated_at, e.created_by_id`

function toEntry(row: EntryRow): CollegeEntry {
  const money = { costOfAttendance: row.cost_of_attendance, aidOffered: row.aid_offered }
  return {
    uuid: row.id,
    studentUUID: row.student_id,
    name: row.name,
    round: row.round,
    deadline: row.deadline,
    status: row.status,
    notes: row.notes,
    ...money,
    netCost: netCost(money),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    createdByUUID: row.created_by_id,
  }
}

const audited = ({
  uuid,
  studentUUID,
  createdAt,
  updatedAt,
  createdByUUID,
  netCost: _net,
  ...fields
}: CollegeEntry) => fields

/**
 * A student changes an entry someone else added only while admins allow it
 * (docs/product.md#what-students-may-change); an entry whose author is not known counts as
 * someone else's.
 */
async function requireStudentMayChange(tx: Tx, access: AccessOnRecord, viewer: Viewer, row: EntryRow) {
  if (access.kind !== 'self' || row.created_by_id === viewer.id) return
  if ((await getStudentRules(tx)).studentsEditOthersColleges) return
  throw forbidden(
    'You can change only the colleges you added. Ask your counselor to change this one.',
    'college-added-by-others',
  )
}

/** By deadline (none last), then name. */
export async function listColleges(db: DbOrTx, viewer: Viewer, studentId: string): Promise<CollegeEntry[]> {
  await studentAccess(db, viewer, studentId)
  const rows = await selectRows<EntryRow>(
    db,
    sql`select ${entryColumns} from college_entries e where e.student_id = ${studentId}
    order by e.deadline asc nulls last, lower(e.name), e.id`,
  )
  return rows.map(toEntry)
}

export async function addCollege(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  input: CollegeInput,
): Promise<CollegeEntry> {
  const access = await studentAccess(db, viewer, studentId)
  requireRule(access, 'colleges.plan')
  for (const field of FINANCIAL_FIELDS) {
    if (input[field] != null) {
      throw forbidden(
        `${field}: only the financial-aid officer on the team enters aid figures.`,
        'financial-fields-forbidden',
      )
    }
  }
  return db.transaction(async (tx) => {
    await refuseOverCap(tx, studentId, 'colleges')
    const [row] = await selectRows<EntryRow>(
      tx,
      sql`insert into college_entries as e (student_id, name, round, deadline, status, notes, created_by_id)
      values (${studentId}, ${input.name}, ${input.round}, ${input.deadline ?? null}, ${input.status ?? 'researching'},
        ${input.notes || null}, ${viewer.id})
      returning ${entryColumns}`,
    )
    const entry = toEntry(row!)
    await recordAudit(tx, {
      actorId: viewer.id,
      action: 'college.created',
      subjectType: 'college',
      subjectId: entry.uuid,
      studentId,
      after: audited(entry),
    })
    return entry
  })
}

async function loadEntry(tx: Tx, studentId: string, entryId: string): Promise<EntryRow> {
  if (!isUuid(entryId)) throw notFound('No such college entry.')
  const [row] = await selectRows<EntryRow>(
    tx,
    sql`select ${entryColumns} from college_entries e where e.id = ${entryId} and e.student_id = ${studentId}
    for update of e`,
  )
  if (!row) throw notFound('No such college entry.')
  return row
}

const COLUMNS: Record<(typeof PLAN_FIELDS)[number] | (typeof FINANCIAL_FIELDS)[number], string> = {
  name: 'name',
  round: 'round',
  deadline: 'deadline',
  status: 'status',
  notes: 'notes',
  costOfAttendance: 'cost_of_attendance',
  aidOffered: 'aid_offered',
}

export async function updateCollege(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  entryId: string,
  patch: CollegePatch,
): Promise<CollegeEntry> {
  const access = await studentAccess(db, viewer, studentId)
  const isFinancial = (field: string) => (FINANCIAL_FIELDS as readonly string[]).includes(field)
  const fields = [...PLAN_FIELDS, ...FINANCIAL_FIELDS].filter((field) => patch[field] !== undefined)
  const refused = fields.find(
    (field) => !may(access, isFinancial(field) ? 'colleges.financial' : 'colleges.plan'),
  )
  if (refused) {
    // Someone who may change neither kind of field is refused as for adding an entry.
    if (!may(access, 'colleges.financial')) requireRule(access, 'colleges.plan')
    const financial = isFinancial(refused)
    throw forbidden(
      financial
        ? `${refused}: only the financial-aid officer on the team enters aid figures.`
        : `${refused}: financial-aid officers change only the cost of attendance and the aid offered.`,
      financial ? 'financial-fields-forbidden' : 'plan-fields-forbidden',
    )
  }
  return db.transaction(async (tx) => {
    const row = await loadEntry(tx, studentId, entryId)
    await requireStudentMayChange(tx, access, viewer, row)
    const before = toEntry(row)
    const sets: SQL[] = [sql`updated_at = now()`]
    for (const field of fields) {
      const value = patch[field]
      sets.push(sql`${sql.raw(COLUMNS[field])} = ${value === '' ? null : (value ?? null)}`)
    }
    await tx.execute(sql`update college_entries set ${sql.join(sets, sql`, `)} where id = ${entryId}`)
    const after = toEntry(await loadEntry(tx, studentId, entryId))
    await recordAudit(tx, {
      actorId: viewer.id,
      action: 'college.updated',
      subjectType: 'college',
      subjectId: entryId,
      studentId,
      before: audited(before),
      after: audited(after),
    })
    return after
  })
}

export async function deleteCollege(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  entryId: string,
): Promise<void> {
  const access = await studentAccess(db, viewer, studentId)
  requireRule(access, 'colleges.plan')
  await db.transaction(async (tx) => {
    const row = await loadEntry(tx, studentId, entryId)
    await requireStudentMayChange(tx, access, viewer, row)
    const before = toEntry(row)
    await tx.execute(sql`delete from college_entries where id = ${entryId}`)
    await recordAudit(tx, {
      actorId: viewer.id,
      action: 'college.deleted',
      subjectType: 'college',
      subjectId: entryId,
      studentId,
      before: audited(before),
    })
  })
}

/** Counts of entries by status across active students, for the admin overview. */
export async function collegeStatusCounts(db: DbOrTx): Promise<Record<string, number>> {
  const rows = await selectRows<{ status: string; count: number }>(
    db,
    sql`select e.status, count(*)::int as count from college_entries e
    join student_profiles sp on sp.user_id = e.student_id and sp.archived_at is null
    group by e.status`,
  )
  return Object.fromEntries(rows.map((row) => [row.status, row.count]))
}
