import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../src/server/db/client'
import { PGLITE_OPTIONS } from '../../src/server/db/pglite-options'

/**
 * Migrates once per run; every test file then starts from a copy (ADR 002): a PGlite
 * data-dir dump, or a PostgreSQL template database.
 */
export default async function setup(project: TestProject) {
  const database = project.config.env?.TEST_DB ?? 'pglite'
  if (database === 'postgres') {
    const url = process.env.TEST_DATABASE_URL
    if (!url) throw new Error('TEST_DATABASE_URL is not set')
    const templateName = `crestline_tmpl_${process.pid}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`drop database if exists ${templateName}`)
    await admin.query(`create database ${templateName}`)
    const templateUrl = new URL(url)
    templateUrl.pathname = `/${templateName}`
    const migrated = await openDatabase({ url: templateUrl.toString(), poolSize: 2 })
    await migrated.close()
    project.provide('pgTemplate', templateName)
    return async () => {
      await admin.query(`drop database if exists ${templateName} with (force)`).catch(() => {})
      await admin.end()
    }
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'crestline-template-'))
  const client = await PGlite.create(PGLITE_OPTIONS)
  const migrated = await openDatabase({ pglite: client })
  const dump = await client.dumpDataDir('none')
  await migrated.close()
  const file = path.join(dir, 'template.tar')
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
  project.provide('pgliteTemplate', file)
  return () => rmSync(dir, { recursive: true, force: true })
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
    pgTemplate: string
  }
}
