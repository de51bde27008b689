import { randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

describe.each(stores)('rate limits in $name', ({ env }) => {
  let t: TestApp
  const prefix = `crestline-test-${randomUUID()}:`
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT_SCALE: '1', REDIS_KEY_PREFIX: prefix, ...env })
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

  it('allows 60 attempts per address a minute, so a classroom can log in', async () => {
    const address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`
    const codes: number[] = []
    for (let i = 0; i < 61; i++) {
      const response = await t.request({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: address,
        headers: { 'x-forwarded-for': '203.0.113.9' },
        payload: { email: `student${i}@example.test`, password: 'wrong password' },
      })
      codes.push(response.statusCode)
    }
    expect(codes.slice(0, 60).every((code) => code === 401)).toBe(true)
    expect(codes[60]).toBe(429)
  })
})
