import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '../../src/server/db/raw'
import { createTestApp, type TestApp } from '../helpers/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const me = (cookie: string) => t.request({ method: 'GET', url: '/api/v1/users/me', cookie })
const expiry = async (userId: string) =>
  (
    await selectRows<{ expires_at: string }>(
      t.db,
      sql`select expires_at from sessions where user_id = ${userId}`,
    )
  ).map((r) => new Date(r.expires_at).getTime())

describe('sessions', () => {
  it('refuses a cookie whose signature does not match its token', async () => {
    const user = await t.userWith({ roles: ['student'] })
    const [name, value] = user.cookie.split('=') as [string, string]
    const [token, signature] = decodeURIComponent(value).split('.') as [string, string]
    const forged = `${name}=${encodeURIComponent(`${token.slice(0, -1)}X.${signature}`)}`
    expect((await me(user.cookie)).statusCode).toBe(200)
    expect((await me(forged)).statusCode).toBe(401)
    expect((await me(`${name}=garbage`)).statusCode).toBe(401)
    expect((await me(`${name}=%E0%A4%A`)).statusCode).toBe(401)
  })

  it('refuses an expired session', async () => {
    const user = await t.userWith({ roles: ['student'] })
    await t.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
    )
    expect((await me(user.cookie)).statusCode).toBe(401)
  })

  it('extends a session older than a day and re-sets its cookie', async () => {
    const user = await t.userWith({ roles: ['student'] })
    await t.db.execute(
      sql`update sessions set expires_at = now() + interval '5 days' where user_id = ${user.id}`,
    )
    const [before] = await expiry(user.id)
    const response = await me(user.cookie)
    expect(response.statusCode).toBe(200)
    expect(String(response.headers['set-cookie'])).toContain('better-auth.session_token=')
    const [after] = await expiry(user.id)
    expect(after! - before!).toBeGreaterThan(1.9 * 86_400_000)
    // A fresh session is not touched.
    expect((await me(user.cookie)).headers['set-cookie']).toBeUndefined()
  })
})
