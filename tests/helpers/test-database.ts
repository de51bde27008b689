import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { inject } from 'vitest'
import { type Database, openDatabase } from '../../src/server/db/client'
import { PGLITE_OPTIONS } from '../../src/server/db/pglite-options'

/** A fresh, migrated database for one test file: PGlite by default, PostgreSQL under TEST_DB=postgres. */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!
    const name = `crestline_t_${randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`create database ${name} template ${inject('pgTemplate')}`)
    const fileUrl = new URL(url)
    fileUrl.pathname = `/${name}`
    const database = await openDatabase({ url: fileUrl.toString(), poolSize: 10, migrate: false })
    return {
      ...database,
      close: async () => {
        await database.close()
        await admin.query(`drop database if exists ${name} with (force)`).catch(() => {})
        await admin.end()
      },
    }
  }
  const dump = new Blob([readFileSync(inject('pgliteTemplate'))])
  const client = await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: dump })
  return openDatabase({ pglite: client, migrate: false })
}
