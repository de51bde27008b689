import { sql } from 'drizzle-orm'
import { type CappedKind, RECORD_CAP_PROBLEMS, RECORD_CAPS } from '../../../shared/record-caps'
import type { DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { conflict } from '../../problems'

const TABLES: Record<CappedKind, string> = {
  documents: 'documents',
  tasks: 'tasks',
  colleges: 'college_entries',
  satScores: 'sat_scores',
  actScores: 'act_scores',
  notes: 'session_notes',
}

/**
 * Refuses an add that would take the record past its cap (docs/product.md#how-much-a-record-holds),
 * inside the add's transaction. The student's row is locked first and counted after, in two
 * statements: the count then sees every add committed by whoever held the lock before us, so two
 * adds at once cannot both slip under the cap.
 */
export async function refuseOverCap(tx: DbOrTx, studentId: string, kind: CappedKind): Promise<void> {
  await selectRows(tx, sql`select user_id from student_profiles where user_id = ${studentId} for update`)
  const [counted] = await selectRows<{ count: number }>(
    tx,
    sql`select count(*)::int as count from ${sql.raw(TABLES[kind])} where student_id = ${studentId}`,
  )
  if ((counted?.count ?? 0) >= RECORD_CAPS[kind]) {
    const { code, detail } = RECORD_CAP_PROBLEMS[kind]
    throw conflict(code, detail)
  }
}
