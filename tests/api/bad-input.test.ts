import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contactRequests } from '../../src/server/db/schema'
import { createDocument } from '../factories'
import { createTestApp, type SignedIn, TEST_ORIGIN, type TestApp } from '../helpers/test-app'

/** Garbage to every route that takes a body: always a 4xx problem, never a 500 (docs/api.md#errors-problem-details). */
const GARBAGE: unknown[] = [
  null,
  [],
  'a string',
  42,
  { email: 12, password: ['x'] },
  { name: { nested: true }, bio: 7 },
  { student: 'yes', email: '@', usedAt: 'yesterday' },
  { newPassword: '', token: null },
  { invite: 'not-a-uuid', email: 'x'.repeat(300) },
  { date: '2025-13-01', english: 'high', math: null, reading: -1, science: 1e9 },
  { date: 20250301, english: 600.5, math: 8000 },
  { name: '', url: 'javascript:alert(1)', hidden: 'yes', pinned: 1, creatorUUID: 'me' },
  { name: 'x'.repeat(500), url: `https://${'x'.repeat(3000)}.com` },
]

const ROUTES = [
  '/api/auth/sign-in/email',
  '/api/auth/sign-up/email',
  '/api/auth/request-password-reset',
  '/api/auth/reset-password',
  '/api/v1/user-invites',
  '/api/v1/users/me/onboard',
  '/api/v1/contact',
]

let t: TestApp
let cookie: string
let adminCookie: string
let admin: SignedIn
let student: SignedIn
const studentRoutes: Array<{ method: 'POST' | 'PUT' | 'DELETE'; url: string }> = []
beforeAll(async () => {
  t = await createTestApp()
  cookie = (await t.userWith({ roles: ['admin', 'educator'], onboarded: false })).cookie
  admin = await t.userWith({ roles: ['admin'] })
  adminCookie = admin.cookie
  student = await t.userWith({ roles: ['student'] })
  const document = await createDocument(t.db, student.id, { creatorId: admin.id })
  const base = `/api/v1/students/${student.id}`
  studentRoutes.push(
    { method: 'POST', url: `${base}/sat-scores` },
    { method: 'DELETE', url: `${base}/sat-scores` },
    { method: 'POST', url: `${base}/act-scores` },
    { method: 'DELETE', url: `${base}/act-scores` },
    { method: 'POST', url: `${base}/documents` },
    { method: 'PUT', url: `${base}/documents/${document}` },
    { method: 'PUT', url: `${base}/team-members/${admin.id}` },
    { method: 'DELETE', url: `${base}/team-members/${admin.id}` },
  )
})
afterAll(() => t.close())

async function expectOnlyProblems(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie: string) {
  for (const payload of GARBAGE) {
    const response = await t.request({
      method,
      url,
      cookie,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    })
    expect(response.statusCode, `${JSON.stringify(payload)} -> ${response.body}`).toBeGreaterThanOrEqual(400)
    expect(response.statusCode, `${JSON.stringify(payload)} -> ${response.body}`).toBeLessThan(500)
    expect(response.headers['content-type']).toContain('application/problem+json')
    const body = response.json()
    if (body.status === 400 && body.code === 'invalid-input') {
      expect(body.errors.length, response.body).toBeGreaterThan(0)
      for (const error of body.errors) expect(error.message).not.toMatch(/^(Invalid input|Too big|Too small)/)
    }
  }
}

describe.each(ROUTES)('POST %s with bad bodies', (url) => {
  it('answers 4xx problem details naming a field, never 500', () => expectOnlyProblems('POST', url, cookie))
})

it('answers bad bodies to PATCH /api/v1/inquiries/{id} with 4xx problems naming a field', async () => {
  const [row] = await t.db
    .insert(contactRequests)
    .values({ name: 'A Parent', email: 'parent@example.test', service: 'essays', message: 'Hello.' })
    .returning()
  await expectOnlyProblems('PATCH', `/api/v1/inquiries/${row!.id}`, adminCookie)
})

it('answers bad bodies to the student-record writes with 4xx problems naming a field', async () => {
  for (const route of studentRoutes) await expectOnlyProblems(route.method, route.url, adminCookie)
})

it('names the field when better-auth would have answered in its own words', async () => {
  const response = await t.request({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: 'nope', password: 'x' },
  })
  expect(response.statusCode).toBe(400)
  expect(response.json().errors).toEqual([
    { path: 'email', message: 'Please provide a valid email address.' },
  ])
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
