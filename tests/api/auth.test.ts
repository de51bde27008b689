import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '../../src/server/db/raw'
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink'
import { createTestApp, type SignedIn, TEST_ORIGIN, type TestApp } from '../helpers/test-app'

let t: TestApp
let sink: SmtpSink
beforeAll(async () => {
  sink = await startSmtpSink()
  t = await createTestApp({ SMTP_URL: sink.url }, { signIn: 'route' })
})
afterAll(async () => {
  await t.close()
  await sink.close()
})

const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, headers })

describe('log in and log out', () => {
  it('logs in, reads the current user, logs out', async () => {
    const user = await t.userWith({ roles: ['student'] })
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/users/me', cookie: user.cookie })).statusCode,
    ).toBe(200)
    const out = await t.request({
      method: 'POST',
      url: '/api/auth/sign-out',
      cookie: user.cookie,
      payload: {},
    })
    expect(out.statusCode).toBe(200)
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/users/me', cookie: user.cookie })).statusCode,
    ).toBe(401)
  })

  it('gives the same answer for a wrong password and an unknown email', async () => {
    const user = await t.userWith({ roles: ['student'] })
    const wrong = await signIn(user.email, 'not the password')
    const unknown = await signIn('nobody-here@example.test', 'not the password')
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json()).toEqual(unknown.json())
    expect(wrong.json()).toMatchObject({
      code: 'invalid-credentials',
      detail: 'Email or password is incorrect.',
    })
    expect(wrong.headers['content-type']).toContain('application/problem+json')
  })

  it('sets an HttpOnly SameSite=Lax session cookie', async () => {
    const user = await t.userWith({ roles: ['student'] })
    const response = await signIn(user.email, user.password)
    const cookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []).join('\n')
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
  })

  it('refuses a disabled account as if the password were wrong, and ends its sessions', async () => {
    const user = await t.userWith({ roles: ['educator'] })
    const { sql } = await import('drizzle-orm')
    await t.db.execute(sql`update users set disabled_at = now() where id = ${user.id}`)
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/users/me', cookie: user.cookie })).statusCode,
    ).toBe(401)
    expect((await signIn(user.email, user.password)).statusCode).toBe(401)
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
})

describe('password reset by emailed link', () => {
  it('emails a link that sets a new password; the old one stops working', async () => {
    const user = await t.userWith({ roles: ['student'] })
    const request = await t.request({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: user.email, redirectTo: '/reset-password' },
    })
    expect(request.statusCode).toBe(200)
    const mail = await sink.waitFor(user.email)
    const token = mail.text.match(/reset-password\?token=([A-Za-z0-9_-]+)/)?.[1]
    expect(mail.text).toContain(`${TEST_ORIGIN}/reset-password?token=`)
    expect(token).toBeTruthy()
    const reset = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'a brand new password' },
    })
    expect(reset.statusCode).toBe(200)
    expect((await signIn(user.email, user.password)).statusCode).toBe(401)
    expect((await signIn(user.email, 'a brand new password')).statusCode).toBe(200)
    const reused = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'another new password' },
    })
    expect(reused.statusCode).toBe(400)
  })

  it('a second link voids the first at once, before either is used', async () => {
    const user = await t.userWith({ roles: ['student'] })
    const ask = () =>
      t.request({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email: user.email, redirectTo: '/reset-password' },
      })
    expect((await ask()).statusCode).toBe(200)
    const first = (await sink.waitFor(user.email)).text.match(/reset-password\?token=([A-Za-z0-9_-]+)/)?.[1]
    expect(first).toBeTruthy()
    expect((await ask()).statusCode).toBe(200)
    const reset = (token: string, newPassword: string) =>
      t.request({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } })
    const voided = await reset(first!, 'an older link password')
    expect(voided.statusCode).toBe(400)
    expect(voided.json().code).toBe('invalid-token')
    expect((await signIn(user.email, user.password)).statusCode).toBe(200)
    // The second link still works.
    const second = (await sink.waitFor(user.email, 2)).text.match(
      /reset-password\?token=([A-Za-z0-9_-]+)/,
    )?.[1]
    expect(second).not.toBe(first)
    expect((await reset(second!, 'the newest link password')).statusCode).toBe(200)
    expect((await signIn(user.email, 'the newest link password')).statusCode).toBe(200)
  })

  it('answers an unknown email exactly like a known one, and sends nothing', async () => {
    const before = sink.messages.length
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: 'ghost@example.test', redirectTo: '/reset-password' },
    })
    expect(response.statusCode).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(sink.messages.length).toBe(before)
  })

  describe('a used reset link voids the older ones', () => {
    it('after resetting with the newest link, an older one is refused', async () => {
      const person = await t.userWith({ roles: ['student'] })
      const tokens: string[] = []
      for (let i = 0; i < 2; i++) {
        const asked = await t.request({
          method: 'POST',
          url: '/api/auth/request-password-reset',
          payload: { email: person.email },
        })
        expect(asked.statusCode).toBe(200)
        const [newest] = await selectRows<{ identifier: string }>(
          t.db,
          sql`select identifier from verifications where value = ${person.id} and identifier like 'reset-password:%'
          order by created_at desc limit 1`,
        )
        tokens.push(newest!.identifier.slice('reset-password:'.length))
      }
      expect(new Set(tokens).size).toBe(2)
      const reset = (token: string, newPassword: string) =>
        t.request({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } })
      expect((await reset(tokens[1]!, 'a brand new password')).statusCode).toBe(200)
      const older = await reset(tokens[0]!, 'an attacker password')
      expect(older.statusCode).toBe(400)
      expect(older.json().code).toBe('invalid-token')
      await t.login(person.email, 'a brand new password')
    })
  })
})

