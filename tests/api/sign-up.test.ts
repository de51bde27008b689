import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, sessionCookie, type TestApp } from '../helpers/test-app'

let t: TestApp
let adminCookie: string
beforeAll(async () => {
  t = await createTestApp()
  adminCookie = (await t.userWith({ roles: ['admin'] })).cookie
})
afterAll(() => t.close())

async function invite(body: Record<string, unknown>) {
  const response = await t.request({
    method: 'POST',
    url: '/api/v1/user-invites',
    cookie: adminCookie,
    payload: body,
  })
  expect(response.statusCode).toBe(201)
  return response.json() as { uuid: string }
}

const signUp = (payload: Record<string, unknown>) =>
  t.request({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { name: '', password: 'a long password', ...payload },
  })

describe('sign-up with an invite', () => {
  it('creates the account, its profiles, a session, and needs onboarding', async () => {
    const { uuid } = await invite({ educator: true, fao: true })
    const response = await signUp({ email: 'New.Educator@Example.test', invite: uuid })
    expect(response.statusCode).toBe(200)
    const cookie = sessionCookie(response.headers['set-cookie'])
    const me = (await t.request({ method: 'GET', url: '/api/v1/users/me', cookie })).json()
    expect(me).toMatchObject({
      email: 'new.educator@example.test',
      onboardingRequired: true,
      profileEducator: { bio: '' },
      profileFao: {},
      profileAdmin: null,
      profileStudent: null,
    })
    const preview = (await t.request({ method: 'GET', url: `/api/v1/user-invites/${uuid}` })).json()
    expect(preview).toEqual({ email: null, roles: ['educator', 'fao'], available: false })
  })

  it('gives exactly one account when ten people race on one invite', async () => {
    const { uuid } = await invite({ student: true })
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signUp({ email: `racer${i}@example.test`, invite: uuid })),
    )
    const codes = responses.map((r) => r.statusCode).sort()
    expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409])
    const invites = (
      await t.request({ method: 'GET', url: '/api/v1/user-invites', cookie: adminCookie })
    ).json()
    const used = invites.find((i: { uuid: string }) => i.uuid === uuid)
    expect(used.usedAt).not.toBeNull()
    expect(used.userUUID).not.toBeNull()
  })

  it('refuses sign-up without a valid invite', async () => {
    const missing = await signUp({ email: 'nobody@example.test' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors).toEqual([{ path: 'invite', message: 'This field is required.' }])
    const unknown = await signUp({
      email: 'nobody@example.test',
      invite: '2b1f6f0e-7a53-4c5b-9d1e-3a0c2f1e4b5d',
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().errors[0].path).toBe('invite')
  })

  it('lets only the invited address use an emailed invite', async () => {
    const { uuid } = await invite({ student: true, email: 'invited@example.test' })
    const other = await signUp({ email: 'someone.else@example.test', invite: uuid })
    expect(other.statusCode).toBe(403)
    expect(other.json().code).toBe('invite-email-mismatch')
    // The refused attempt did not burn the invite.
    expect((await signUp({ email: 'INVITED@example.test', invite: uuid })).statusCode).toBe(200)
  })

  it('refuses a taken email with 409 and keeps the invite available', async () => {
    const existing = await t.userWith({ roles: ['student'] })
    const { uuid } = await invite({ student: true })
    const response = await signUp({ email: existing.email, invite: uuid })
    expect(response.statusCode).toBe(409)
    expect(response.json().code).toBe('email-taken')
    expect((await t.request({ method: 'GET', url: `/api/v1/user-invites/${uuid}` })).json().available).toBe(
      true,
    )
  })

  it('refuses expired invites', async () => {
    const { uuid } = await invite({ student: true })
    const { sql } = await import('drizzle-orm')
    await t.db.execute(
      sql`update user_invites set expires_at = now() - interval '1 minute' where id = ${uuid}`,
    )
    const response = await signUp({ email: 'late@example.test', invite: uuid })
    expect(response.statusCode).toBe(409)
    expect(response.json().code).toBe('invite-unavailable')
  })

  it('names the fields of a bad body', async () => {
    const { uuid } = await invite({ student: true })
    const response = await signUp({ email: 'not-an-email', password: 'short', invite: uuid })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'Please provide a valid email address.' },
        { path: 'password', message: 'Use at least 10 characters.' },
      ]),
    )
  })
})
