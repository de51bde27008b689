/** The shell's element holding the first screen's answers (ADR 047). */
export const FIRST_SCREEN_ELEMENT_ID = 'first-screen'

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
const RECORD_PAGE = new RegExp(`^/students/(${UUID})$`, 'i')

/**
 * The API reads (paths under `/api`) whose answers an app page asks for first: the current user
 * on every page, then the page's own reads where it has them (the dashboard's week; the record
 * and its overview). The server puts their answers in the shell; the web app seeds its query
 * cache with them.
 */
export function firstScreenApiPaths(pathname: string): string[] {
  if (pathname === '/dashboard') return ['/v1/users/me', '/v1/screens/week']
  const record = RECORD_PAGE.exec(pathname)
  if (record) return ['/v1/users/me', `/v1/students/${record[1]}`, `/v1/students/${record[1]}/overview`]
  return ['/v1/users/me']
}
