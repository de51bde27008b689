import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '../../src/server/db/raw'
import { RECORD_TABLES } from '../../src/server/kept/versions'
import { createTestApp, type TestApp } from '../helpers/test-app'

/**
 * Every table a kept answer shows (`RECORD_TABLES`, src/server/kept/versions.ts) has the triggers
 * that bump its versions in the migrated database, and no table bumps them without being declared
 * there. A table a record starts to show without its triggers would let a kept record outlive
 * a write to it.
 */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

interface TriggerRow {
  table: string
  fn: string
  definition: string
}

describe('record versions', () => {
  it('has a trigger for every write to every table a kept answer shows', async () => {
    const rows = await selectRows<TriggerRow>(
      t.db,
      sql`select c.relname as table, p.proname as fn, pg_get_triggerdef(tr.oid) as definition
        from pg_trigger tr join pg_class c on c.oid = tr.tgrelid join pg_proc p on p.oid = tr.tgfoid
        where not tr.tgisinternal
          and p.proname in ('bump_student_record_versions', 'bump_people_record_version')`,
    )
    const missing: string[] = []
    const has = (table: string, fn: string, event: string, argument?: string) =>
      rows.some(
        (row) =>
          row.table === table &&
          row.fn === fn &&
          new RegExp(`\\b(AFTER|OR) ${event}\\b`).test(row.definition) &&
          (argument === undefined || row.definition.includes(`${fn}('${argument}')`)),
      )
    for (const [table, column] of Object.entries(RECORD_TABLES.student)) {
      for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
        if (!has(table, 'bump_student_record_versions', event, column)) missing.push(`${table}: ${event}`)
      }
    }
    for (const table of RECORD_TABLES.people) {
      for (const event of ['UPDATE', 'DELETE']) {
        if (!has(table, 'bump_people_record_version', event)) missing.push(`${table}: ${event}`)
      }
    }
    expect(missing).toEqual([])
    const declared = new Set<string>([...Object.keys(RECORD_TABLES.student), ...RECORD_TABLES.people])
    expect([...new Set(rows.map((row) => row.table))].filter((table) => !declared.has(table))).toEqual([])
  })
})
