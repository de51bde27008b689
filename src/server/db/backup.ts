import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { PGLITE_OPTIONS } from './pglite-options'

/**
 * Backups (docs/operations.md#backups). PostgreSQL: `pg_dump`'s custom format, one consistent
 * snapshot taken while the servers run, and `pg_restore`. The embedded database: its files as a
 * gzipped tar from PGlite itself, taken by the process that holds it (a running server is asked
 * with SIGUSR2), between transactions, so the copy is consistent.
 */

/** PGlite's files, with no query and no transaction running (both of its locks held). */
export async function dumpPglite(client: PGlite): Promise<Buffer> {
  const archive = await client._runExclusiveTransaction(() => client.dumpDataDir('gzip'))
  return Buffer.from(await archive.arrayBuffer())
}

/** Restores an embedded backup into `dataDir/db`, which must not exist yet. */
export async function restorePglite(archive: Buffer, dataDir: string): Promise<void> {
  const target = path.join(dataDir, 'db')
  if (existsSync(target)) throw new Error(`${target} already exists: move it away first.`)
  mkdirSync(dataDir, { recursive: true })
  const client = await PGlite.create(target, {
    ...PGLITE_OPTIONS,
    loadDataDir: new Blob([new Uint8Array(archive)]),
  })
  await client.query('select 1')
  await client.close()
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] })
    let errors = ''
    child.stderr.on('data', (chunk) => {
      errors += chunk
    })
    child.on('error', (error) =>
      reject(new Error(`${command} could not run (${error.message}); install the PostgreSQL client tools.`)),
    )
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}): ${errors.trim()}`)),
    )
  })
}

/** `pg_dump --format=custom`: a consistent snapshot of the whole database, servers running or not. */
export const pgDump = (url: string, file: string) =>
  run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, url])

/** `pg_restore` into an empty database (create it first); stop the servers while it runs. */
export const pgRestore = (url: string, file: string) =>
  run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${url}`, file])

/** Where a running server finds the backup it was asked for, and writes its answer. */
export const backupRequestPath = (dataDir: string) => path.join(dataDir, 'backup-request.json')

/**
 * Asks the server holding the embedded database (`pid`) for a backup into `file`, and waits for
 * it: the request goes in a file beside the database, the signal says it is there.
 */
export async function requestServerBackup(dataDir: string, pid: number, file: string, timeoutMs = 120_000) {
  const requestPath = backupRequestPath(dataDir)
  rmSync(`${file}.error`, { force: true })
  writeFileSync(requestPath, JSON.stringify({ file: path.resolve(file) }))
  process.kill(pid, 'SIGUSR2')
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (existsSync(`${file}.error`)) throw new Error(readFileSync(`${file}.error`, 'utf8'))
    if (!existsSync(requestPath) && existsSync(file)) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`The server (process ${pid}) did not write the backup within ${timeoutMs / 1000} s.`)
}

/** The server's side: answers a backup request with the archive, written whole or not at all. */
export async function answerBackupRequest(
  dataDir: string,
  dump: () => Promise<Buffer>,
): Promise<string | null> {
  const requestPath = backupRequestPath(dataDir)
  if (!existsSync(requestPath)) return null
  const { file } = JSON.parse(readFileSync(requestPath, 'utf8')) as { file: string }
  try {
    const archive = await dump()
    writeFileSync(`${file}.partial`, archive)
    renameSync(`${file}.partial`, file)
  } catch (error) {
    writeFileSync(`${file}.error`, error instanceof Error ? error.message : String(error))
  } finally {
    rmSync(requestPath, { force: true })
  }
  return file
}

/** The pid in the embedded database's lock file, when that process is alive. */
export function lockHolder(dataDir: string): number | null {
  const lockPath = path.join(dataDir, 'db.lock')
  if (!existsSync(lockPath)) return null
  const pid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10)
  if (!Number.isInteger(pid) || pid === process.pid) return null
  try {
    process.kill(pid, 0)
    return pid
  } catch {
    return null
  }
}
