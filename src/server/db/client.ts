import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { MIGRATIONS_DIR } from '../paths'
import { dumpPglite } from './backup'
import { type Listen, listenPglite, listenPostgres } from './listen'
import { acquireDataDirLock } from './lock-file'
import { PGLITE_OPTIONS } from './pglite-options'
import * as schema from './schema'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
/** A handle for queries: the database, or the open transaction (always use the transaction's). */
export type DbOrTx = Db | Tx

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  close(): Promise<void>
  /** The embedded database's files as a gzipped tar, taken between transactions (`db/backup.ts`). */
  dumpDataDir?: () => Promise<Buffer>
  /** A channel's notices on this instance (`db/listen.ts`). */
  listen: Listen
}

/** How long a query waits for a PostgreSQL connection before failing (then answered as 503). */
export const CONNECT_TIMEOUT_MS = 1_500

/** Any number; both instances of a migration must agree on it. */
const MIGRATION_LOCK_ID = 72_163_905

export interface OpenOptions {
  /** postgres://… ; when unset, the embedded PGlite in `dataDir`. */
  url?: string
  dataDir?: string
  /** An already-open PGlite (tests load one from a migrated template). */
  pglite?: PGlite
  poolSize?: number
  migrate?: boolean
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const database = options.url ? openPostgres(options.url, options.poolSize ?? 10) : await openPglite(options)
  if (options.migrate !== false) await runMigrations(database)
  return database
}

function openPostgres(url: string, poolSize: number): Database & { pool: pg.Pool } {
  // JIT off: our statements are short and planned once (named statements), and PostgreSQL's cost
  // estimate for the admin students screen (10k correlated subqueries) switched JIT on, which
  // then spent a large part of the query compiling (ADR 021; docs/performance.md, "Figures that
  // were in code comments").
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: '-c jit=off',
    // A request waits at most this long for a connection (a new one, or a free one of the pool),
    // then fails with an error the errors plugin answers as 503: during an outage requests are
    // answered at once instead of hanging (docs/operations.md, Health and readiness: when PostgreSQL stops).
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  })
  // A connection that dies (the server stopped or restarted) emits 'error' on its client. The pool
  // listens only while the client is idle; one held by a transaction between two statements has
  // no listener, and the error would end the process. The query in flight, or the next one, fails
  // on its own, and the pool drops the broken client when it is released.
  pool.on('error', () => {})
  pool.on('connect', (client) => client.on('error', () => {}))
  return {
    db: drizzlePg(pool, { schema }),
    kind: 'postgres',
    pool,
    close: () => drainThenEnd(pool),
    listen: listenPostgres(url),
  }
}

/**
 * At shutdown, requests whose clients already hung up are still running after the server has
 * closed: let their queries finish (the pool stays idle for a moment, or 5 s pass) before ending it.
 */
async function drainThenEnd(pool: pg.Pool): Promise<void> {
  const deadline = Date.now() + 5000
  let quietChecks = 0
  while (quietChecks < 3 && Date.now() < deadline) {
    const busy = pool.waitingCount > 0 || pool.idleCount < pool.totalCount
    quietChecks = busy ? 0 : quietChecks + 1
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  await pool.end()
}

async function openPglite(options: OpenOptions): Promise<Database> {
  if (options.pglite) {
    const client = options.pglite
    return {
      db: drizzlePglite(client, { schema }),
      kind: 'pglite',
      close: () => client.close(),
      listen: listenPglite(client),
    }
  }
  if (!options.dataDir) throw new Error('openDatabase needs a url, a dataDir or a PGlite')
  const releaseLock = acquireDataDirLock(options.dataDir)
  try {
    const client = await PGlite.create(`${options.dataDir}/db`, PGLITE_OPTIONS)
    return {
      db: drizzlePglite(client, { schema }),
      kind: 'pglite',
      close: async () => {
        await client.close()
        releaseLock()
      },
      dumpDataDir: () => dumpPglite(client),
      listen: listenPglite(client),
    }
  } catch (error) {
    releaseLock()
    throw error
  }
}

async function runMigrations(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR }
  if (database.kind === 'pglite') {
    await migratePglite(database.db as Parameters<typeof migratePglite>[0], config)
    return
  }
  // Instances starting together take turns: the first migrates, the others then find nothing to do.
  // The migrations run on the connection that holds the lock, so a pool of one is enough.
  const { pool } = database as Database & { pool: pg.Pool }
  const client = await pool.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID])
    await migratePg(drizzlePg(client, { schema }), config)
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {})
    client.release()
  }
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`)
}
