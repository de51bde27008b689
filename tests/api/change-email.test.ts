import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '../../src/server/db/raw'
import type { AuditEvent } from '../../src/shared/audit'
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink'
import { createTestApp, type SignedIn, TEST_ORIGIN, type TestApp } from '../helpers/test-app'

/**
 * An admin changes a person's login email (docs/product.md#what-admins-may-change): unique without
 * regard to case, both addresses told by real SMTP, the new address logs in and the old one does
 * not. Route × caller refusals are in permissions.test.ts.
 */
let t: TestApp
let sink: SmtpSink
let admin: SignedIn

beforeAll(async () => {
  sink = await startSmtpSink()
  t = await createTestApp({ SMTP_URL: sink.url })
  admin = await t.userWith({ roles: ['admin'], name: 'Ada Admin' })
})
afterAll(async () => {
  await t.close()
  await sink.close()
})

const changeEmail = (id: string, email: unknown) =>
  t.request({ method: 'PATCH', url: `/api/v1/users/${id}/email`, cookie: admin.cookie, payload: { email } })
const signIn = (email: string, password: string) =>
  t.request({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } })
const emailOf = async (id: string) =>
  (await selectRows<{ email: string }>(t.db, sql`select email from users where id = ${id}`))[0]?.email

describe('PATCH /api/v1/users/{id}/email', () => {
  it('refuses an address another account has, in any case, with 409 email-taken naming the field', async () => {
    const person = await t.userWith({ roles: ['student'] })
    const other = await t.userWith({ roles: ['educator'], email: 'taken.address@example.test' })
    const response = await changeEmail(person.id, 'Taken.Address@EXAMPLE.test')
    expect(response.statusCode, response.body).toBe(409)
    expect(response.headers['content-type']).toContain('application/problem+json')
    expect(response.json()).toMatchObject({ code: 'email-taken', errors: [{ path: 'email' }] })
    expect(await emailOf(person.id)).toBe(person.email)
    expect(await emailOf(other.id)).toBe(other.email)
    expect(sink.messages.filter((m) => m.to.includes(person.email))).toEqual([])
  })

  it('refuses a malformed address with 400 naming the field, and an unknown person with 404', async () => {
    const person = await t.userWith({ roles: ['student'] })
    for (const email of ['not-an-email', '', 42]) {
      const response = await changeEmail(person.id, email)
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json().errors[0].path).toBe('email')
    }
    const extra = await t.request({
      method: 'PATCH',
      url: `/api/v1/users/${person.id}/email`,
      cookie: admin.cookie,
      payload: { email: 'fine@example.test', name: 'x' },
    })
    expect(extra.statusCode).toBe(400)
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nobody']) {
      expect((await changeEmail(id, 'someone.new@example.test')).statusCode).toBe(404)
    }
  })

  it('changes the login: both addresses are told, the new one logs in, the old one does not, sessions stay', async () => {
    const person = await t.userWith({ roles: ['educator'], name: 'Gil Guide', email: 'gil.old@example.test' })
    const response = await changeEmail(person.id, '  Gil.New@Example.TEST ')
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({
      uuid: person.id,
      name: 'Gil Guide',
      email: 'gil.new@example.test',
    })

    const toOld = await sink.waitFor('gil.old@example.test')
    expect(toOld.text).toContain('changed the email of your Crestline Prep account to gil.new@example.test')
    const toNew = await sink.waitFor('gil.new@example.test')
    expect(toNew.text).toContain('to this address, gil.new@example.test')
    expect(toNew.text).toContain(`${TEST_ORIGIN}/login`)

    expect((await signIn('gil.old@example.test', person.password)).statusCode).toBe(401)
    const fresh = await signIn('gil.new@example.test', person.password)
    expect(fresh.statusCode, fresh.body).toBe(200)
    // The session from before the change still works, and now reads the new address.
    const me = await t.request({ method: 'GET', url: '/api/v1/users/me', cookie: person.cookie })
    expect(me.statusCode).toBe(200)
    expect(me.json().email).toBe('gil.new@example.test')

    const audit = await t.request({
      method: 'GET',
      url: `/api/v1/audit-events?actorId=${admin.id}&limit=100`,
      cookie: admin.cookie,
    })
    const events = (audit.json().events as AuditEvent[]).filter((event) => event.subjectId === person.id)
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({
      action: 'user.email-changed',
      actor: { uuid: admin.id, name: 'Ada Admin' },
      subjectName: 'Gil Guide',
      before: { email: 'gil.old@example.test' },
      after: { email: 'gil.new@example.test' },
    })
  })

  it('a change of case only is stored without telling anyone or writing an event', async () => {
    const person = await t.userWith({ roles: ['student'], email: 'casey.case@example.test' })
    const before = sink.messages.length
    const response = await changeEmail(person.id, 'CASEY.case@example.test')
    expect(response.statusCode).toBe(200)
    expect(response.json().email).toBe('casey.case@example.test')
    expect(sink.messages.length).toBe(before)
    expect((await signIn('casey.case@example.test', person.password)).statusCode).toBe(200)
  })

  it('an admin may change their own email', async () => {
    const self = await t.userWith({ roles: ['admin'], email: 'self.admin@example.test' })
    const response = await t.request({
      method: 'PATCH',
      url: `/api/v1/users/${self.id}/email`,
      cookie: self.cookie,
      payload: { email: 'self.admin.new@example.test' },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect((await signIn('self.admin.new@example.test', self.password)).statusCode).toBe(200)
  })
})
