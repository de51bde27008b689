import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addGuardian } from '../factories'
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink'
import { createTestApp, type SignedIn, sessionCookie, type TestApp } from '../helpers/test-app'

let t: TestApp
let sink: SmtpSink
let admin: SignedIn
beforeAll(async () => {
  sink = await startSmtpSink()
  t = await createTestApp({ SMTP_URL: sink.url })
  admin = await t.userWith({ roles: ['admin'], name: 'Dana Whitfield' })
})
afterAll(async () => {
  await t.close()
  await sink.close()
})

const create = (payload: object) =>
  t.request({ method: 'POST', url: '/api/v1/user-invites', cookie: admin.cookie, payload })

describe('an invite with the invitee’s name', () => {
  it('keeps the name, lists it, and the mail greets them and says who invited them', async () => {
    const response = await create({ email: 'ravi@example.test', name: '  Ravi Patel ', educator: true })
    expect(response.statusCode).toBe(201)
    const invite = response.json()
    expect(invite).toMatchObject({ name: 'Ravi Patel', mail: 'sent' })
    const mail = await sink.waitFor('ravi@example.test')
    expect(mail.text).toContain('Subject: Dana Whitfield invited you to Crestline Prep')
    expect(mail.text).toContain('Hello Ravi Patel,')
    expect(mail.text).toContain("Dana Whitfield invited you to Crestline Prep's workspace (Educator).")

    const all = (await t.request({ method: 'GET', url: '/api/v1/user-invites', cookie: admin.cookie })).json()
    expect(all.find((row: { uuid: string }) => row.uuid === invite.uuid)?.name).toBe('Ravi Patel')
    // The original bare list keeps its shape, with the name as one more field.
    const available = await t.request({
      method: 'GET',
      url: '/api/v1/user-invites?available',
      cookie: admin.cookie,
    })
    expect(available.json().find((row: { uuid: string }) => row.uuid === invite.uuid)).toMatchObject({
      email: 'ravi@example.test',
      educator: true,
      name: 'Ravi Patel',
    })
  })

  it('takes no name as none, and refuses a name that is too long, naming the field', async () => {
    const blank = await create({ name: '   ', student: true })
    expect(blank.statusCode).toBe(201)
    expect(blank.json().name ?? null).toBeNull()
    const long = await create({ name: 'x'.repeat(101), student: true })
    expect(long.statusCode).toBe(400)
    expect(long.json().errors).toEqual([{ path: 'name', message: 'Use at most 100 characters.' }])
  })

  it('starts the new account from the invite’s name; onboarding still asks for it', async () => {
    const invite = (await create({ email: 'mila@example.test', name: 'Mila Brandt', student: true })).json()
    const signUp = await t.request({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: '', email: 'mila@example.test', password: 'a long password', invite: invite.uuid },
    })
    expect(signUp.statusCode).toBe(200)
    const cookie = sessionCookie(signUp.headers['set-cookie'])
    const me = (await t.request({ method: 'GET', url: '/api/v1/users/me', cookie })).json()
    expect(me).toMatchObject({ name: 'Mila Brandt', onboardingRequired: true })
  })
  it('forgets the name on the invite of a person deleted for good', async () => {
    const invite = (await create({ email: 'theo@example.test', name: 'Theo Lang', fao: true })).json()
    const signUp = await t.request({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: '', email: 'theo@example.test', password: 'a long password', invite: invite.uuid },
    })
    expect(signUp.statusCode).toBe(200)
    const me = (
      await t.request({
        method: 'GET',
        url: '/api/v1/users/me',
        cookie: sessionCookie(signUp.headers['set-cookie']),
      })
    ).json()
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/v1/users/${me.uuid}`,
      cookie: admin.cookie,
      payload: { confirmEmail: 'theo@example.test' },
    })
    expect(deleted.statusCode).toBe(204)
    const all = (await t.request({ method: 'GET', url: '/api/v1/user-invites', cookie: admin.cookie })).json()
    expect(all.find((row: { uuid: string }) => row.uuid === invite.uuid)).toMatchObject({
      name: null,
      email: null,
    })
  })
})

describe('guardians on Manage Users', () => {
  it('an admin’s guardian invite says where its mail went, keeps the name, and is listed with the others', async () => {
    const student = await t.userWith({ roles: ['student'], name: 'Nia Nguyen' })
    const response = await t.request({
      method: 'POST',
      url: `/api/v1/students/${student.id}/guardian-invites`,
      cookie: admin.cookie,
      payload: { email: 'omar@example.test', relationship: 'Father', name: 'Omar Nguyen' },
    })
    expect(response.statusCode).toBe(201)
    const answer = response.json()
    expect(answer.mail).toBe('sent')
    expect(answer.invite.name).toBe('Omar Nguyen')
    const mail = await sink.waitFor('omar@example.test')
    expect(mail.text).toContain('Hello Omar Nguyen,')
    expect(mail.text).toContain('Dana Whitfield invited you to')
    expect(mail.text).toContain("as Nia Nguyen's father")
    // When the link stops working, in the zone a new account starts in, as session emails write it.
    expect(mail.text).toMatch(
      /works once and until \w{3}, \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M E[SD]T \(America\/New_York\)\./,
    )

    const all = (await t.request({ method: 'GET', url: '/api/v1/user-invites', cookie: admin.cookie })).json()
    expect(all.find((row: { uuid: string }) => row.uuid === answer.invite.uuid)).toMatchObject({
      name: 'Omar Nguyen',
      guardianOf: { uuid: student.id, name: 'Nia Nguyen', relationship: 'Father' },
    })
    const waiting = await t.request({
      method: 'GET',
      url: `/api/v1/students/${student.id}/guardian-invites`,
      cookie: admin.cookie,
    })
    expect(waiting.json()).toMatchObject([
      { uuid: answer.invite.uuid, name: 'Omar Nguyen', relationship: 'Father' },
    ])

    const resent = await t.request({
      method: 'POST',
      url: `/api/v1/students/${student.id}/guardian-invites/${answer.invite.uuid}/resend`,
      cookie: admin.cookie,
      payload: {},
    })
    expect(resent.json().mail).toBe('sent')
  })

  it('lists a guardian with their students, and follows a link that goes', async () => {
    const first = await t.userWith({ roles: ['student'], name: 'Ada Lowe' })
    const second = await t.userWith({ roles: ['student'], name: 'Ben Lowe' })
    const guardian = await t.userWith({ roles: ['guardian'], name: 'Cleo Lowe' })
    await addGuardian(t.db, second.id, guardian.id, 'Mother')
    await addGuardian(t.db, first.id, guardian.id, 'Mother')
    const listed = async () => {
      const page = await t.request({ method: 'GET', url: '/api/v1/users?q=Lowe', cookie: admin.cookie })
      return page.json().users as Array<{ uuid: string; guardianOf?: unknown }>
    }
    const rows = await listed()
    expect(rows.find((row) => row.uuid === guardian.id)?.guardianOf).toEqual([
      { uuid: first.id, name: 'Ada Lowe', relationship: 'Mother' },
      { uuid: second.id, name: 'Ben Lowe', relationship: 'Mother' },
    ])
    // Nobody else carries the field.
    expect(rows.find((row) => row.uuid === first.id)).not.toHaveProperty('guardianOf')

    const removed = await t.request({
      method: 'DELETE',
      url: `/api/v1/students/${first.id}/guardians/${guardian.id}`,
      cookie: admin.cookie,
    })
    expect(removed.statusCode).toBe(204)
    expect((await listed()).find((row) => row.uuid === guardian.id)?.guardianOf).toEqual([
      { uuid: second.id, name: 'Ben Lowe', relationship: 'Mother' },
    ])
  })
})
