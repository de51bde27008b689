import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { commonPasswordCount, isCommonPassword } from '../../src/server/auth/common-passwords'
import { selectRows } from '../../src/server/db/raw'
import { createInvite } from '../factories'
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({}, { signIn: 'route' })
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
    // Another last character (a token that already ended in X would have stayed the same).
    const other = token.endsWith('X') ? 'Y' : 'X'
    const forged = `${name}=${encodeURIComponent(`${token.slice(0, -1)}${other}.${signature}`)}`
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

  it('ends a session 30 days after its login, however often it was used', async () => {
    const user = await t.userWith({ roles: ['student'] })
    await t.db.execute(
      sql`update sessions set created_at = now() - interval '29 days 23 hours' where user_id = ${user.id}`,
    )
    expect((await me(user.cookie)).statusCode).toBe(200)
    await t.db.execute(
      sql`update sessions set created_at = now() - interval '30 days 1 minute' where user_id = ${user.id}`,
    )
    expect((await me(user.cookie)).statusCode).toBe(401)
  })

  it('a new password, by change or by reset, ends every other session; the changing one stays', async () => {
    const user = await t.userWith({ roles: ['student'] })
    const phone = await t.login(user.email, user.password)
    expect((await me(phone)).statusCode).toBe(200)
    const changed = await t.request({
      method: 'POST',
      url: '/api/auth/change-password',
      cookie: user.cookie,
      headers: { origin: TEST_ORIGIN },
      // No revokeOtherSessions: the server ends them anyway.
      payload: { currentPassword: user.password, newPassword: 'a brand new passphrase' },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect((await me(phone)).statusCode).toBe(401)
    const kept = String(changed.headers['set-cookie'] ?? '').match(
      /(?:__Secure-)?better-auth\.session_token=[^;]+/,
    )
    expect((await me(kept?.[0] ?? user.cookie)).statusCode).toBe(200)
  })
})

describe('common passwords', () => {
  const common = 'qwertyuiop'
  const expectRefused = (answer: { statusCode: number; json: () => unknown }, path: string) => {
    expect(answer.statusCode).toBe(400)
    expect(answer.json()).toMatchObject({
      errors: [{ path, message: 'This password is on a list of common passwords. Choose another.' }],
    })
  }

  it('the shipped list is long enough to matter', async () => {
    expect(await commonPasswordCount()).toBeGreaterThan(10_000)
    expect(await isCommonPassword('Password123')).toBe(true)
    expect(await isCommonPassword('crestline-demo-2026')).toBe(false)
  })

  it('are refused at sign-up, reset and change, naming the field, without using up the invite', async () => {
    const invite = await createInvite(t.db)
    const email = `common-${Date.now()}@example.test`
    const signUp = (password: string) =>
      t.request({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { invite: invite.id, name: 'Pat Common', email, password },
      })
    expectRefused(await signUp(common), 'password')
    expect((await signUp('a long unusual passphrase')).statusCode).toBe(200)

    const user = await t.userWith({ roles: ['student'] })
    const changed = await t.request({
      method: 'POST',
      url: '/api/auth/change-password',
      cookie: user.cookie,
      headers: { origin: TEST_ORIGIN },
      payload: { currentPassword: user.password, newPassword: 'Basketball' },
    })
    expectRefused(changed, 'newPassword')
    const reset = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: 'whatever-token', newPassword: common },
    })
    expectRefused(reset, 'newPassword')
    // The old password still works: nothing was changed.
    await expect(t.login(user.email, user.password)).resolves.toMatch(/session_token/)
  })
})

describe('your signed-in devices', () => {
  const IPHONE =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
  const loginFrom = async (email: string, password: string, userAgent: string) => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      // A forwarded address the caller wrote is not believed (no trusted proxy here).
      headers: { 'user-agent': userAgent, 'x-forwarded-for': '203.0.113.5' },
      remoteAddress: '192.0.2.77',
      payload: { email, password },
    })
    expect(response.statusCode).toBe(200)
    return String(response.headers['set-cookie']).match(/better-auth\.session_token=[^;]+/)![0]
  }
  const sessionsOf = async (cookie: string) =>
    (await t.request({ method: 'GET', url: '/api/v1/users/me/sessions', cookie })).json().sessions as {
      uuid: string
      current: boolean
      device: string
      ipAddress: string | null
      lastSeenAt: string
    }[]
  const end = (cookie: string, id = '') =>
    t.request({
      method: 'DELETE',
      url: `/api/v1/users/me/sessions${id ? `/${id}` : ''}`,
      cookie,
      headers: { origin: TEST_ORIGIN },
    })

  it('lists each session with its device, marks this one, and ends another at once', async () => {
    const user = await t.userWith({ roles: ['student'] })
    const phone = await loginFrom(user.email, user.password, IPHONE)
    const list = await sessionsOf(user.cookie)
    expect(list).toHaveLength(2)
    expect(JSON.stringify(list)).not.toMatch(/token/i)
    const mine = list.find((s) => s.current)!
    const other = list.find((s) => !s.current)!
    expect(other).toMatchObject({ device: 'Safari on iOS (mobile)', ipAddress: '192.0.2.77' })
    expect((await end(user.cookie, mine.uuid)).statusCode).toBe(409)
    expect((await end(user.cookie, other.uuid)).statusCode).toBe(204)
    expect((await me(phone)).statusCode).toBe(401)
    expect((await end(user.cookie, other.uuid)).statusCode).toBe(404)
    expect((await me(user.cookie)).statusCode).toBe(200)
  })

  it("ends every other session at once, and never someone else's", async () => {
    const user = await t.userWith({ roles: ['student'] })
    const stranger = await t.userWith({ roles: ['student'] })
    const devices = [
      await loginFrom(user.email, user.password, IPHONE),
      await t.login(user.email, user.password),
    ]
    const strangers = await sessionsOf(stranger.cookie)
    expect((await end(user.cookie, strangers[0]!.uuid)).statusCode).toBe(404)
    expect((await me(stranger.cookie)).statusCode).toBe(200)
    const ended = await end(user.cookie)
    expect(ended.json()).toEqual({ ended: 2 })
    for (const cookie of devices) expect((await me(cookie)).statusCode).toBe(401)
    expect(await sessionsOf(user.cookie)).toHaveLength(1)
  })

  it('keeps "last seen" within five minutes, without a write on every request', async () => {
    const user = await t.userWith({ roles: ['student'] })
    await t.db.execute(
      sql`update sessions set updated_at = now() - interval '3 minutes' where user_id = ${user.id}`,
    )
    const [recent] = await sessionsOf(user.cookie)
    expect(Date.now() - Date.parse(recent!.lastSeenAt)).toBeGreaterThan(2 * 60_000)
    await t.db.execute(
      sql`update sessions set updated_at = now() - interval '6 minutes' where user_id = ${user.id}`,
    )
    await me(user.cookie)
    const [seen] = await sessionsOf(user.cookie)
    expect(Date.now() - Date.parse(seen!.lastSeenAt)).toBeLessThan(60_000)
  })
})
