import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contactRequests } from '../../src/server/db/schema'
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink'
import { createTestApp, type SignedIn, TEST_ORIGIN, type TestApp } from '../helpers/test-app'

const NOTIFY = 'inquiries@crestline.test'
const valid = {
  name: 'Maria Alvarez',
  email: 'Maria.Alvarez@Example.test',
  phone: '+1 (555) 010-4477',
  service: 'tutoring',
  message: 'My daughter took the PSAT in October and scored 1180. We would like a plan for the March SAT.',
}

let t: TestApp
let sink: SmtpSink
let admin: SignedIn
let student: string
beforeAll(async () => {
  sink = await startSmtpSink()
  // Scale 1: the real contact limit of 5 per address per 15 minutes.
  t = await createTestApp({ SMTP_URL: sink.url, CONTACT_NOTIFY_EMAIL: NOTIFY, AUTH_RATE_LIMIT_SCALE: '1' })
  admin = await t.userWith({ roles: ['admin'] })
  student = (await t.userWith({ roles: ['student'] })).cookie
})
afterAll(async () => {
  await t.close()
  await sink.close()
})

let address = 0
/** Each test writes from its own address so the per-IP limit does not leak between tests. */
const contact = (payload: unknown, remoteAddress = `198.51.100.${++address}`) =>
  t.request({ method: 'POST', url: '/api/v1/contact', remoteAddress, payload: payload as object })

describe('POST /api/v1/contact', () => {
  it('stores the request, emails CONTACT_NOTIFY_EMAIL with a reply-to, and thanks the visitor', async () => {
    const response = await contact(valid)
    expect(response.statusCode, response.body).toBe(202)
    expect(response.json()).toEqual({ status: 'received' })
    const rows = await t.db.select().from(contactRequests)
    const row = rows.find((r) => r.name === valid.name)
    expect(row).toMatchObject({
      email: 'maria.alvarez@example.test',
      phone: valid.phone,
      service: 'tutoring',
    })
    const mail = await sink.waitFor(NOTIFY)
    expect(mail.text).toContain('Maria Alvarez')
    expect(mail.text).toContain('SAT or ACT tutoring')
    expect(mail.text).toContain('scored 1180')
    expect(mail.text).toContain(`${TEST_ORIGIN}/admin/inquiries`)
    expect(mail.raw).toMatch(/^Reply-To: maria\.alvarez@example\.test/im)
  })

  it('names each bad field in the wording of docs/product.md', async () => {
    const response = await contact({ name: ' ', email: 'not-an-email', service: 'astrology', message: '' })
    expect(response.statusCode).toBe(400)
    const errors = Object.fromEntries(
      response.json().errors.map((e: { path: string; message: string }) => [e.path, e.message]),
    )
    expect(errors).toEqual({
      name: 'This field is required.',
      email: 'Please provide a valid email address.',
      service: 'Choose one of the options.',
      message: 'This field is required.',
    })
  })

  it('treats the phone number as optional', async () => {
    const { phone: _phone, ...withoutPhone } = valid
    expect((await contact({ ...withoutPhone, name: 'No Phone' })).statusCode).toBe(202)
    expect((await contact({ ...withoutPhone, name: 'Empty Phone', phone: '' })).statusCode).toBe(202)
    const rows = await t.db.select().from(contactRequests)
    expect(rows.filter((r) => r.name.endsWith('Phone')).map((r) => r.phone)).toEqual([null, null])
  })

  it('drops a request whose honeypot is filled: same answer, nothing stored, nothing sent', async () => {
    const before = (await t.db.select().from(contactRequests)).length
    const mailsBefore = sink.messages.length
    const response = await contact({ ...valid, name: 'Spam Bot', website: 'https://cheap-essays.example' })
    expect(response.statusCode).toBe(202)
    expect(response.json()).toEqual({ status: 'received' })
    await sink.idle()
    expect((await t.db.select().from(contactRequests)).length).toBe(before)
    expect(sink.messages.length).toBe(mailsBefore)
  })

  it('allows 5 requests per address in 15 minutes, then answers 429 with Retry-After', async () => {
    const codes: number[] = []
    for (let i = 0; i < 6; i++) codes.push((await contact(valid, '203.0.113.50')).statusCode)
    expect(codes).toEqual([202, 202, 202, 202, 202, 429])
    const limited = await contact(valid, '203.0.113.50')
    expect(limited.json().code).toBe('rate-limited')
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(800)
    // Another address is not affected.
    expect((await contact(valid, '203.0.113.51')).statusCode).toBe(202)
  })

  it('keeps the request when the email cannot be delivered', async () => {
    const broken = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9', CONTACT_NOTIFY_EMAIL: NOTIFY })
    try {
      const response = await broken.request({
        method: 'POST',
        url: '/api/v1/contact',
        payload: { ...valid, name: 'Mail Down' },
      })
      expect(response.statusCode).toBe(202)
      const rows = await broken.db.select().from(contactRequests)
      expect(rows.map((r) => r.name)).toEqual(['Mail Down'])
    } finally {
      await broken.close()
    }
  })
})

describe('inquiries', () => {
  it('lists requests newest first for admins, and marks one handled and open again', async () => {
    await contact({ ...valid, name: 'First Parent' })
    await contact({ ...valid, name: 'Second Parent' })
    const list = await t.request({ method: 'GET', url: '/api/v1/inquiries', cookie: admin.cookie })
    expect(list.statusCode).toBe(200)
    const names = list.json().inquiries.map((i: { name: string }) => i.name)
    expect(names.indexOf('Second Parent')).toBeLessThan(names.indexOf('First Parent'))
    const inquiry = list.json().inquiries.find((i: { name: string }) => i.name === 'Second Parent')
    expect(inquiry).toMatchObject({ handledAt: null, handledBy: null, service: 'tutoring' })

    const handled = await t.request({
      method: 'PATCH',
      url: `/api/v1/inquiries/${inquiry.id}`,
      cookie: admin.cookie,
      payload: { handled: true },
    })
    expect(handled.statusCode, handled.body).toBe(200)
    expect(handled.json().handledAt).toEqual(expect.any(String))
    expect(handled.json().handledBy.id).toBe(admin.id)

    const reopened = await t.request({
      method: 'PATCH',
      url: `/api/v1/inquiries/${inquiry.id}`,
      cookie: admin.cookie,
      payload: { handled: false },
    })
    expect(reopened.json()).toMatchObject({ handledAt: null, handledBy: null })
  })

  it('answers 404 for an unknown inquiry and 403 to non-admins', async () => {
    const missing = await t.request({
      method: 'PATCH',
      url: '/api/v1/inquiries/00000000-0000-4000-8000-000000000000',
      cookie: admin.cookie,
      payload: { handled: true },
    })
    expect(missing.statusCode).toBe(404)
    const refused = await t.request({ method: 'GET', url: '/api/v1/inquiries', cookie: student })
    expect(refused.statusCode).toBe(403)
  })
})
