import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { APP_ROUTE_PATTERNS, isWebRoute, PUBLIC_PAGE_PATTERNS } from '../../src/shared/web-routes'

/** The full paths of the router's generated tree (`FileRoutesByFullPath`'s keys). */
function generatedFullPaths(): string[] {
  const source = readFileSync(new URL('../../src/web/routeTree.gen.ts', import.meta.url), 'utf8')
  const block = source.match(/export interface FileRoutesByFullPath \{([\s\S]*?)\n\}/)?.[1]
  if (!block) throw new Error('FileRoutesByFullPath not found in src/web/routeTree.gen.ts')
  return [...block.matchAll(/^\s*'([^']+)':/gm)].map((match) => match[1]!)
}

/** A concrete path for a route pattern: each `$param` becomes a sample segment. */
const sample = (path: string) => path.replace(/\$[A-Za-z]+/g, '0b7d5c3e-9a1f-4c2b-8e6d-3f4a5b6c7d8e')

describe('isWebRoute', () => {
  // The pathless `_marketing` layout appears in the tree as '/': the server answers '/' with the
  // prerendered home page, not the app (ADR 013).
  const fullPaths = generatedFullPaths().filter((path) => path !== '/')

  it('reads the generated route tree', () => {
    expect(fullPaths).toContain('/forgot-password')
    // /login is a prerendered page with its own island, not a route of the app (ADR 036).
    expect(fullPaths).not.toContain('/login')
    expect(fullPaths.length).toBeGreaterThanOrEqual(APP_ROUTE_PATTERNS.length)
  })

  it.each(fullPaths)('matches the router route %s, with and without a trailing slash', (fullPath) => {
    const path = sample(fullPath)
    const bare = path.length > 1 ? path.replace(/\/$/, '') : path
    expect(isWebRoute(bare)).toBe(true)
    expect(isWebRoute(bare === '/' ? '/' : `${bare}/`)).toBe(true)
  })

  it('lists no pattern the router does not have', () => {
    const routerPaths = new Set(fullPaths.map((path) => (path.length > 1 ? path.replace(/\/$/, '') : path)))
    for (const pattern of APP_ROUTE_PATTERNS) expect(routerPaths).toContain(pattern)
  })

  it.each([
    '/no-such-page',
    '/login/extra',
    '/students/a/b',
    '/admin/unknown',
    '/api/v1/users/me',
    '/dashboardx',
    '/users//',
    '/robots.txt',
    '/',
    '/services/tutoring',
    '/blog/posts/superscoring-explained',
    '/login',
  ])('does not match %s', (path) => {
    expect(isWebRoute(path)).toBe(false)
  })
})

describe('PUBLIC_PAGE_PATTERNS', () => {
  it('shares no path with the web app (a path is either prerendered or the app shell)', () => {
    for (const pattern of PUBLIC_PAGE_PATTERNS) expect(isWebRoute(sample(pattern))).toBe(false)
  })
})