describe('only the auth endpoints the product uses answer', () => {
  let student: SignedIn
  beforeAll(async () => {
    student = await t.userWith({ roles: ['student'] })
  })

  it.each([
    ['POST', '/api/auth/update-user', { name: '' }],
    ['POST', '/api/auth/update-user', { image: 'javascript:alert(1)' }],
    ['GET', '/api/auth/get-session', undefined],
    ['GET', '/api/auth/list-sessions', undefined],
    ['POST', '/api/auth/revoke-sessions', {}],
    ['POST', '/api/auth/change-email', { newEmail: 'x@example.test' }],
  ] as const)('%s %s is 404', async (method, url, payload) => {
    const response = await t.request({ method, url, cookie: student.cookie, ...(payload ? { payload } : {}) })
    expect(response.statusCode).toBe(404)
    expect(response.body).not.toContain('"token"')
  })

  it('sign-out still works', async () => {
    const person = await t.userWith({ roles: ['student'] })
    const out = await t.request({
      method: 'POST',
      url: '/api/auth/sign-out',
      cookie: person.cookie,
      payload: {},
    })
    expect(out.statusCode).toBe(200)
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/users/me', cookie: person.cookie })).statusCode,
    ).toBe(401)
  })
})

describe('cross-site and content-type protection', () => {
  it('refuses a write with a foreign Origin, naming both origins', async () => {
    const user = await t.userWith({ roles: ['student'] })
    const response = await signIn(user.email, user.password, { origin: 'https://evil.example' })
    expect(response.statusCode).toBe(403)
    expect(response.json().detail).toContain('https://evil.example')
    expect(response.json().detail).toContain(TEST_ORIGIN)
    const ok = await signIn(user.email, user.password, { origin: TEST_ORIGIN })
    expect(ok.statusCode).toBe(200)
  })

  it('refuses bodies that are not JSON with 415, and bad JSON with 400', async () => {
    const user = await t.userWith({ roles: ['admin'] })
    const text = await t.request({
      method: 'POST',
      url: '/api/v1/user-invites',
      cookie: user.cookie,
      headers: { 'content-type': 'text/plain' },
      payload: '{"student":true}',
    })
    expect(text.statusCode).toBe(415)
    const broken = await t.request({
      method: 'POST',
      url: '/api/v1/user-invites',
      cookie: user.cookie,
      headers: { 'content-type': 'application/json' },
      payload: '{"student":',
    })
    expect(broken.statusCode).toBe(400)
    expect(broken.json().code).toBe('invalid-json')
  })

  describe('the cross-site check cannot be skipped by the shape of the path', () => {
    let admin: SignedIn
    beforeAll(async () => {
      admin = await t.userWith({ roles: ['admin'] })
    })

    it.each([
      ['POST', '/%61pi/v1/user-invites', { student: true }],
      ['PATCH', '/%61pi/v1/users/me', { name: 'Tossed' }],
      ['POST', '/api/v1/../v1/user-invites', { student: true }],
    ] as const)('%s %s from a foreign origin is 403', async (method, url, payload) => {
      const response = await t.request({
        method,
        url,
        cookie: admin.cookie,
        headers: { origin: 'https://evil.example' },
        payload,
      })
      expect(response.statusCode).toBe(403)
      expect(response.json().code).toBe('cross-site-request')
    })
  })
})
