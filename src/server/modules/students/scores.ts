import { sql } from 'drizzle-orm'
import { may } from '../../../shared/record-rules'
import type { ActScore, SatScore } from '../../../shared/scores'
import type { Viewer } from '../../auth/viewer'
import type { Db, DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { badRequest, notFound } from '../../problems'
import { recordAudit } from '../audit/audit'
import { refuseOverCap } from './record-caps'
import {
  loadEntry,
  requireOwnEntry,
  requireScoreWriter,
  rowColumns,
  type ScoreFields,
  type ScoreRow,
  TESTS,
  type TestKind,
} from './score-entries'

/**
 * SAT and ACT entries (docs/product.md#scores): added, edited and deleted by admins, educators on
 * the team and the student; the student changes only the entries they added. Every change is in
 * the audit log, in the change's own transaction.
 */
export type { ScoreFields, TestKind }

/** The entry as the audit log keeps it: the test, the day, the sections, the source and note. */
function audited(kind: TestKind, row: ScoreRow) {
  const { date, english, math, source, note } = row
  return kind === 'sat'
    ? { test: 'SAT' as const, date, english, math, source, note }
    : {
        test: 'ACT' as const,
        date,
        english,
        math,
        reading: row.reading!,
        science: row.science ?? null,
        source,
        note,
      }
}

export async function addScore(
  db: Db,
  viewer: Viewer,
  studentId: string,
  kind: TestKind,
  entry: ScoreFields,
): Promise<SatScore | ActScore> {
  return db.transaction(async (tx) => {
    await requireScoreWriter(tx, viewer, studentId, 'scores.add')
    await refuseOverCap(tx, studentId, kind === 'sat' ? 'satScores' : 'actScores')
    const columns = ['student_id', 'date', ...TESTS[kind].sections, 'source', 'note', 'created_by_id']
    const values = [
      studentId,
      entry.date,
      ...TESTS[kind].sections.map((section) => entry[section] ?? null),
      entry.source ?? 'official',
      entry.note || null,
      viewer.id,
    ]
    // The new entry comes back as `loadEntry` reads one, in the same statement.
    const [inserted] = await selectRows<ScoreRow>(
      tx,
      sql`insert into ${TESTS[kind].table} as s (${sql.raw(columns.join(', '))})
        values (${sql.join(
          values.map((value) => sql`${value}`),
          sql`, `,
        )}) returning ${rowColumns(kind)}`,
    )
    const row = inserted!
    await recordAudit(tx, {
      actorId: viewer.id,
      action: 'score.added',
      subjectType: 'score',
      subjectId: row.id,
      studentId,
      after: audited(kind, row),
    })
    return TESTS[kind].withTotal(row)
  })
}

/** Edits one entry; the entry as changed must pass the same rules as a new one (400 naming the field). */
export async function updateScore(
  db: Db,
  viewer: Viewer,
  studentId: string,
  kind: TestKind,
  entryId: string,
  patch: ScoreFields,
): Promise<SatScore | ActScore> {
  return db.transaction(async (tx) => {
    const access = await requireScoreWriter(tx, viewer, studentId, 'scores.change')
    const before = await loadEntry(tx, kind, studentId, entryId)
    requireOwnEntry(access, viewer, before)
    const merged = {
      date: patch.date ?? before.date,
      ...Object.fromEntries(
        // null clears ACT science (allowed for the enhanced ACT only: the rules below say).
        TESTS[kind].sections.map((section) => [
          section,
          patch[section] === undefined ? before[section] : patch[section],
        ]),
      ),
      source: patch.source ?? before.source,
      note: patch.note === undefined ? before.note : patch.note || null,
    }
    const checked = TESTS[kind].input.safeParse(merged)
    if (!checked.success) {
      throw badRequest(
        checked.error.issues.map((issue) => ({
          path: issue.path.join('.') || 'body',
          message: issue.message,
        })),
      )
    }
    const assignments = sql.join(
      [
        sql`date = ${merged.date}`,
        ...TESTS[kind].sections.map(
          (section) => sql`${sql.raw(section)} = ${merged[section as keyof typeof merged]}`,
        ),
        sql`source = ${merged.source}`,
        sql`note = ${merged.note}`,
        sql`updated_at = now()`,
      ],
      sql`, `,
    )
    await tx.execute(sql`update ${TESTS[kind].table} set ${assignments} where id = ${entryId}`)
    const after = await loadEntry(tx, kind, studentId, entryId)
    await recordAudit(tx, {
      actorId: viewer.id,
      action: 'score.updated',
      subjectType: 'score',
      subjectId: entryId,
      studentId,
      before: audited(kind, before),
      after: audited(kind, after),
    })
    return TESTS[kind].withTotal(after)
  })
}

async function deleteRow(tx: DbOrTx, viewer: Viewer, studentId: string, kind: TestKind, row: ScoreRow) {
  await tx.execute(sql`delete from ${TESTS[kind].table} where id = ${row.id}`)
  await recordAudit(tx, {
    actorId: viewer.id,
    action: 'score.deleted',
    subjectType: 'score',
    subjectId: row.id,
    studentId,
    before: audited(kind, row),
  })
}

export async function deleteScoreById(
  db: Db,
  viewer: Viewer,
  studentId: string,
  kind: TestKind,
  entryId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const access = await requireScoreWriter(tx, viewer, studentId, 'scores.change')
    const row = await loadEntry(tx, kind, studentId, entryId)
    requireOwnEntry(access, viewer, row)
    await deleteRow(tx, viewer, studentId, kind, row)
  })
}

/**
 * The original delete: one stored entry equal to the body (identical entries may exist), the
 * newest first; 404 when none is. A student deletes only among the entries they added.
 */
export async function deleteMatchingScore(
  db: Db,
  viewer: Viewer,
  studentId: string,
  kind: TestKind,
  entry: ScoreFields,
): Promise<void> {
  await db.transaction(async (tx) => {
    const access = await requireScoreWriter(tx, viewer, studentId, 'scores.change')
    const matches = sql.join(
      // `is not distinct from`: an enhanced-ACT entry without science matches a body without it.
      TESTS[kind].sections.map(
        (section) => sql`s.${sql.raw(section)} is not distinct from ${entry[section] ?? null}`,
      ),
      sql` and `,
    )
    const rows = await selectRows<ScoreRow>(
      tx,
      sql`select ${rowColumns(kind)} from ${TESTS[kind].table} s
        where s.student_id = ${studentId} and s.date = ${entry.date} and ${matches}
        order by s.created_at desc, s.id for update`,
    )
    if (rows.length === 0) throw notFound(`No ${TESTS[kind].label} score with that date and sections.`)
    const own = rows.filter((row) => may(access, 'scores.change', row.created_by_id === viewer.id))
    if (own.length === 0) requireOwnEntry(access, viewer, rows[0]!)
    await deleteRow(tx, viewer, studentId, kind, own[0]!)
  })
}
