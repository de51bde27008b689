import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app'

/**
 * What the server writes to its log, read from a real pino logger: no secret a request carries
 * (passwords, session cookies, tokens, what people typed) ever reaches it; an unexpected failure
 * is logged in full with its request id, while the client gets only a generic answer and that id.
 */
const lines: string[] = []
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
    done()
  },
})
let t: TestApp

beforeAll(async () => {
  t = await createTestApp({}, { logger: pino({ level: 'trace' }, sink) })
})
afterAll(() => t.close())

const logged = () => lines.join('\n')

describe('the request log', () => {
  it('never carries a password, a session cookie or token, or the text of a body', async () => {
    const user = await t.userWith({ roles: ['student'] })
    const password = 'a very particular password 4417'
    const change = await t.request({
      method: 'POST',
      url: '/api/auth/change-password',
      cookie: user.cookie,
      headers: { origin: TEST_ORIGIN },
      payload: { currentPassword: user.password, newPassword: password, revokeOtherSessions: false },
    })
    expect(change.statusCode, change.body).toBe(200)
    const signIn = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password },
    })
    expect(signIn.statusCode).toBe(200)
    const contact = await t.request({
      method: 'POST',
      url: '/api/v1/contact',
      headers: { origin: TEST_ORIGIN, authorization: 'Bearer a-bearer-token-7731' },
      payload: {
        name: 'Lou Logless',
        email: 'lou.logless@example.com',
        service: 'tutoring',
        message: 'A private message 5529 about my daughter.',
      },
    })
    expect(contact.statusCode).toBeLessThan(300)
    await t.request({ method: 'GET', url: '/api/v1/users/me', cookie: user.cookie })

    const text = logged()
    // The log did record these requests: method, path and status, with their ids.
    expect(text).toContain('/api/v1/contact')
    expect(text).toContain('/api/auth/sign-in/email')
    const token = user.cookie.split('=')[1]!.split(';')[0]!
    const newCookie = String(signIn.headers['set-cookie'])
    for (const secret of [
      password,
      user.password,
      token,
      decodeURIComponent(token),
      newCookie.split('=')[1]!.split(';')[0]!,
      'a-bearer-token-7731',
      'A private message 5529',
      'lou.logless@example.com',
      user.email,
    ]) {
      expect(text, `the log carries ${secret}`).not.toContain(secret)
    }
    expect(text).not.toMatch(/"cookie"|"authorization"|set-cookie/i)
  })
})

