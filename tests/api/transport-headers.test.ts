import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifiedSessionToken } from '../../src/server/auth/session'
import { createUser } from '../factories'
import { createTestApp, type TestApp } from '../helpers/test-app'

/** Served behind https, the product tells browsers to stay on https; on plain http it does not. */
describe('transport security headers', () => {
  let secure: TestApp
  let plain: TestApp
  beforeAll(async () => {
    secure = await createTestApp({ APP_ORIGIN: 'https://prep.example.com' })
    plain = await createTestApp()
  })
  afterAll(async () => {
    await secure.close()
    await plain.close()
  })

  it('sends HSTS and upgrade-insecure-requests only when APP_ORIGIN is https', async () => {
    const onHttps = await secure.request({ method: 'GET', url: '/login' })
    expect(onHttps.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/)
    expect(onHttps.headers['content-security-policy']).toContain('upgrade-insecure-requests')
    const onHttp = await plain.request({ method: 'GET', url: '/login' })
    expect(onHttp.headers['strict-transport-security']).toBeUndefined()
    expect(onHttp.headers['content-security-policy']).not.toContain('upgrade-insecure-requests')
  })

  it('on https the session cookie is __Secure- named, Secure and HttpOnly', async () => {
    const user = await createUser(secure.db, { roles: ['student'] })
    const answer = await secure.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: user.password },
    })
    expect(answer.statusCode).toBe(200)
    const session = ([] as string[])
      .concat(answer.headers['set-cookie'] ?? [])
      .find((cookie) => cookie.includes('session_token='))
    expect(session).toMatch(/^__Secure-better-auth\.session_token=[^;]+;/)
    expect(session).toMatch(/;\s*Secure/i)
    expect(session).toMatch(/;\s*HttpOnly/i)
  })

  it('says Cache-Control: no-store on API answers reached by a percent-encoded path too', async () => {
    const student = await plain.userWith({ roles: ['student'] })
    for (const url of [
      `/%61pi/v1/students/${student.id}`,
      '/%61pi/v1/users/me',
      `/%61pi/v1/students/${student.id}/notes`,
      `/api/v1/%73tudents/${student.id}`,
    ]) {
      const answer = await plain.request({ method: 'GET', url, cookie: student.cookie })
      expect(answer.headers['cache-control'], url).toBe('no-store')
    }
    // The record really was answered through the encoded path (not a 404 that happens to be no-store).
    const record = await plain.request({
      method: 'GET',
      url: `/%61pi/v1/students/${student.id}`,
      cookie: student.cookie,
    })
    expect(record.statusCode).toBe(200)
    expect(record.json().uuid).toBe(student.id)
  })

  describe('records of minors are never cached', () => {
    it('API answers say Cache-Control: no-store', async () => {
      const student = await plain.userWith({ roles: ['student'] })
      for (const url of [
        `/api/v1/students/${student.id}`,
        '/api/v1/users/me',
        '/api/v1/screens/my-dashboard',
      ]) {
        const response = await plain.request({ method: 'GET', url, cookie: student.cookie })
        expect(response.headers['cache-control'], url).toBe('no-store')
      }
    })
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
