import { sql } from 'drizzle-orm'
import { type TOTP, URI } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '../../src/server/db/raw'
import { createTestApp, type SignedIn, TEST_ORIGIN, type TestApp } from '../helpers/test-app'

/**
 * Two-factor with an authenticator app: set-up, the login's second step, backup codes, and the
 * admin's "Require two-factor for staff". Codes are computed with otpauth, an implementation
 * independent of the server's, so the server is held to the standard (RFC 6238), not to itself.
 */
let t: TestApp
let admin: SignedIn

beforeAll(async () => {
  t = await createTestApp({}, { signIn: 'route' })
  admin = await t.userWith({ roles: ['admin'] })
})
afterAll(() => t.close())

const post = (url: string, cookie: string, payload: object) =>
  t.request({ method: 'POST', url, cookie, headers: { origin: TEST_ORIGIN }, payload })
const me = (cookie: string) => t.request({ method: 'GET', url: '/api/v1/users/me', cookie })
const cookiesOf = (response: { headers: Record<string, unknown> }) =>
  ([] as string[])
    .concat((response.headers['set-cookie'] as string | string[] | undefined) ?? [])
    .map((cookie) => cookie.split(';')[0]!)
    .filter((cookie) => !cookie.endsWith('='))
    .join('; ')

/** Set-up as the person does it in /settings: password, then the app's first code. */
async function enrol(
  person: SignedIn,
): Promise<{ totp: TOTP; backupCodes: string[]; cookie: string; firstCode: string }> {
  const started = await post('/api/auth/two-factor/enable', person.cookie, { password: person.password })
  expect(started.statusCode, started.body).toBe(200)
  const { totpURI, backupCodes } = started.json()
  expect(backupCodes).toHaveLength(10)
  // One case and no look-alike letters, so a code is typed as printed (backup-codes.ts).
  for (const code of backupCodes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/)
  expect(new Set(backupCodes).size).toBe(10)
  const totp = URI.parse(totpURI) as TOTP
  expect(totp.issuer).toBe('Crestline Prep')
  expect(totp.label).toBe(person.email)
  const firstCode = totp.generate()
  const verified = await post('/api/auth/two-factor/verify-totp', person.cookie, { code: firstCode })
  expect(verified.statusCode, verified.body).toBe(200)
  expect(verified.body).not.toContain('"token"')
  // Turning it on replaces the session: the new cookie is the one to keep.
  return { totp, backupCodes, cookie: cookiesOf(verified) || person.cookie, firstCode }
}

/**
 * The code of the next 30-second step: accepted (one step either side is), and later than the step
 * set-up used, which each code may be only once.
 */
const nextCode = (totp: TOTP) => totp.generate({ timestamp: Date.now() + 30_000 })

async function signIn(email: string, password: string) {
  return t.request({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } })
}

