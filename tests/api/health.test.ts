import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/test-app'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('health, readiness and the API document', () => {
  it('answers liveness and readiness', async () => {
    expect((await t.request({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' })
    expect((await t.request({ method: 'GET', url: '/api/ready' })).json()).toEqual({ status: 'ready' })
  })

  it('serves an OpenAPI 3.1 document that lists the original routes', async () => {
    const response = await t.request({ method: 'GET', url: '/api/openapi.json' })
    expect(response.statusCode).toBe(200)
    const document = response.json()
    expect(document.openapi).toBe('3.1.0')
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/users/me',
        '/api/v1/users/{id}/onboard',
        '/api/v1/user-invites',
        '/api/v1/user-invites/{id}',
      ]),
    )
  })

  it('serves the API docs viewer with its own CSP', async () => {
    const response = await t.request({ method: 'GET', url: '/api/docs/' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-security-policy']).toContain("'unsafe-inline'")
  })

  it('answers unknown API paths with 404 problem details', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/nothing-here' })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toContain('application/problem+json')
    expect(response.json()).toMatchObject({ status: 404, code: 'not-found', title: 'Not Found' })
  })

  it('serves the app shell for app routes and 404 for unknown pages', async () => {
    // /login is prerendered, not an app route (ADR 036): a route of the app answers without a build too.
    expect((await t.request({ method: 'GET', url: '/forgot-password' })).statusCode).toBe(200)
    expect(
      (await t.request({ method: 'GET', url: '/students/5b0c6c52-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(200)
    const missing = await t.request({ method: 'GET', url: '/no-such-page' })
    expect(missing.statusCode).toBe(404)
    expect(missing.headers['content-type']).toContain('text/html')
  })

  it('sets a strict content security policy on pages', async () => {
    const csp = (await t.request({ method: 'GET', url: '/login' })).headers[
      'content-security-policy'
    ] as string
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'")
  })

  it("keeps a proxy's plain request id and replaces anything else", async () => {
    const id = async (value?: string) =>
      (
        await t.request({
          method: 'GET',
          url: '/api/health',
          headers: value ? { 'x-request-id': value } : {},
        })
      ).headers['x-request-id']
    expect(await id('lb-7f3a9c21-0001')).toBe('lb-7f3a9c21-0001')
    const generated = /^[0-9a-f-]{36}$/
    expect(await id()).toMatch(generated)
    expect(await id('short')).toMatch(generated)
    expect(await id('x'.repeat(200))).toMatch(generated)
    expect(await id('forged" level=60 msg="admin logged in')).toMatch(generated)
  })
})
