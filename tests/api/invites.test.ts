import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink'
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app'

let t: TestApp
let sink: SmtpSink
let admin: string
beforeAll(async () => {
  sink = await startSmtpSink()
  t = await createTestApp({ SMTP_URL: sink.url })
  admin = (await t.userWith({ roles: ['admin'] })).cookie
})
afterAll(async () => {
  await t.close()
  await sink.close()
})

const create = (payload: unknown) =>
  t.request({ method: 'POST', url: '/api/v1/user-invites', cookie: admin, payload: payload as object })

describe('user invites', () => {
  it('creates an invite in the original shape and emails the link when email is set', async () => {
    const response = await create({ email: 'Parent.Student@Example.test', student: true })
    expect(response.statusCode).toBe(201)
    const invite = response.json()
    expect(invite).toMatchObject({
      student: true,
      educator: false,
      fao: false,
      admin: false,
      email: 'parent.student@example.test',
      userUUID: null,
      usedAt: null,
      status: 'available',
    })
    expect(new Date(invite.expiresAt).getTime() - new Date(invite.createdAt).getTime()).toBeGreaterThan(
      13.9 * 86_400_000,
    )
    const mail = await sink.waitFor('parent.student@example.test')
    expect(mail.text).toContain(`${TEST_ORIGIN}/login?invite=${invite.uuid}`)
    // Says where the email went: the mail server took it.
    expect(invite.mail).toBe('sent')
    expect((await create({ student: true })).json().mail).toBeUndefined()
  })

  it('lists available invites as a bare array, newest first, without used ones', async () => {
    const first = (await create({ educator: true })).json()
    const second = (await create({ fao: true })).json()
    const used = (await create({ admin: true, usedAt: new Date().toISOString() })).json()
    expect(used.status).toBe('used')
    const response = await t.request({ method: 'GET', url: '/api/v1/user-invites?available', cookie: admin })
    const list = response.json() as Array<{ uuid: string }>
    expect(Array.isArray(list)).toBe(true)
    const ids = list.map((i) => i.uuid)
    expect(ids.indexOf(second.uuid)).toBeLessThan(ids.indexOf(first.uuid))
    expect(ids).not.toContain(used.uuid)
  })

  it('refuses an invite without a role, naming the problem', async () => {
    const response = await create({ email: 'x@example.test' })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual([{ path: 'roles', message: 'Choose at least one role.' }])
  })

  it('names each bad field, and refuses unknown ones', async () => {
    const response = await create({ email: 'not an email', student: 'yes', colour: 'red' })
    expect(response.statusCode).toBe(400)
    const paths = response.json().errors.map((e: { path: string }) => e.path)
    expect(paths).toEqual(expect.arrayContaining(['email', 'student']))
    expect(response.json().errors).toContainEqual({
      path: 'email',
      message: 'Please provide a valid email address.',
    })
    const unknown = await create({ student: true, colour: 'red' })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().detail).toContain('colour')
  })

  it('accepts and ignores read-only fields a client sends back', async () => {
    const response = await create({ student: true, uuid: 'ignored', createdAt: 'ignored' })
    expect(response.statusCode).toBe(201)
    expect(response.json().uuid).not.toBe('ignored')
  })

  it('deletes an invite (no body needed, JSON content type or not); then 404', async () => {
    const { uuid } = (await create({ student: true })).json()
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/v1/user-invites/${uuid}`,
      cookie: admin,
      headers: { 'content-type': 'application/json' },
    })
    expect(deleted.statusCode).toBe(204)
    const again = await t.request({ method: 'DELETE', url: `/api/v1/user-invites/${uuid}`, cookie: admin })
    expect(again.statusCode).toBe(404)
    expect(
      (await t.request({ method: 'DELETE', url: '/api/v1/user-invites/not-a-uuid', cookie: admin }))
        .statusCode,
    ).toBe(400)
  })

  it('shows the public preview for the login page, hiding the email once used', async () => {
    const { uuid } = (await create({ email: 'preview@example.test', student: true, educator: true })).json()
    const preview = await t.request({ method: 'GET', url: `/api/v1/user-invites/${uuid}` })
    expect(preview.json()).toEqual({
      email: 'preview@example.test',
      roles: ['educator', 'student'],
      available: true,
    })
    const bad = await t.request({ method: 'GET', url: '/api/v1/user-invites/12' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors[0].path).toBe('id')
  })
})

describe('an invite on a server that writes mail to its outbox', () => {
  it("says the email was put in the outbox, on creating and on resending, and doesn't claim it was sent", async () => {
    const outbox = await createTestApp()
    try {
      const admin = await outbox.userWith({ roles: ['admin'] })
      const request = (url: string, payload: object) =>
        outbox.request({ method: 'POST', url, cookie: admin.cookie, payload })
      const created = await request('/api/v1/user-invites', {
        email: 'demo.parent@example.test',
        student: true,
      })
      expect(created.statusCode).toBe(201)
      expect(created.json().mail).toBe('outbox')
      const resent = await request(`/api/v1/user-invites/${created.json().uuid}/resend`, {})
      expect(resent.statusCode).toBe(200)
      expect(resent.json().mail).toBe('outbox')
    } finally {
      await outbox.close()
    }
  })
})
