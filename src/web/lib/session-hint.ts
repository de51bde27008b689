import { SESSION_HINT_COOKIE } from '../../shared/public-site'

/**
 * Whether this browser holds the "probably logged in" hint. Without it nobody is logged in here
 * (the server sets it with every session cookie), so a page need not ask the server and log a
 * 401 in the console; with it, the server still decides.
 */
export function hasSessionHint(): boolean {
  return new RegExp(`(^|; )${SESSION_HINT_COOKIE}=1(;|$)`).test(document.cookie)
}

/** Forgets the "probably logged in" hint of the public pages once the session is known to be gone. */
export function clearSessionHint(): void {
  if (document.cookie.includes(`${SESSION_HINT_COOKIE}=`)) {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and Firefox; this clears one fixed-name cookie
    document.cookie = `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`
  }
}
