import type { SQL } from 'drizzle-orm'
import type { DbOrTx } from './client'

/** Raw SQL rows from either driver (PGlite and node-postgres both answer `{ rows }`). */
export async function selectRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

/** PostgreSQL's unique_violation, for turning a lost race into a 409. */
export function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code
  return code === '23505'
}
