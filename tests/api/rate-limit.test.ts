import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/test-app'

// The real limits (scale 1), which the rest of the suite raises (DESIGN.md section 6).
let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_SCALE: '1' })
})
afterAll(() => t.close())

describe('sign-in rate limit', () => {
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

  it('allows 60 attempts per address a minute, so a classroom can log in', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.9' }
    const codes: number[] = []
    for (let i = 0; i < 61; i++) {
      const response = await t.request({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '198.51.100.7',
        headers,
        payload: { email: `student${i}@example.test`, password: 'wrong password' },
      })
      codes.push(response.statusCode)
    }
    expect(codes.slice(0, 60).every((code) => code === 401)).toBe(true)
    expect(codes[60]).toBe(429)
  })
})