describe('capability secrets', () => {
  it('the request log keeps the route of a calendar feed, reset link or invite, never its secret', async () => {
    const secrets = Array.from({ length: 9 }, () => crypto.randomUUID())
    for (const url of [
      `/api/v1/calendar/${secrets[0]}.ics`,
      `/%61pi/v1/calendar/${secrets[1]}.ics`,
      `/reset-password?token=${secrets[2]}`,
      `/login?invite=${secrets[3]}`,
      `/api/v1/user-invites/${secrets[4]}`,
      // Spellings no route takes (404) are logged without the secret all the same.
      `/api/v1/calendar/${secrets[5]}.ics/`,
      `//api/v1/calendar/${secrets[6]}.ics`,
      `/api/v1/user-invites/${secrets[7]}/acceptance/`,
      `/x/api/v1/user-invites/${secrets[8]}`,
    ]) {
      const answer = await t.request({ method: 'GET', url })
      expect(answer.statusCode, url).toBeLessThan(500)
    }
    const text = logged()
    for (const secret of secrets) expect(text, `the log carries ${secret}`).not.toContain(secret)
    // The requests were logged, by their routes.
    expect(text).toContain('"url":"/api/v1/calendar/{token}.ics"')
    expect(text).toContain('"url":"/reset-password?token=…"')
    expect(text).toContain('"url":"/login?invite=…"')
    expect(text).toContain('"url":"/api/v1/user-invites/{id}"')
  })

  it('an error logged while reading an invite does not carry its id (a failed query’s parameters)', async () => {
    const secret = crypto.randomUUID()
    await t.db.execute(sql.raw('alter table user_invites rename to user_invites_away'))
    try {
      const answer = await t.request({ method: 'GET', url: `/api/v1/user-invites/${secret}` })
      expect(answer.statusCode).toBe(500)
      const requestId = answer.json().requestId
      const entry = lines
        .map((line) => JSON.parse(line) as { reqId?: string; err?: { message?: string } })
        .find((line) => line.reqId === requestId && line.err)
      // The cause is still logged in full, only the parameters are left out.
      expect(entry?.err?.message ?? '').toContain('user_invites')
      expect(logged()).not.toContain(secret)
    } finally {
      await t.db.execute(sql.raw('alter table user_invites_away rename to user_invites'))
    }
  })

  it('a database outage’s warning carries no failed query’s values', async () => {
    const secret = `outage-${crypto.randomUUID()}@example.com`
    // PostgreSQL's "cannot connect now", raised for real by a trigger: the server answers 503.
    await t.db.execute(
      sql.raw(`create or replace function starting_up() returns trigger language plpgsql as $$
        begin raise exception 'the database system is starting up' using errcode = '57P03'; end $$`),
    )
    await t.db.execute(
      sql.raw(
        'create trigger starting_up before insert on contact_requests for each row execute function starting_up()',
      ),
    )
    try {
      const answer = await t.request({
        method: 'POST',
        url: '/api/v1/contact',
        headers: { origin: TEST_ORIGIN },
        payload: { name: 'Oona Outage', email: secret, service: 'essays', message: 'Hello there.' },
      })
      expect(answer.statusCode).toBe(503)
      expect(logged()).toContain('database unavailable')
      expect(logged()).not.toContain(secret)
    } finally {
      await t.db.execute(sql.raw('drop trigger starting_up on contact_requests'))
    }
  })
})

describe('an unexpected failure', () => {
  it('answers a generic 500 with the request id, and logs the cause under that id', async () => {
    // A real fault in the database, not a stub: a trigger that fails every new contact request.
    await t.db.execute(
      sql.raw(`create or replace function fail_contact() returns trigger language plpgsql as $$
        begin raise exception 'disk quota internal detail 8812 in contact_requests'; end $$`),
    )
    await t.db.execute(
      sql.raw(
        'create trigger fail_contact before insert on contact_requests for each row execute function fail_contact()',
      ),
    )
    try {
      const answer = await t.request({
        method: 'POST',
        url: '/api/v1/contact',
        headers: { origin: TEST_ORIGIN, 'x-request-id': 'trace-7-4-1-abcdef' },
        payload: {
          name: 'Fay Failing',
          email: 'fay@example.com',
          service: 'essays',
          message: 'Hello there.',
        },
      })
      expect(answer.statusCode).toBe(500)
      expect(answer.headers['content-type']).toContain('application/problem+json')
      const body = answer.json()
      expect(body).toEqual({
        type: 'about:blank',
        title: 'Internal Server Error',
        status: 500,
        detail: 'Something went wrong on our side. Quote request id trace-7-4-1-abcdef.',
        code: 'internal-error',
        requestId: 'trace-7-4-1-abcdef',
      })
      expect(answer.body).not.toMatch(/8812|contact_requests|trigger|stack|insert|at /i)
      const entry = lines
        .map((line) => JSON.parse(line) as { reqId?: string; err?: { message?: string; stack?: string } })
        .find((line) => line.reqId === 'trace-7-4-1-abcdef' && line.err)
      expect(entry?.err?.message ?? '').toContain('disk quota internal detail 8812')
      expect(entry?.err?.stack).toBeTruthy()
    } finally {
      await t.db.execute(sql.raw('drop trigger fail_contact on contact_requests'))
      await t.db.execute(sql.raw('drop function fail_contact()'))
    }
  })
})
