import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

const problems = (response: { json(): { errors?: unknown } }) => response.json().errors

describe('text fields say what is wrong with them', () => {
  it('answers a too-long name with the length message, not "This field is required."', async () => {
    const user = await t.userWith({ roles: ['student'] })
    const tooLong = await t.request({
      method: 'PATCH',
      url: '/api/v1/users/me',
      cookie: user.cookie,
      headers: { origin: TEST_ORIGIN },
      payload: { name: 'A'.repeat(420) },
    })
    expect(tooLong.statusCode).toBe(400)
    expect(problems(tooLong)).toEqual([{ path: 'name', message: 'Use at most 100 characters.' }])
    const contact = await t.request({
      method: 'POST',
      url: '/api/v1/contact',
      payload: {
        name: 'B'.repeat(200),
        email: 'parent@example.test',
        service: 'tutoring',
        message: 'We would like to talk about SAT tutoring.',
      },
    })
    expect(contact.statusCode).toBe(400)
    expect(problems(contact)).toEqual([{ path: 'name', message: 'Use at most 120 characters.' }])
  })

  it('refuses a name made only of invisible characters', async () => {
    const user = await t.userWith({ roles: ['student'] })
    for (const name of ['\u200B\u200C\u200D', '\u2060\uFEFF', '\u3164\u00AD']) {
      const response = await t.request({
        method: 'PATCH',
        url: '/api/v1/users/me',
        cookie: user.cookie,
        headers: { origin: TEST_ORIGIN },
        payload: { name },
      })
      expect(response.statusCode).toBe(400)
      expect(problems(response)).toEqual([{ path: 'name', message: 'Use at least one visible character.' }])
    }
  })
})

describe('mail that would go nowhere', () => {
  it('flags the admin overview when a production server has no SMTP_URL', async () => {
    const admin = await t.userWith({ roles: ['admin'] })
    const here = await t.request({ method: 'GET', url: '/api/v1/screens/admin', cookie: admin.cookie })
    expect(here.json().mailNotSent).toBe(false)
    const production = await createTestApp({ NODE_ENV: 'production', AUTH_RATE_LIMIT_SCALE: '1' })
    try {
      const productionAdmin = await production.userWith({ roles: ['admin'] })
      const screen = await production.request({
        method: 'GET',
        url: '/api/v1/screens/admin',
        cookie: productionAdmin.cookie,
      })
      expect(screen.statusCode).toBe(200)
      expect(screen.json().mailNotSent).toBe(true)
    } finally {
      await production.close()
    }
  })
})

describe("the public pages' login hint", () => {
  it('is set beside the session cookie at login and cleared at logout; it is readable but grants nothing', async () => {
    const user = await t.userWith({ roles: ['student'] })
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: user.password },
    })
    const set = [login.headers['set-cookie']].flat().join('\n')
    expect(set).toMatch(/^crestline_in=1; Path=\/; Max-Age=604800; SameSite=Lax$/m)
    expect(set).not.toMatch(/^crestline_in=.*HttpOnly/m)
    const logout = await t.request({
      method: 'POST',
      url: '/api/auth/sign-out',
      cookie: user.cookie,
      headers: { origin: TEST_ORIGIN },
      payload: {},
    })
    expect([logout.headers['set-cookie']].flat().join('\n')).toMatch(/^crestline_in=; Path=\/; Max-Age=0/m)
    // The hint alone is no session.
    const me = await t.request({ method: 'GET', url: '/api/v1/users/me', cookie: 'crestline_in=1' })
    expect(me.statusCode).toBe(401)
  })
})
