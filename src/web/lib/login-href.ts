/**
 * The address of the login page with its notice (`err`) and where to go after (`redirect`). The
 * login page is not a route of the app but a prerendered page (ADR 036): the app reaches it with
 * a full page load, never with the router.
 */
export function loginHref(
  search: { err?: 'login-required' | 'session-ended'; redirect?: string } = {},
): string {
  const params = new URLSearchParams()
  if (search.err) params.set('err', search.err)
  if (search.redirect) params.set('redirect', search.redirect)
  const query = params.toString()
  return query ? `/login?${query}` : '/login'
}
