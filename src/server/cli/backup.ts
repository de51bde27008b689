import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { lockHolder, pgDump, pgRestore, requestServerBackup, restorePglite } from '../db/backup'
import { openDatabase } from '../db/client'
import { loadDotEnv, parseEnv } from '../env'

/**
 * npm run backup [-- --out file]     a consistent copy, servers running or not
 * npm run restore -- <file>          into an empty database (PostgreSQL) or DATA_DIR (embedded)
 * PostgreSQL when DATABASE_URL is set (pg_dump/pg_restore), the embedded database otherwise.
 * The backup's path is the last line printed.
 */
async function main() {
  loadDotEnv()
  const env = parseEnv()
  const [command, ...rest] = process.argv.slice(2)
  const { values, positionals } = parseArgs({
    args: rest,
    options: { out: { type: 'string' } },
    allowPositionals: true,
  })
  const stamp = new Date().toISOString().replaceAll(/[:.]/g, '-').slice(0, 19)
  if (command === 'backup') {
    const ext = env.DATABASE_URL ? 'dump' : 'tar.gz'
    const file = path.resolve(values.out ?? path.join(env.DATA_DIR, 'backups', `crestline-${stamp}.${ext}`))
    mkdirSync(path.dirname(file), { recursive: true })
    if (env.DATABASE_URL) {
      await pgDump(env.DATABASE_URL, file)
    } else {
      const server = lockHolder(env.DATA_DIR)
      if (server) {
        await requestServerBackup(env.DATA_DIR, server, file)
      } else {
        const database = await openDatabase({ dataDir: env.DATA_DIR })
        try {
          writeFileSync(file, await database.dumpDataDir!())
        } finally {
          await database.close()
        }
      }
    }
    process.stdout.write(`${file}\n`)
    return
  }
  if (command === 'restore') {
    const file = positionals[0]
    if (!file || !existsSync(file)) {
      console.error('Usage: npm run restore -- <backup file>')
      process.exit(2)
    }
    if (env.DATABASE_URL) {
      await pgRestore(env.DATABASE_URL, file)
      process.stdout.write(`Restored ${file} into the database of DATABASE_URL.\n`)
      return
    }
    const server = lockHolder(env.DATA_DIR)
    if (server) throw new Error(`A server (process ${server}) is using ${env.DATA_DIR}: stop it first.`)
    const current = path.join(env.DATA_DIR, 'db')
    if (existsSync(current)) {
      const aside = `${current}.before-restore-${stamp}`
      renameSync(current, aside)
      process.stdout.write(`The current database was moved to ${aside}.\n`)
    }
    await restorePglite(readFileSync(file), env.DATA_DIR)
    process.stdout.write(`Restored ${file} into ${current}.\n`)
    return
  }
  console.error('Usage: npm run backup [-- --out file] | npm run restore -- <file>')
  process.exit(2)
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
