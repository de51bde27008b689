import { and, eq, inArray, sql } from 'drizzle-orm'
import {
  DEFAULT_RELATIONSHIP,
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  type ImportColumn,
  type ImportPreview,
  type ImportPreviewRow,
  type ImportResult,
  REQUIRED_IMPORT_COLUMNS,
} from '../../../shared/people-import'
import { readCsvRows } from '../../csv'
import type { DbOrTx } from '../../db/client'
import { studentProfiles, type UserInviteRow, userInvites, users } from '../../db/schema'
import { fieldError } from '../../problems'
import { recordAudits } from '../audit/audit'
import { refuseOverCap } from '../students/record-caps'
import { auditedInvite, availableCondition, inviteExpiry } from './invites'

/** One row as read and checked, before the database says who is already there. */
interface CheckedRow extends ImportPreviewRow {
  valid: boolean
  /** A guardian row's student, once the database has found them. */
  studentId?: string
}

/** Which cell holds which known column; other columns are ignored. */
function columnIndexes(header: string[]): Partial<Record<ImportColumn, number>> {
  const indexes: Partial<Record<ImportColumn, number>> = {}
  header.forEach((cell, index) => {
    const name = cell.trim().toLowerCase()
    if (name in IMPORT_COLUMNS && indexes[name as ImportColumn] === undefined) {
      indexes[name as ImportColumn] = index
    }
  })
  const missing = REQUIRED_IMPORT_COLUMNS.filter((column) => indexes[column] === undefined)
  if (missing.length > 0) {
    throw fieldError(
      'csv',
      `The first row must name the columns ${REQUIRED_IMPORT_COLUMNS.join(', ')}; missing: ${missing.join(', ')}.`,
    )
  }
  return indexes
}

/** Each row checked by the shared fields; a repeated email is an error on its later rows. */
export function checkRows(text: string): CheckedRow[] {
  const [first, ...records] = readCsvRows(text, 'csv')
  if (!first) throw fieldError('csv', 'The file is empty.')
  const indexes = columnIndexes(first.cells)
  if (records.length === 0) throw fieldError('csv', 'The file has a header row but no people.')
  if (records.length > IMPORT_MAX_ROWS) {
    throw fieldError('csv', `Use at most ${IMPORT_MAX_ROWS} people per file; this one has ${records.length}.`)
  }
  const firstRowOf = new Map<string, number>()
  return records.map(({ cells, row }) => {
    const raw = (column: ImportColumn) => {
      const at = indexes[column]
      return at === undefined ? undefined : cells[at]
    }
    const problems: CheckedRow['problems'] = []
    const value: Partial<Record<ImportColumn, unknown>> = {}
    for (const column of Object.keys(IMPORT_COLUMNS) as ImportColumn[]) {
      const parsed = IMPORT_COLUMNS[column].safeParse(raw(column))
      if (parsed.success) value[column] = parsed.data
      else problems.push({ column, message: parsed.error.issues[0]?.message ?? 'This value is not valid.' })
    }
    const roles = Array.isArray(value.roles) ? (value.roles as CheckedRow['roles']) : []
    const guardianOf = typeof value['guardian of'] === 'string' ? value['guardian of'] : null
    if (roles.includes('guardian') && !guardianOf && !problems.some((p) => p.column === 'guardian of')) {
      problems.push({
        column: 'guardian of',
        message: 'Give the email of the student this guardian follows.',
      })
    }
    if (roles.includes('guardian') && roles.includes('student')) {
      problems.push({
        column: 'roles',
        message: 'A student is nobody’s guardian: give the parent a row (and an email) of their own.',
      })
    }
    if (!roles.includes('guardian') && guardianOf) {
      problems.push({
        column: 'guardian of',
        message: 'Only a guardian row names a student: add the guardian role.',
      })
    }
    const email = typeof value.email === 'string' ? value.email : (raw('email') ?? '').trim()
    if (typeof value.email === 'string') {
      const first = firstRowOf.get(value.email)
      if (first === undefined) firstRowOf.set(value.email, row)
      else problems.push({ column: 'email', message: `This email is already on row ${first}.` })
    }
    return {
      row,
      name: typeof value.name === 'string' ? value.name : (raw('name') ?? '').trim(),
      email,
      roles,
      guardianOf,
      relationship: guardianOf ? ((value.relationship as string | undefined) ?? DEFAULT_RELATIONSHIP) : null,
      status: problems.length > 0 ? 'error' : 'new',
      problems,
      valid: problems.length === 0,
    }
  })
}

