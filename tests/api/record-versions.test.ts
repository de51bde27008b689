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

  it('bumps exactly the students a statement changed, through either column that names them', async () => {
    const [one, two, other] = await Promise.all([
      t.userWith({ roles: ['student'] }),
      t.userWith({ roles: ['student'] }),
      t.userWith({ roles: ['student'] }),
    ])
    const ids = [one.id, two.id, other.id]
    const versions = async () => {
      const rows = await selectRows<{ key: string; version: string }>(
        t.db,
        sql`select key, version::text as version from record_versions where key = any(${`{${ids.join(',')}}`}::text[])`,
      )
      return ids.map((id) => rows.find((row) => row.key === id)?.version ?? '0')
    }
    const start = await versions()
    // `student_id`: one statement adding scores for two students.
    await t.db.execute(sql`insert into sat_scores (student_id, date, english, math)
      values (${one.id}, date '2026-03-14', 600, 600), (${two.id}, date '2026-03-14', 650, 650)`)
    const afterScores = await versions()
    expect(afterScores[0]).not.toBe(start[0])
    expect(afterScores[1]).not.toBe(start[1])
    expect(afterScores[2]).toBe(start[2])
    // `user_id`: a student profile's target.
    await t.db.execute(sql`update student_profiles set target_sat = 1400 where user_id = ${two.id}`)
    const afterProfile = await versions()
    expect(afterProfile[0]).toBe(afterScores[0])
    expect(BigInt(afterProfile[1]!)).toBeGreaterThan(BigInt(afterScores[1]!))
    expect(afterProfile[2]).toBe(start[2])
    // A delete bumps through the old rows.
    await t.db.execute(sql`delete from sat_scores where student_id = ${one.id}`)
    const afterDelete = await versions()
    expect(BigInt(afterDelete[0]!)).toBeGreaterThan(BigInt(afterProfile[0]!))
    expect(afterDelete.slice(1)).toEqual(afterProfile.slice(1))
  })
})
