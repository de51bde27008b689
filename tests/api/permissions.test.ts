import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/test-app'

/**
 * Every /api/v1 route of this issue against every kind of caller (DESIGN.md section 5). A route
 * the app serves but this table lacks fails the last test, so none can be forgotten.
 */
type Caller = 'loggedOut' | 'needsOnboarding' | 'student' | 'educator' | 'fao' | 'admin'
const CALLERS: Caller[] = ['loggedOut', 'needsOnboarding', 'student', 'educator', 'fao', 'admin']

interface RouteCase {
  method: 'GET' | 'POST' | 'DELETE'
  url: (ctx: Context) => string
  /** The route as Fastify knows it, for the completeness check. */
  route: string
  body?: (ctx: Context) => unknown
  expect: Record<Caller, number>
}

interface Context {
  ids: Record<Caller, string>
  inviteId: () => Promise<string>
}

const adminOnly = { loggedOut: 401, needsOnboarding: 403, student: 403, educator: 403, fao: 403, admin: 200 }

const ROUTES: RouteCase[] = [
  {
    method: 'GET',
    route: '/api/v1/users/me',
    url: () => '/api/v1/users/me',
    expect: { loggedOut: 401, needsOnboarding: 200, student: 200, educator: 200, fao: 200, admin: 200 },
  },
  {
    method: 'GET',
    route: '/api/v1/user-invites',
    url: () => '/api/v1/user-invites?available',
    expect: adminOnly,
  },
  {
    method: 'POST',
    route: '/api/v1/user-invites',
    url: () => '/api/v1/user-invites',
    body: () => ({ student: true }),
    expect: { ...adminOnly, admin: 201 },
  },
  {
    method: 'DELETE',
    route: '/api/v1/user-invites/:id',
    url: () => '/api/v1/user-invites/00000000-0000-4000-8000-000000000000',
    expect: { ...adminOnly, admin: 404 },
  },
  {
    method: 'GET',
    route: '/api/v1/user-invites/:id',
    url: () => '/api/v1/user-invites/00000000-0000-4000-8000-000000000000',
    expect: { loggedOut: 404, needsOnboarding: 404, student: 404, educator: 404, fao: 404, admin: 404 },
  },
  {
    method: 'POST',
    route: '/api/v1/users/:id/onboard',
    url: (ctx) => `/api/v1/users/${ctx.ids.needsOnboarding}/onboard`,
    body: () => ({ name: 'Someone Else', bio: 'Coaches essays.' }),
    // Last: it changes the caller. Only the user themself: everyone else is refused, admins included.
    expect: { loggedOut: 401, needsOnboarding: 200, student: 403, educator: 403, fao: 403, admin: 403 },
  },
]

let t: TestApp
const cookies = {} as Record<Caller, string | undefined>
const ctx: Context = { ids: {} as Record<Caller, string>, inviteId: async () => '' }

beforeAll(async () => {
  t = await createTestApp()
  const specs = {
    needsOnboarding: { roles: ['educator'], onboarded: false },
    student: { roles: ['student'] },
    educator: { roles: ['educator'] },
    fao: { roles: ['fao'] },
    admin: { roles: ['admin'] },
  } as const
  for (const [caller, spec] of Object.entries(specs)) {
    const user = await t.userWith({ ...spec, roles: [...spec.roles] })
    cookies[caller as Caller] = user.cookie
    ctx.ids[caller as Caller] = user.id
  }
})
afterAll(() => t.close())

describe.each(ROUTES)('$method $route', (route) => {
  it.each(CALLERS)('answers %s as the permissions table says', async (caller) => {
    const response = await t.request({
      method: route.method,
      url: route.url(ctx),
      cookie: cookies[caller],
      ...(route.body ? { payload: route.body(ctx) as object } : {}),
    })
    expect(response.statusCode, response.body).toBe(route.expect[caller])
    if (response.statusCode >= 400) {
      expect(response.headers['content-type']).toContain('application/problem+json')
    }
    if (caller === 'needsOnboarding' && response.statusCode === 403) {
      expect(response.json().code).toBe('onboarding-required')
    }
  })
})

it('covers every /api/v1 route the app serves', () => {
  const served = new Set<string>()
  const table = t.app.printRoutes({ commonPrefix: false })
  for (const line of table.split('\n')) {
    const match = line.match(/(\/api\/v1\/\S*) \(([A-Z, ]+)\)/)
    if (!match) continue
    for (const method of match[2]!.split(', ')) if (method !== 'HEAD') served.add(`${method} ${match[1]}`)
  }
  const covered = new Set(ROUTES.map((r) => `${r.method} ${r.route}`))
  expect([...served].filter((route) => !covered.has(route))).toEqual([])
})
