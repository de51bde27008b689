import { randomUUID } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInvite } from '../factories'
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app'

// The real limits (scale 1), which the rest of the suite raises (docs/api.md#rate-limits), in each
// store: PostgreSQL, Redis (the machine's, or TEST_REDIS_URL), and Redis gone away (the limiter
// falls back to PostgreSQL, so login stays both possible and limited).
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const redisAnswers = await (async () => {
  const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null })
  try {
    await probe.connect()
    return (await probe.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    probe.disconnect()
  }
})()
if (!redisAnswers && process.env.CI_REQUIRE_REDIS) throw new Error(`No Redis answers at ${redisUrl}`)

const stores = [
  { name: 'PostgreSQL', env: {} as Record<string, string> },
  ...(redisAnswers ? [{ name: 'Redis', env: { REDIS_URL: redisUrl } }] : []),
  { name: 'Redis unreachable (falls back to PostgreSQL)', env: { REDIS_URL: 'redis://127.0.0.1:1' } },
]

describe.each(stores)('rate limits in $name', (store) => {
  const { env } = store
  let t: TestApp
  const prefix = `crestline-test-${randomUUID()}:`
  beforeAll(async () => {
    t = await createTestApp(
      { AUTH_RATE_LIMIT_SCALE: '1', REDIS_KEY_PREFIX: prefix, ...env },
      { signIn: 'route' },
    )
  })
  afterAll(async () => {
    await t.close()
    if (env.REDIS_URL === redisUrl) {
      const redis = new Redis(redisUrl)
      const keys = await redis.keys(`${prefix}*`)
      expect(keys.length).toBeGreaterThan(0)
      await redis.del(...keys)
      await redis.quit()
    }
  })

  it('holds under a burst: of 20 parallel wrong sign-ins for one email, at most 5 are checked', async () => {
    const user = await t.userWith({ roles: ['student'] })
    const codes = await Promise.all(
      Array.from({ length: 20 }, () =>
        t
          .request({
            method: 'POST',
            url: '/api/auth/sign-in/email',
            payload: { email: user.email, password: 'wrong password' },
          })
          .then((response) => response.statusCode),
      ),
    )
    expect(codes.filter((code) => code === 401).length).toBeLessThanOrEqual(5)
    expect(codes.filter((code) => code === 429).length).toBeGreaterThanOrEqual(15)
  })

  it('a successful login takes back its reserved attempt: 4 failures, a success, then one more failure is allowed', async () => {
    const user = await t.userWith({ roles: ['student'] })
    const signIn = (password: string) =>
      t.request({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: user.email, password } })
    for (let i = 0; i < 4; i++) expect((await signIn('wrong password')).statusCode).toBe(401)
    expect((await signIn(user.password)).statusCode).toBe(200)
    expect((await signIn('wrong password')).statusCode).toBe(401)
    expect((await signIn('wrong password')).statusCode).toBe(429)
  })

  it('allows 5 failures per email and address in 15 minutes, then answers 429 with Retry-After', async () => {
    const user = await t.userWith({ roles: ['student'] })
    for (let i = 0; i < 5; i++) {
      const failure = await t.request({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: user.email, password: 'wrong password' },
      })
      expect(failure.statusCode).toBe(401)
    }
    const limited = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: user.password },
    })
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(800)
    expect(limited.json().code).toBe('rate-limited')
    // Another address on the same network is not locked out by one person's typos.
    const other = await t.userWith({ roles: ['student'] })
    expect(other.cookie).toContain('better-auth.session_token=')
  })

  it('lifts the lockout of an email, from every address, when its password is reset', async () => {
    const user = await t.userWith({ roles: ['student'] })
    const signIn = (password: string, remoteAddress: string) =>
      t.request({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress,
        payload: { email: user.email, password },
      })
    for (const address of ['192.0.2.10', '192.0.2.11']) {
      for (let i = 0; i < 5; i++) expect((await signIn('wrong password', address)).statusCode).toBe(401)
      expect((await signIn(user.password, address)).statusCode).toBe(429)
    }
    await t.request({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: user.email, redirectTo: '/reset-password' },
    })
    const token = await resetTokenFromOutbox(t.dataDir, user.email)
    const reset = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'a brand new password' },
    })
    expect(reset.statusCode).toBe(200)
    // Both addresses may log in again at once with the new password.
    expect((await signIn('a brand new password', '192.0.2.10')).statusCode).toBe(200)
    expect((await signIn('a brand new password', '192.0.2.11')).statusCode).toBe(200)
  })

  it('allows a session 5 wrong current passwords in 15 minutes when changing the password', async () => {
    const user = await t.userWith({ roles: ['student'] })
    // Each guess carries a different forged cookie beside the real one: the count follows the user.
    const change = (currentPassword: string) =>
      t.request({
        method: 'POST',
        url: '/api/auth/change-password',
        cookie: `__Secure-better-auth.session_token=forged-${randomUUID()}; ${user.cookie}`,
        headers: { origin: TEST_ORIGIN },
        payload: { currentPassword, newPassword: 'another long passphrase' },
      })
    for (let i = 0; i < 5; i++) expect((await change('a wrong guess')).statusCode).toBe(400)
    const limited = await change(user.password)
    expect(limited.statusCode).toBe(429)
    expect(limited.json().code).toBe('rate-limited')
  })

  it('an invite naming no email tests at most 5 emails for an account, from any number of addresses', async () => {
    const invite = await createInvite(t.db)
    const signUp = (email: string, remoteAddress: string) =>
      t.request({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        remoteAddress,
        payload: { invite: invite.id, name: 'Curious Person', email, password: 'a long enough password' },
      })
    const taken = await Promise.all(Array.from({ length: 5 }, () => t.userWith({ roles: ['student'] })))
    const codes: number[] = []
    for (const [i, user] of taken.entries())
      codes.push((await signUp(user.email, `192.0.2.${40 + i}`)).statusCode)
    expect(codes).toEqual([409, 409, 409, 409, 409])
    const sixth = await signUp(`nobody-${randomUUID()}@example.test`, '192.0.2.60')
    expect(sixth.statusCode).toBe(429)
    // Other invites are untouched, and a sign-up that works takes its reservation back.
    const fresh = await createInvite(t.db)
    const ok = await t.request({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress: '192.0.2.61',
      payload: {
        invite: fresh.id,
        name: 'New Person',
        email: `new-${randomUUID()}@example.test`,
        password: 'a long enough password',
      },
    })
    expect(ok.statusCode).toBe(200)
  })

  it('allows 60 attempts per address a minute, so a classroom can log in', async () => {
    const address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`
    // In the first store, as a classroom does: 60 wrong passwords for 60 emails, all at once, each
    // a password check (an unknown email still pays one). In the others, what differs between
    // stores is the address's count, so the same 61 attempts are reset requests, which the same
    // limit counts without the password checks that make this test cost a minute.
    const classroom = store === stores[0]
    const codes = await Promise.all(
      Array.from({ length: 61 }, async (_, i) => {
        const email = `student${i}@example.test`
        const response = await t.request({
          method: 'POST',
          url: classroom ? '/api/auth/sign-in/email' : '/api/auth/request-password-reset',
          remoteAddress: address,
          headers: { 'x-forwarded-for': '203.0.113.9' },
          payload: classroom
            ? { email, password: 'wrong password' }
            : { email, redirectTo: '/reset-password' },
        })
        return response.statusCode
      }),
    )
    expect(codes.filter((code) => code === (classroom ? 401 : 200))).toHaveLength(60)
    expect(codes.filter((code) => code === 429)).toHaveLength(1)
  }, 120_000)
})

/** The reset link of the newest message to `to` in the outbox (no SMTP_URL in these apps). */
async function resetTokenFromOutbox(dataDir: string, to: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox')
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = (await readdir(outbox).catch(() => [] as string[])).sort().reverse()
    for (const file of files) {
      const text = (await readFile(path.join(outbox, file), 'utf8'))
        .replace(/=\r?\n/g, '')
        .replaceAll('=3D', '=')
      const token = text.includes(to) ? text.match(/reset-password\?token=([A-Za-z0-9_-]+)/)?.[1] : undefined
      if (token) return token
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`No reset mail to ${to} in ${outbox}`)
}
