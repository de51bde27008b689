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
 * one at a time (docs/performance.md, "Figures that were in code comments"); on the embedded
 * database too (`executePrepared`). `name` must belong to one SQL text only. Inside a transaction
 * it is a plain query. Rows must not hold bare timestamps or dates (drizzle's own parsers are
 * bypassed): build JSON in SQL instead.
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

async function runNamed<T>(
  client: pg.Pool | PGlite,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  // The embedded database's write counter counts an EXECUTE as a read (kept/write-epoch.ts).
  if (!STARTS_WITH_SELECT.test(text)) throw new Error(`named statement ${name} is not a select`)
  if (client instanceof pg.Pool) return (await client.query({ name, text, values })).rows as T[]
  return executePrepared<T>(client, name, text, values)
}

/** The statements prepared on each embedded database, by name (each PGlite is one session). */
const preparedOnPglite = new WeakMap<PGlite, Map<string, Promise<unknown>>>()

/**
 * A named statement on PGlite, which has no named statements in its `query()`: `PREPARE` once per
 * database, then `EXECUTE` with the values written as SQL literals. Parsing and planning were most
 * of an embedded query's cost (docs/performance.md, change 6). A value that is not a string,
 * number, boolean or null makes it a plain query.
 */
async function executePrepared<T>(
  client: PGlite,
  name: string,
  text: string,
  values: unknown[],
  again = false,
): Promise<T[]> {
  const literals = values.map(sqlLiteral)
  if (literals.includes(undefined)) return (await client.query<T>(text, values)).rows
  let prepared = preparedOnPglite.get(client)
  if (!prepared) {
    prepared = new Map()
    preparedOnPglite.set(client, prepared)
  }
  const statement = `"${name.replace(/"/g, '""')}"`
  let ready = prepared.get(name)
  if (!ready) {
    ready = client.exec(`prepare ${statement} as ${text}`)
    // A failed PREPARE is not kept: the next call tries again (and fails alike if the SQL is wrong).
    ready.catch(() => prepared.delete(name))
    prepared.set(name, ready)
  }
  await ready
  const args = literals.length ? `(${literals.join(', ')})` : ''
  try {
    return (await client.query<T>(`execute ${statement}${args}`)).rows
  } catch (error) {
    // invalid_sql_statement_name: the statement is gone (a DEALLOCATE): prepare it again, once.
    if ((error as { code?: string }).code !== '26000' || again) throw error
    if (prepared.get(name) === ready) prepared.delete(name)
    return executePrepared<T>(client, name, text, values, true)
  }
}

/**
 * A value as a SQL literal for `EXECUTE`, or undefined when it is not a plain scalar. Strings are
 * quoted with their quotes doubled (standard_conforming_strings is on, so a backslash is only a
 * backslash); a NUL, which no PostgreSQL text may hold, is refused like a bound parameter's.
 */
export function sqlLiteral(value: unknown): string | undefined {
  if (value === null) return 'null'
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined
  if (typeof value === 'bigint') return String(value)
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (typeof value !== 'string' || value.includes('\0')) return undefined
  return `'${value.replace(/'/g, "''")}'`
}

/** PostgreSQL's unique_violation, for turning a lost race into a 409. */
export function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code
  return code === '23505'
}
