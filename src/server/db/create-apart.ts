import { fork } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { openDatabase } from './client'

/** The argument that makes the server's entry file create the embedded database and stop. */
export const CREATE_DATABASE_ARG = '--create-embedded-database'

/** True when `dataDir` holds no embedded database yet (PGlite writes `PG_VERSION` when it creates one). */
function embeddedDatabaseMissing(dataDir: string): boolean {
  return !existsSync(path.join(dataDir, 'db', 'PG_VERSION'))
}

/**
 * Creating the embedded database runs PGlite's initdb, a second WebAssembly module that takes a
 * lot of memory while it runs. A server that did that itself kept more RSS for the rest of its
 * life than one restarted on the same folder (docs/performance.md, change 18).
 * So a first start creates the database and runs the migrations in a short-lived process of
 * the same entry file (it says so in the log), and then opens the database like any later start.
 */
export async function createEmbeddedDatabaseApart(
  dataDir: string,
  entryFile: string,
): Promise<{ pid: number } | undefined> {
  if (!embeddedDatabaseMissing(dataDir)) return undefined
  const child = fork(entryFile, [CREATE_DATABASE_ARG], {
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: 'inherit',
  })
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', resolve)
  })
  if (code !== 0) throw new Error(`Creating the embedded database in ${dataDir} failed (exit code ${code}).`)
  return { pid: child.pid! }
}

/** The short-lived process's whole work: create, migrate, close (which releases the folder's lock). */
export async function createEmbeddedDatabase(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir })
  await database.close()
}