describe('two-factor with an authenticator app', () => {
  it('is set up with the password and a first code, and then every login asks for a code', async () => {
    const educator = await t.userWith({ roles: ['educator'] })
    const wrongPassword = await post('/api/auth/two-factor/enable', educator.cookie, {
      password: 'not my password',
    })
    expect(wrongPassword.statusCode).toBe(400)
    const { totp, cookie } = await enrol(educator)
    expect((await me(cookie)).json()).toMatchObject({ twoFactorEnabled: true, twoFactorRequired: false })

    const first = await signIn(educator.email, educator.password)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] })
    const pending = cookiesOf(first)
    expect(pending).not.toMatch(/session_token/)
    // No session yet: the password alone reads nothing.
    expect((await me(pending)).statusCode).toBe(401)
    const wrong = await post('/api/auth/two-factor/verify-totp', pending, { code: '000000' })
    expect(wrong.statusCode).toBe(401)
    const right = await post('/api/auth/two-factor/verify-totp', pending, { code: nextCode(totp) })
    expect(right.statusCode, right.body).toBe(200)
    expect(right.body).not.toContain('"token"')
    expect((await me(cookiesOf(right))).statusCode).toBe(200)
  })

  it('takes each code from the app once: a second login with it, or set-up’s code, is refused', async () => {
    const educator = await t.userWith({ roles: ['educator'] })
    const { totp, firstCode } = await enrol(educator)
    const pendingLogin = async () => cookiesOf(await signIn(educator.email, educator.password))
    // Set-up's code does not log in, whichever step it is now.
    const again = await post('/api/auth/two-factor/verify-totp', await pendingLogin(), { code: firstCode })
    expect(again.statusCode).toBe(401)
    const code = nextCode(totp)
    const first = await post('/api/auth/two-factor/verify-totp', await pendingLogin(), { code })
    expect(first.statusCode, first.body).toBe(200)
    const second = await post('/api/auth/two-factor/verify-totp', await pendingLogin(), { code })
    expect(second.statusCode).toBe(401)
    expect(second.json().code).toBe('invalid-code')
    expect((await me(cookiesOf(second))).statusCode).toBe(401)
  })

  it('lets one of two logins racing with the same code through, never both', async () => {
    const fao = await t.userWith({ roles: ['fao'] })
    const { totp } = await enrol(fao)
    const pending = await Promise.all(
      [1, 2].map(async () => cookiesOf(await signIn(fao.email, fao.password))),
    )
    const code = nextCode(totp)
    const answers = await Promise.all(
      pending.map((cookie) => post('/api/auth/two-factor/verify-totp', cookie, { code })),
    )
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401])
  })

  it('takes each backup code once, instead of the app', async () => {
    const fao = await t.userWith({ roles: ['fao'] })
    const { backupCodes } = await enrol(fao)
    const tryBackupCode = async () => {
      const pending = cookiesOf(await signIn(fao.email, fao.password))
      return post('/api/auth/two-factor/verify-backup-code', pending, { code: backupCodes[0]! })
    }
    const once = await tryBackupCode()
    expect(once.statusCode, once.body).toBe(200)
    expect((await me(cookiesOf(once))).statusCode).toBe(200)
    expect((await tryBackupCode()).statusCode).toBe(401)
  })

  it('refuses a badly shaped code with 400 naming the field, before better-auth sees it', async () => {
    const pending = cookiesOf(await signIn(admin.email, admin.password))
    for (const code of ['12345', 'abcdef', '1234567', '']) {
      const answer = await post('/api/auth/two-factor/verify-totp', pending, { code })
      expect(answer.statusCode).toBe(400)
      expect(answer.json().errors[0].path).toBe('code')
    }
  })

  it('stores the secret and backup codes encrypted', async () => {
    const student = await t.userWith({ roles: ['student'] })
    const { totp, backupCodes } = await enrol(student)
    const [row] = await selectRows<{ secret: string; backup_codes: string }>(
      t.db,
      sql`select secret, backup_codes from two_factors where user_id = ${student.id}`,
    )
    expect(row!.secret).not.toContain(totp.secret.base32)
    expect(row!.backup_codes).not.toContain(backupCodes[0])
  })
})

