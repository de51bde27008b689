import { SESSION_HINT_COOKIE } from '../../shared/public-site'

/** Forgets the "probably logged in" hint of the public pages once the session is known to be gone. */
export function clearSessionHint(): void {
  if (document.cookie.includes(`${SESSION_HINT_COOKIE}=`)) {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and Firefox; this clears one fixed-name cookie
    document.cookie = `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`
  }
}
