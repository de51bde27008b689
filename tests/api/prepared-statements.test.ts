import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { preparedQuery, selectRows, selectRowsPrepared } from '../../src/server/db/raw'
import { loadSessionViewer } from '../../src/server/kept/session-riders'
import { createTestApp, type TestApp } from '../helpers/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

/** Values that a careless literal would turn into SQL, or lose on the way. */
const awkward = [
  "it's",
  "'); drop table users; --",
  'back\\slash \\x27 \\\\',
  '$$ dollar $q$',
  'naïve — ünïcödé 🎓',
  '',
  '  spaced  ',
]

describe('named statements (raw.ts), on this run’s database', () => {
  it('gives back every value exactly as bound, through both kinds of named statement', async () => {
    const echo = preparedQuery<{ v: string; n: number; b: boolean; z: string | null }, { v: string }>(
      'test-echo',
      sql`select ${sql.placeholder('v')}::text as v, ${42}::int as n, ${true}::boolean as b, ${null}::text as z`,
    )
    for (const value of awkward) {
      expect(await echo(t.db, { v: value })).toEqual([{ v: value, n: 42, b: true, z: null }])
      expect(
        await selectRowsPrepared<{ v: string }>(t.db, 'test-echo-2', sql`select ${value}::text as v`),
      ).toEqual([{ v: value }])
    }
    expect(
      (await selectRows<{ count: number }>(t.db, sql`select count(*)::int as count from users`))[0]!.count,
    ).toBeGreaterThanOrEqual(0)
  })

  it('reads a session by a token full of quotes as no session, without an error', async () => {
    for (const token of awkward) expect(await loadSessionViewer(t.db, token)).toBeNull()
    const user = await t.userWith({ roles: ['student'] })
    const [row] = await selectRows<{ token: string }>(
      t.db,
      sql`select token from sessions where user_id = ${user.id}`,
    )
    expect((await loadSessionViewer(t.db, row!.token))?.viewer.id).toBe(user.id)
  })

  it('answers a malformed record id with the same error as a bound parameter would', async () => {
    const user = await t.userWith({ roles: ['student'] })
    const [row] = await selectRows<{ token: string }>(
      t.db,
      sql`select token from sessions where user_id = ${user.id}`,
    )
    await expect(
      loadSessionViewer(t.db, row!.token, { recordId: "x'::uuid, (select 1)" }),
    ).rejects.toMatchObject({
      code: '22P02',
    })
  })

  it('prepares a statement again on the embedded database after it was deallocated', async () => {
    if (t.database.kind !== 'pglite') return
    const one = preparedQuery<{ n: number }, Record<string, never>>('test-one', sql`select 1 as n`)
    expect(await one(t.db, {})).toEqual([{ n: 1 }])
    await t.db.execute(sql`deallocate all`)
    expect(await one(t.db, {})).toEqual([{ n: 1 }])
    const user = await t.userWith({ roles: ['student'] })
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/users/me', cookie: user.cookie })).statusCode,
    ).toBe(200)
  })
})
