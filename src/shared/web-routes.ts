/**
 * Every path the web app renders, so the server answers app routes with the shell and anything
 * else with 'Not Found' and status 404 (docs/product.md#screens-and-navigation). `$name` is one path segment.
 * tests/unit/web-routes.test.ts checks this list against the router's generated route tree.
 */
export const APP_ROUTE_PATTERNS = [
  '/forgot-password',
  '/reset-password',
  '/onboarding',
  '/dashboard',
  '/schedule',
  '/skills',
  '/settings',
  '/users',
  '/users/$uuid',
  '/students',
  '/students/$uuid',
  '/students/$uuid/practice/$attemptId',
  '/admin',
  '/admin/users',
  '/admin/students',
  '/admin/inquiries',
  '/admin/broadcast',
  '/admin/practice-tests',
  '/admin/practice-tests/new',
  '/admin/practice-tests/$formId',
] as const

/**
 * The public pages: prerendered HTML served by the server, not routes of the web app (ADR 013).
 * Blog posts are whatever content/blog holds; the server learns them from the build. /login is
 * prerendered too, with its own island (ADR 036).
 */
export const PUBLIC_PAGE_PATTERNS = [
  '/',
  '/services/tutoring',
  '/services/essays',
  '/services/admissions',
  '/about-us',
  '/contact-us',
  '/legal',
  '/blog',
  '/blog/posts/$slug',
  '/login',
] as const

const matchers = APP_ROUTE_PATTERNS.map(
  (pattern) => new RegExp(`^${pattern.replace(/\$[A-Za-z]+/g, '[^/]+')}/?$`),
)

export function isWebRoute(pathname: string): boolean {
  return matchers.some((matcher) => matcher.test(pathname))
}

/** The pattern of `APP_ROUTE_PATTERNS` that `pathname` is, if any. */
export function webRouteOf(pathname: string): (typeof APP_ROUTE_PATTERNS)[number] | undefined {
  const index = matchers.findIndex((matcher) => matcher.test(pathname))
  return index === -1 ? undefined : APP_ROUTE_PATTERNS[index]
}
