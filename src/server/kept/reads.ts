import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../db/client'
import { selectRowsPrepared } from '../db/raw'
import { studentScoreListsSql, type UserRow } from '../modules/users/current-user'
import { ownRecordVersionSql } from './session-riders'

/** A student's two score lists and the version of their record, read by one statement. */
export async function ownScoreLists(
  db: DbOrTx,
  userId: string,
): Promise<Pick<UserRow, 'sat' | 'act'> & { version: string }> {
  const [row] = await selectRowsPrepared<Pick<UserRow, 'sat' | 'act'> & { version: string }>(
    db,
    'current-user-scores',
    sql`select ${ownRecordVersionSql} as version, ${studentScoreListsSql} from users u where u.id = ${userId}`,
  )
  return row ?? { version: '0', sat: null, act: null }
}
