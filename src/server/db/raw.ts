import { PGlite } from '@electric-sql/pglite'
import { fillPlaceholders, type SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import pg from 'pg'
import type { Db, DbOrTx } from './client'

/** Raw SQL rows from either driver (PGlite and node-postgres both answer `{ rows }`). */
export async function selectRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

const dialect = new PgDialect()
const STARTS_WITH_SELECT = /^\s*select\s/i

/**
 * A hot read as a named prepared statement on PostgreSQL: each pooled connection parses and plans
 * it once instead of on every request, which had been most of the student record's time read
 * one at a time (docs/performance.md, "Figures that were in code comments"). On the embedded
 * database it is PGlite's parameterised query, a declared read (`DECLARED_READ`). `name` must
 * belong to one SQL text only. Inside a transaction it is a plain query. Rows must not hold bare
 * timestamps or dates (drizzle's own parsers are bypassed): build JSON in SQL instead.
 */
export async function selectRowsPrepared<T>(db: DbOrTx, name: string, query: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client
  if (client instanceof pg.Pool || client instanceof PGlite) {
    const { sql: text, params } = dialect.sqlToQuery(query)
    return runNamed<T>(client, name, text, params as unknown[])
  }
  return selectRows<T>(db, query)
}

/**
 * A hot write as a named prepared statement on PostgreSQL: each connection parses and plans it
 * once (planning scheduling's statement took about a millisecond of the database's CPU on every
 * request; docs/performance.md, change 41). On the pool it is a statement of its own (its
 * own transaction); inside a transaction it runs on that transaction's connection. On the
 * embedded database a plain query: there every statement but a declared read counts as a write
 * (kept/write-epoch.ts), as it must. `name` must belong to one SQL text only; the rows follow
 * the rule of `selectRowsPrepared` (no bare timestamps or dates).
 */
export async function writeRowsPrepared<T>(db: DbOrTx, name: string, query: SQL): Promise<T[]> {
  const handle = db as { $client?: unknown; session?: { client?: unknown } }
  // A transaction's handle has no client of its own: its session holds the connection it runs on.
  const client = handle.$client ?? handle.session?.client
  if (!(client instanceof pg.Pool || client instanceof pg.Client)) return selectRows<T>(db, query)
  const { sql: text, params } = dialect.sqlToQuery(query)
  return (await client.query({ name, text, values: params as unknown[] })).rows as T[]
}

/**
 * A named statement whose SQL text is built once, from a query with `sql.placeholder(...)`s; each
 * call only fills in the values. For the session query that every request makes: building the
 * query with drizzle's `sql` on each request was a visible share of a cached read's CPU
 * (docs/performance.md, change 5). Not for transactions (their handle has no client of its own).
 */
export function preparedQuery<T, V extends Record<string, unknown>>(name: string, query: SQL) {
  const { sql: text, params } = dialect.sqlToQuery(query)
  return async (db: Db, values: V): Promise<T[]> => {
    const client = (db as unknown as { $client: pg.Pool | PGlite }).$client
    return runNamed<T>(client, name, text, fillPlaceholders(params, values))
  }
}

/**
 * Where a tracked embedded database keeps its own `query` for the reads the code declares (the
 * named statements here, always selects): the app's kept answers count every other statement on
 * that database as a write (kept/write-epoch.ts). Untracked, `query` itself runs them.
 */
export const DECLARED_READ = Symbol('declared read')

type Tracked = PGlite & { [DECLARED_READ]?: PGlite['query'] }

async function runNamed<T>(
  client: pg.Pool | PGlite,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  // A named statement is a read by rule: one that is not a select is a mistake in this code.
  if (!STARTS_WITH_SELECT.test(text)) throw new Error(`named statement ${name} is not a select`)
  if (client instanceof pg.Pool) return (await client.query({ name, text, values })).rows as T[]
  // PGlite's own parameterised query: it binds the values, and parses and plans each time.
  const query = (client as Tracked)[DECLARED_READ] ?? client.query.bind(client)
  return (await query<T>(text, values)).rows
}

/** PostgreSQL's unique_violation, for turning a lost race into a 409. */
export function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code
  return code === '23505'
}
