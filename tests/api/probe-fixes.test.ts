import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addToTeam, createSatScore } from '../factories'
import { createTestApp, type TestApp } from '../helpers/test-app'

/** Faults a probe of the running product found, each with the answer it now gets. */
let t: TestApp
type Logged = Awaited<ReturnType<TestApp['userWith']>>
let admin: Logged
let student: Logged

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
      expect(record.body).not.toContain('780')
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
