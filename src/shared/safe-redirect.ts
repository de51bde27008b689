import { isWebRoute } from './web-routes'

export const AFTER_LOGIN = '/dashboard'

const BASE = 'https://app.invalid'
/** Pages a person is sent to login from, or that only make sense logged out. */
const NOT_A_DESTINATION = new Set(['/login', '/forgot-password', '/reset-password', '/onboarding'])

function looksLocal(path: string): boolean {
  // One slash then a path: not `//host`, not `/\host` (browsers read `\` as `/`), no scheme,
  // no control characters or spaces that browsers strip before reading the URL.
  const hidden = [...path].some((char) => char.charCodeAt(0) <= 0x20 || char.charCodeAt(0) === 0x7f)
  return /^\/(?![/\\])/.test(path) && !path.includes('\\') && !hidden
}

/**
 * Where to go after logging in, from `?redirect=`: a path of this app on this origin, or
 * `/dashboard`. Absolute URLs, `//host`, backslash tricks and the same hidden behind percent
 * encoding (`/%2F%2Fevil`, `/%5Cevil`) all fall back.
 */
export function safeRedirectPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2000 || !looksLocal(value)) return AFTER_LOGIN
  // Check every decoding a browser or a server could apply on the way.
  let decoded = value
  for (let round = 0; round < 3; round++) {
    let next: string
    try {
      next = decodeURIComponent(decoded)
    } catch {
      return AFTER_LOGIN
    }
    if (!looksLocal(next)) return AFTER_LOGIN
    if (next === decoded) break
    decoded = next
  }
  const url = new URL(value, BASE)
  if (url.origin !== BASE || !isWebRoute(url.pathname) || NOT_A_DESTINATION.has(url.pathname)) {
    return AFTER_LOGIN
  }
  return `${url.pathname}${url.search}${url.hash}`
}