describe('"Require two-factor for staff"', () => {
  const setRequirement = (value: boolean, cookie = admin.cookie) =>
    t.request({
      method: 'PUT',
      url: '/api/v1/admin/settings',
      cookie,
      headers: { origin: TEST_ORIGIN },
      payload: { requireStaffTwoFactor: value },
    })

  it('makes staff without it set it up before they read anything; students and families are not asked', async () => {
    const educator = await t.userWith({ roles: ['educator'] })
    const student = await t.userWith({ roles: ['student'] })
    const enrolledAdmin = await t.userWith({ roles: ['admin'] })
    const { cookie: adminCookie } = await enrol(enrolledAdmin)
    expect((await setRequirement(true, educator.cookie)).statusCode).toBe(403)
    const set = await setRequirement(true, adminCookie)
    expect(set.statusCode, set.body).toBe(200)
    expect(set.json()).toMatchObject({ requireStaffTwoFactor: true })

    // The educator may read only who they are, and set up two-factor.
    const refused = await t.request({ method: 'GET', url: '/api/v1/students', cookie: educator.cookie })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('two-factor-required')
    expect((await me(educator.cookie)).json()).toMatchObject({
      twoFactorEnabled: false,
      twoFactorRequired: true,
    })
    const { cookie } = await enrol(educator)
    expect((await t.request({ method: 'GET', url: '/api/v1/students', cookie })).statusCode).toBe(200)
    // Turning it off is refused while it is required.
    const off = await post('/api/auth/two-factor/disable', cookie, { password: educator.password })
    expect(off.statusCode).toBe(403)
    expect(off.json().code).toBe('two-factor-required')

    expect(
      (await t.request({ method: 'GET', url: `/api/v1/students/${student.id}`, cookie: student.cookie }))
        .statusCode,
    ).toBe(200)
    const events = await selectRows<{ action: string }>(
      t.db,
      sql`select action from audit_events where action = 'settings.changed' and actor_id = ${enrolledAdmin.id}`,
    )
    expect(events).toHaveLength(1)
    expect((await setRequirement(false, adminCookie)).json()).toMatchObject({ requireStaffTwoFactor: false })
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/admin/settings', cookie: adminCookie })).json(),
    ).toMatchObject({
      requireStaffTwoFactor: false,
    })
  })

  it('a staff member who must set it up is refused on every route but their own account and the public ones (not their data export or calendar feed)', async () => {
    const enrolledAdmin = await t.userWith({ roles: ['admin'] })
    const { cookie: adminCookie } = await enrol(enrolledAdmin)
    expect((await setRequirement(true, adminCookie)).statusCode).toBe(200)
    const waiting = await t.userWith({ roles: ['educator', 'fao'] })
    const open = new Set([
      'GET /api/v1/users/me',
      'PATCH /api/v1/users/me',
      'POST /api/v1/users/{id}/onboard',
      'GET /api/v1/users/me/sessions',
      'DELETE /api/v1/users/me/sessions',
      'DELETE /api/v1/users/me/sessions/{sessionId}',
      'GET /api/v1/calendar/{file}',
      'GET /api/v1/user-invites/{id}',
      'POST /api/v1/contact',
    ])
    const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>
    }
    let refused = 0
    for (const [path, operations] of Object.entries(document.paths)) {
      if (!path.startsWith('/api/v1/')) continue
      for (const method of Object.keys(operations).filter((m) => m !== 'head')) {
        const route = `${method.toUpperCase()} ${path}`
        const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000')
        const answer = await t.request({
          method: method.toUpperCase() as 'GET',
          url,
          cookie: waiting.cookie,
          headers: { origin: TEST_ORIGIN },
          ...(method === 'get' || method === 'delete' ? {} : { payload: {} }),
        })
        const code = answer.statusCode === 403 ? answer.json().code : null
        if (open.has(route)) expect(code, route).not.toBe('two-factor-required')
        else {
          expect(code, route).toBe('two-factor-required')
          refused += 1
        }
      }
    }
    expect(refused).toBeGreaterThan(40)
    expect((await setRequirement(false, adminCookie)).statusCode).toBe(200)
  })

  it('a staff member’s existing calendar feed answers 404 while they must set up two-factor, and again once they have', async () => {
    const enrolledAdmin = await t.userWith({ roles: ['admin'] })
    const { cookie: adminCookie } = await enrol(enrolledAdmin)
    const educator = await t.userWith({ roles: ['educator'] })
    const turnedOn = await post('/api/v1/users/me/calendar', educator.cookie, {})
    const feed = new URL(turnedOn.json().url).pathname
    const read = async () => (await t.request({ method: 'GET', url: feed })).statusCode
    expect(await read()).toBe(200)
    expect((await setRequirement(true, adminCookie)).statusCode).toBe(200)
    expect(await read()).toBe(404)
    const renew = await post('/api/v1/users/me/calendar', educator.cookie, {})
    expect(renew.json().code).toBe('two-factor-required')
    await enrol(educator)
    expect(await read()).toBe(200)
    expect((await setRequirement(false, adminCookie)).statusCode).toBe(200)
  })

  it('cannot be turned on by an admin who has not set up two-factor themself', async () => {
    const answer = await setRequirement(true)
    expect(answer.statusCode).toBe(409)
    expect(answer.json().code).toBe('two-factor-not-set-up')
  })
})
