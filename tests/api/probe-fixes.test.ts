import { createHmac } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifiedSessionToken } from '../../src/server/auth/session'
import { selectRows } from '../../src/server/db/raw'
import { addToTeam, createSatScore } from '../factories'
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app'

/** Faults a probe of the running product found, each with the answer it now gets. */
let t: TestApp
let admin: SignedIn
let student: SignedIn

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.userWith({ roles: ['admin'] })
  student = await t.userWith({ roles: ['student'] })
})
afterAll(() => t.close())

describe('team entries carry only what a team list needs', () => {
  it("a staff member's own student profile (and scores) never reach the students on their team", async () => {
    const coach = await t.userWith({ roles: ['educator', 'student'], name: 'Coach Also Student' })
    await createSatScore(t.db, coach.id, { date: '2025-03-08', english: 780, math: 790 })
    await addToTeam(t.db, student.id, coach.id)
    const fao = await t.userWith({ roles: ['fao'] })
    await addToTeam(t.db, student.id, fao.id)
    for (const reader of [student, fao]) {
      const record = await t.request({
        method: 'GET',
        url: `/api/v1/students/${student.id}`,
        cookie: reader.cookie,
      })
      const entry = record.json().team.find((m: { uuid: string }) => m.uuid === coach.id)
      expect(entry.profileStudent).toBeNull()
      expect(entry.profileEducator).toEqual({ bio: expect.any(String) })
      expect(JSON.stringify(entry)).not.toMatch(/"(english|math|sat|act)/i)
      expect(record.json().satScoresHistorical).toEqual([])
    }
  })
})

describe('a NUL character is a 400 naming the field, never a 500', () => {
  it.each([
    [
      'POST',
      '/api/v1/contact',
      { name: 'N\u0000ul', email: 'a@example.test', service: 'essays', message: 'Hi' },
      'name',
      '',
    ],
    ['PATCH', '/api/v1/users/me', { name: 'N\u0000ul' }, 'name', 'admin'],
    ['POST', '/api/v1/user-invites', { email: 'x\u0000@example.test', student: true }, 'email', 'admin'],
    ['GET', '/api/v1/users?q=%00', undefined, 'q', 'admin'],
    [
      'POST',
      '/api/auth/sign-in/email',
      { email: 'a@example.test', password: 'pass\u0000word123' },
      'password',
      '',
    ],
  ] as const)('%s %s', async (method, url, payload, path, who) => {
    const response = await t.request({
      method,
      url,
      cookie: who === 'admin' ? admin.cookie : undefined,
      ...(payload ? { payload } : {}),
    })
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json().errors[0].path).toBe(path)
  })

  it('in a document name or url', async () => {
    for (const payload of [
      { name: 'Essay\u0000', url: 'https://docs.example.com/a' },
      { name: 'Essay', url: 'https://docs.example.com/\u0000' },
    ]) {
      const response = await t.request({
        method: 'POST',
        url: `/api/v1/students/${student.id}/documents`,
        cookie: student.cookie,
        payload,
      })
      expect(response.statusCode).toBe(400)
    }
  })
})

describe('deeply nested JSON is refused with 400', () => {
  it.each(['/api/auth/sign-in/email', '/api/auth/update-user', '/api/v1/contact'])('%s', async (url) => {
    const payload = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`
    const response = await t.request({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload,
    })
    expect(response.statusCode).toBeGreaterThanOrEqual(400)
    expect(response.statusCode).toBeLessThan(500)
  })
})

describe('document links: one rule, matching the database', () => {
  it.each(['http:evil.example', 'https:/\\evil.example', 'https:evil.example/x', 'HTTPS:/evil.example'])(
    'refuses %s with 400 naming url',
    async (url) => {
      const response = await t.request({
        method: 'POST',
        url: `/api/v1/students/${student.id}/documents`,
        cookie: student.cookie,
        payload: { name: 'Link', url },
      })
      expect(response.statusCode).toBe(400)
      expect(response.json().errors[0].path).toBe('url')
    },
  )
})

describe('records of minors are never cached', () => {
  it('API answers say Cache-Control: no-store', async () => {
    for (const url of [
      `/api/v1/students/${student.id}`,
      '/api/v1/users/me',
      '/api/v1/screens/my-dashboard',
    ]) {
      const response = await t.request({ method: 'GET', url, cookie: student.cookie })
      expect(response.headers['cache-control'], url).toBe('no-store')
    }
  })
})

describe('only the auth endpoints the product uses answer', () => {
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

describe('cookie tossing on https', () => {
  const sign = (token: string) =>
    encodeURIComponent(`${token}.${createHmac('sha256', 'secret-secret').update(token).digest('base64')}`)
  const attacker = `better-auth.session_token=${sign('attacker-token')}`
  const victim = `__Secure-better-auth.session_token=${sign('victim-token')}`

  it('on https only the __Secure- cookie counts, whatever the order', () => {
    expect(verifiedSessionToken(`${attacker}; ${victim}`, 'secret-secret', true)).toBe('victim-token')
    expect(verifiedSessionToken(`${victim}; ${attacker}`, 'secret-secret', true)).toBe('victim-token')
    expect(verifiedSessionToken(attacker, 'secret-secret', true)).toBeNull()
  })

  it('on http (local development) the plain cookie is the session', () => {
    expect(verifiedSessionToken(attacker, 'secret-secret')).toBe('attacker-token')
  })
})

describe('the cross-site check cannot be skipped by the shape of the path', () => {
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