/** Finds each guardian row's student by email; a row naming no student is an error on that cell. */
async function findStudents(db: DbOrTx, rows: CheckedRow[]): Promise<void> {
  const wanted = [...new Set(rows.flatMap((row) => (row.valid && row.guardianOf ? [row.guardianOf] : [])))]
  if (wanted.length === 0) return
  const found = await db
    .select({ id: studentProfiles.userId, email: sql<string>`lower(${users.email})` })
    .from(studentProfiles)
    .innerJoin(users, eq(users.id, studentProfiles.userId))
    .where(inArray(sql`lower(${users.email})`, wanted))
  const idOf = new Map(found.map((row) => [row.email, row.id]))
  for (const row of rows) {
    if (!row.valid || !row.guardianOf) continue
    row.studentId = idOf.get(row.guardianOf)
    if (!row.studentId) {
      row.problems.push({ column: 'guardian of', message: 'No student has this email.' })
      row.valid = false
      row.status = 'error'
    }
  }
}

/** Marks valid rows whose email already has an account or an available invite. */
async function classify(db: DbOrTx, rows: CheckedRow[]): Promise<void> {
  await findStudents(db, rows)
  const emails = rows.filter((row) => row.valid).map((row) => row.email)
  if (emails.length === 0) return
  const [userRows, inviteRows] = await Promise.all([
    db
      .select({ email: sql<string>`lower(${users.email})` })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, emails)),
    db
      .select({ email: userInvites.email })
      .from(userInvites)
      .where(and(inArray(userInvites.email, emails), availableCondition())),
  ])
  const taken = new Set(userRows.map((row) => row.email))
  const invited = new Set(inviteRows.map((row) => row.email))
  for (const row of rows) {
    if (!row.valid) continue
    if (taken.has(row.email)) row.status = 'user'
    else if (invited.has(row.email)) row.status = 'invited'
  }
}

function toPreview(rows: CheckedRow[]): ImportPreview {
  const counts = { new: 0, invited: 0, user: 0, error: 0 }
  for (const row of rows) counts[row.status] += 1
  return { rows: rows.map(({ valid: _valid, studentId: _student, ...row }) => row), counts }
}

/** `POST /v1/user-invites/import/preview`: reads only. */
export async function previewImport(db: DbOrTx, csv: string): Promise<ImportPreview> {
  const rows = checkRows(csv)
  await classify(db, rows)
  return toPreview(rows)
}

export interface ImportedInvite {
  row: UserInviteRow
  name: string
}

/**
 * `POST /v1/user-invites/import`: one invite per new row, with its audit row, in one transaction.
 * The file is checked again here (it may have changed since the preview), and imports take turns
 * under a transaction lock, so the same file sent twice at once still invites each person once.
 * The caller emails the invites after the commit.
 */
export async function importInvites(
  db: DbOrTx,
  csv: string,
  actorId: string,
): Promise<{ invites: ImportedInvite[]; result: Omit<ImportResult, 'mailFailed' | 'outbox'> }> {
  const rows = checkRows(csv)
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('crestline:user-invite-import'))`)
    await classify(tx, rows)
    const fresh = rows.filter((row) => row.status === 'new')
    // Guardian invites count against each family's cap (docs/product.md#how-much-a-record-holds).
    const perStudent = new Map<string, number>()
    for (const row of fresh)
      if (row.studentId) perStudent.set(row.studentId, (perStudent.get(row.studentId) ?? 0) + 1)
    for (const [studentId, adding] of perStudent) await refuseOverCap(tx, studentId, 'guardians', adding)
    const stored =
      fresh.length === 0
        ? []
        : await tx
            .insert(userInvites)
            .values(
              fresh.map((row) => ({
                student: row.roles.includes('student'),
                educator: row.roles.includes('educator'),
                fao: row.roles.includes('fao'),
                admin: row.roles.includes('admin'),
                guardianStudentId: row.studentId ?? null,
                guardianRelationship: row.studentId ? row.relationship : null,
                email: row.email,
                name: row.name || null,
                expiresAt: inviteExpiry(),
                createdById: actorId,
              })),
            )
            .returning()
    await recordAudits(
      tx,
      stored.map((invite) => ({
        actorId,
        action: 'invite.created',
        subjectType: 'invite',
        subjectId: invite.id,
        after: { ...auditedInvite(invite), source: 'csv-import' },
      })),
    )
    const nameOf = new Map(fresh.map((row) => [row.email, row.name]))
    const { counts } = toPreview(rows)
    return {
      invites: stored.map((row) => ({ row, name: nameOf.get(row.email!) ?? '' })),
      result: { invited: stored.length, skipped: counts.invited + counts.user, errors: counts.error },
    }
  })
}
