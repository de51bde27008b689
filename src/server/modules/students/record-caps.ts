import { type SQL, sql } from 'drizzle-orm'
import { type CappedKind, RECORD_CAP_PROBLEMS, RECORD_CAPS } from '../../../shared/record-caps'
import type { DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { conflict } from '../../problems'

const rowsOf = (table: string) => (studentId: string) =>
  sql`select count(*)::int as count from ${sql.raw(table)} where student_id = ${studentId}`

/** How each kind is counted; a family counts its links and the guardian invites still open. */
const COUNTS: Record<CappedKind, (studentId: string) => SQL> = {
  documents: rowsOf('documents'),
  tasks: rowsOf('tasks'),
  colleges: rowsOf('college_entries'),
  satScores: rowsOf('sat_scores'),
  actScores: rowsOf('act_scores'),
  notes: rowsOf('session_notes'),
  guardians: (studentId) =>
    sql`select ((select count(*) from guardian_links where student_id = ${studentId})
      + (select count(*) from user_invites where guardian_student_id = ${studentId}
          and used_at is null and expires_at > now()))::int as count`,
}

/**
 * Refuses an add that would take the record past its cap (docs/product.md#how-much-a-record-holds),
 * inside the add's transaction. The student's row is locked first and counted after, in two
 * statements: the count then sees every add committed by whoever held the lock before us, so two
 * adds at once cannot both slip under the cap.
 */
export async function refuseOverCap(
  tx: DbOrTx,
  studentId: string,
  kind: CappedKind,
  /** How many the write adds (an import may add several at once). */
  adding = 1,
): Promise<void> {
  await selectRows(tx, sql`select user_id from student_profiles where user_id = ${studentId} for update`)
  const [counted] = await selectRows<{ count: number }>(tx, COUNTS[kind](studentId))
  if ((counted?.count ?? 0) + adding > RECORD_CAPS[kind]) {
    const { code, detail } = RECORD_CAP_PROBLEMS[kind]
    throw conflict(code, detail)
  }
}
