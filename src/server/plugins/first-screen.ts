import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  FIRST_SCREEN_ELEMENT_ID,
  firstScreenApiPaths,
  firstScreenViewerPaths,
  ZONE_CLOCK_KEY,
} from '../../shared/first-screen'
import { zoneClockFor } from '../../shared/zone-clock'

const SESSION_COOKIE = /(^|;\s*)(__Secure-)?better-auth\.session_token=/

/**
 * JSON safe inside a `<script>` element whatever the strings hold: no `<` (so no `</script>` or
 * `<!--`), no `>` (so no `-->`), no `&`, and no U+2028/U+2029 (line ends to older parsers).
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

export interface FirstScreen {
  /** The answers by API path, for the server's first render (ADR 049). */
  answers: Record<string, unknown>
  /** The `<script type="application/json">` element to put in the shell. */
  element: string
  /** The session cookie as `users/me` refreshed it, for the shell's answer. */
  setCookies: string[]
}

/**
 * The answers the app would ask for first (ADR 047): `users/me`, then the page's own read. Each
 * is asked of the API itself (`inject`), with the caller's cookie, so access rules, kept answers
 * and the session's refresh are exactly those of the app's own requests. Nothing for a caller
 * without a session cookie or whom `users/me` does not know; only answers that succeeded.
 */
export async function firstScreenFor(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<FirstScreen | null> {
  const cookie = request.headers.cookie
  if (!cookie || !SESSION_COOKIE.test(cookie)) return null
  const headers = {
    cookie,
    accept: 'application/json',
    ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
  }
  const ask = (url: string) =>
    app.inject({ method: 'GET', url: `/api${url}`, headers, remoteAddress: request.ip })
  const [pathname = '', search = ''] = request.url.split('?')
  const [me, ...pages] = firstScreenApiPaths(pathname, search)
  if (!me) return null
  // Side by side: the page's read is used only when `users/me` answers too.
  const [user, ...pageAnswers] = await Promise.all([ask(me), ...pages.map(ask)])
  if (user!.statusCode !== 200) return null
  const viewer = user!.json()
  const answers: Record<string, unknown> = { [me]: viewer }
  // Then the reads that depend on who asks (ADR 049).
  const viewerPages = firstScreenViewerPaths(pathname, viewer)
  const viewerAnswers = await Promise.all(viewerPages.map(ask))
  const answered = [...pageAnswers, ...viewerAnswers]
  for (const [index, page] of [...pages, ...viewerPages].entries()) {
    if (answered[index]!.statusCode === 200) answers[page] = answered[index]!.json()
  }
  // The viewer's zone, so that the browser writes times in it without setting up `Intl` (ADR 059).
  if (typeof viewer.timeZone === 'string') {
    try {
      answers[ZONE_CLOCK_KEY] = zoneClockFor(viewer.timeZone)
    } catch {
      // A zone this server's `Intl` does not know: the browser asks its own.
    }
  }
  const setCookie = user.headers['set-cookie']
  return {
    answers,
    element: `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${scriptSafeJson(answers)}</script>`,
    setCookies: setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [String(setCookie)],
  }
}
