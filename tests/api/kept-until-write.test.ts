import type { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { preparedQuery, selectRows, selectRowsPrepared } from '../../src/server/db/raw'
import { users } from '../../src/server/db/schema'
import { adminListMemoHits } from '../../src/server/kept/admin-list'
import { adminWeekMemoHits } from '../../src/server/kept/admin-week'
import { loadSessionViewer, sessionMemoHits } from '../../src/server/kept/session-riders'
import { writeEpoch } from '../../src/server/kept/write-epoch'
import { createInvite } from '../factories'
import { createTestApp, type TestApp } from '../helpers/test-app'

/**
 * What the embedded database keeps until its next write (kept/write-epoch.ts): the session query's
 * answers (kept/session-riders.ts), the admin list's rows (kept/admin-list.ts) and the admin's
 * week (kept/admin-week.ts). A kept answer
 * is served only while no write of any kind has happened since it was read and, for a session,
 * the clock has not reached the moment it would change. PostgreSQL keeps nothing (several
 * instances share it), so these run on PGlite only.
 */
let t: TestApp
let client: PGlite
beforeAll(async () => {
  t = await createTestApp()
  client = (t.db as unknown as { $client: PGlite }).$client
})
afterAll(() => t?.close())

const me = (cookie: string) => t.request({ method: 'GET', url: '/api/v1/users/me', cookie })
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A user whose session has just been read twice, the second time from the memo. */
async function kept(roles: ('student' | 'educator')[] = ['student']) {
  const user = await t.userWith({ roles })
  expect((await me(user.cookie)).statusCode).toBe(200)
  const hits = sessionMemoHits()
  expect((await me(user.cookie)).statusCode).toBe(200)
  expect(sessionMemoHits(), 'the second read is answered from the memo').toBe(hits + 1)
  return user
}

describe.skipIf(process.env.TEST_DB !== 'pglite')('the embedded database’s session memo', () => {
  it('moves the write counter for every statement but the reads the code declares', async () => {
    const start = writeEpoch(client)!
    await selectRowsPrepared(t.db, 'memo-test', sql`select 1 as n`)
    await preparedQuery<{ n: number }, Record<string, never>>('memo-test-2', sql`select 2 as n`)(t.db, {})
    expect(writeEpoch(client)).toBe(start)
    await client.query('update app_settings set key = key')
    expect(writeEpoch(client)).toBe(start + 2)
    // No SQL text is read: a read the code did not declare counts as a write.
    await client.query('select 1')
    expect(writeEpoch(client)).toBe(start + 4)
    await client.exec('select 1; update app_settings set key = key')
    await client.transaction(async (tx) => {
      await tx.query('select 1')
    })
    expect(writeEpoch(client)).toBe(start + 8)
    // A failed write moves it too: the counter must not depend on what the statement did.
    await expect(client.query('update no_such_table set x = 1')).rejects.toThrow()
    expect(writeEpoch(client)).toBe(start + 10)
  })

  it('ends a disabled account’s session on the next request, whichever way the write came', async () => {
    const ways: ((id: string) => Promise<unknown>)[] = [
      (id) => t.db.update(users).set({ disabledAt: new Date() }).where(sql`${users.id} = ${id}`),
      (id) => client.query('update users set disabled_at = now() where id = $1', [id]),
      (id) => client.exec(`update users set disabled_at = now() where id = '${id}'`),
      (id) =>
        client.transaction(async (tx) => {
          await tx.query('update users set disabled_at = now() where id = $1', [id])
        }),
    ]
    for (const disable of ways) {
      const user = await kept()
      await disable(user.id)
      expect((await me(user.cookie)).statusCode, disable.toString()).toBe(401)
    }
  })

  it('answers a request made while a write is under way with what the write left', async () => {
    const user = await kept()
    let finish = () => {}
    const held = new Promise<void>((resolve) => {
      finish = resolve
    })
    const write = client.transaction(async (tx) => {
      await tx.query('update users set disabled_at = now() where id = $1', [user.id])
      await held
    })
    const during = me(user.cookie)
    await sleep(50)
    finish()
    await write
    expect((await during).statusCode).toBe(401)
    expect((await me(user.cookie)).statusCode).toBe(401)
  })

  it('reads again when the clock reaches a session’s end, with no write in between', async () => {
    const user = await kept()
    // The login is 30 days old but for 1.5 s: the session ends then.
    await client.query(
      `update sessions set created_at = now() - interval '30 days' + interval '1.5 seconds' where user_id = $1`,
      [user.id],
    )
    const epoch = writeEpoch(client)
    expect((await me(user.cookie)).statusCode).toBe(200)
    const hits = sessionMemoHits()
    expect((await me(user.cookie)).statusCode).toBe(200)
    expect(sessionMemoHits()).toBe(hits + 1)
    await sleep(1700)
    expect((await me(user.cookie)).statusCode).toBe(401)
    expect(writeEpoch(client), 'no write came between').toBe(epoch)
  })

  it('reads again when a session’s “last seen” falls due, and writes it', async () => {
    const user = await kept()
    await client.query(
      `update sessions set updated_at = now() - interval '5 minutes' + interval '1.5 seconds' where user_id = $1`,
      [user.id],
    )
    const seen = async () =>
      (
        await client.query<{ at: string }>('select updated_at::text as at from sessions where user_id = $1', [
          user.id,
        ])
      ).rows[0]!.at
    const before = await seen()
    expect((await me(user.cookie)).statusCode).toBe(200)
    expect((await me(user.cookie)).statusCode).toBe(200)
    expect(await seen()).toBe(before)
    await sleep(1700)
    expect((await me(user.cookie)).statusCode).toBe(200)
    expect(await seen()).not.toBe(before)
  })

  it('keeps each caller’s answer apart, and a record check apart from the plain session', async () => {
    const student = await kept(['student'])
    const educator = await kept(['educator'])
    const mine = await me(student.cookie)
    const theirs = await me(educator.cookie)
    expect(mine.json().uuid).toBe(student.id)
    expect(theirs.json().uuid).toBe(educator.id)
    const record = (cookie: string) =>
      t.request({ method: 'GET', url: `/api/v1/students/${student.id}`, cookie })
    for (let i = 0; i < 2; i++) {
      expect((await record(student.cookie)).statusCode).toBe(200)
      expect((await record(educator.cookie)).statusCode).toBe(404)
    }
  })

  it('answers the admin’s search from kept rows until a write, then shows the write', async () => {
    const admin = await t.userWith({ roles: ['admin'] })
    const pat = await t.userWith({ roles: ['student'], name: 'Pat Keptlist' })
    const search = async () => {
      const response = await t.request({
        method: 'GET',
        url: '/api/v1/users?q=keptlist',
        cookie: admin.cookie,
      })
      expect(response.statusCode).toBe(200)
      return response.json() as { users: { uuid: string; name: string; disabled: boolean }[] }
    }
    expect((await search()).users.map((user) => user.name)).toEqual(['Pat Keptlist'])
    const hits = adminListMemoHits()
    await search()
    expect(adminListMemoHits(), 'the second search is answered from kept rows').toBe(hits + 1)
    await client.query(`update users set name = 'Pat Keptlist Renamed' where id = $1`, [pat.id])
    expect((await search()).users.map((user) => user.name)).toEqual(['Pat Keptlist Renamed'])
    await client.query('update users set disabled_at = now() where id = $1', [pat.id])
    expect((await search()).users[0]!.disabled).toBe(true)
    await t.userWith({ roles: ['educator'], name: 'Ed Keptlist' })
    expect((await search()).users.map((user) => user.name)).toEqual(['Ed Keptlist', 'Pat Keptlist Renamed'])
  })

  it('answers the admin’s week from what is kept until a write or an invite’s end', async () => {
    const admin = await t.userWith({ roles: ['admin'] })
    const counts = async () => {
      const response = await t.request({ method: 'GET', url: '/api/v1/screens/week', cookie: admin.cookie })
      expect(response.statusCode).toBe(200)
      return response.json().admin.counts as { openInquiries: number; openInvites: number }
    }
    const first = await counts()
    const hits = adminWeekMemoHits()
    expect(await counts()).toEqual(first)
    expect(adminWeekMemoHits(), 'the second week is answered from what is kept').toBe(hits + 1)
    // An inquiry is no record: the write alone shows it.
    await client.query(
      `insert into contact_requests (name, email, service, message) values ('Kim Parent', 'kim@example.test', 'SAT', 'Hello')`,
    )
    expect((await counts()).openInquiries).toBe(first.openInquiries + 1)
    // An invite that ends in a moment: counted, then not, with no write in between.
    await createInvite(t.db, { expiresAt: new Date(Date.now() + 1_500) })
    expect((await counts()).openInvites).toBe(first.openInvites + 1)
    await sleep(1_600)
    expect((await counts()).openInvites).toBe(first.openInvites)
  })

  it('hands out kept answers frozen, so no request can change one for the others', async () => {
    const user = await kept()
    const [row] = await selectRows<{ token: string }>(
      t.db,
      sql`select token from sessions where user_id = ${user.id}`,
    )
    await loadSessionViewer(t.db, row!.token, { currentUser: true })
    const again = await loadSessionViewer(t.db, row!.token, { currentUser: true })
    expect(() => {
      ;(again!.currentUser as { name: string }).name = 'Someone else'
    }).toThrow(TypeError)
  })
})
