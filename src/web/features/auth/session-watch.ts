import type { QueryClient } from '@tanstack/react-query'
import type { AnyRouter } from '@tanstack/react-router'
import type { CurrentUser } from '../../../shared/users'
import { isWebRoute } from '../../../shared/web-routes'
import { onNotLoggedIn } from '../../lib/api-client'
import { loginHref } from '../../lib/login-href'
import { queryKeys } from '../../lib/query-keys'
import { clearSessionHint } from '../../lib/session-hint'
import { currentUserQueryOptions } from './api/get-current-user'
import { onSessionChange } from './session-channel'

export { announceSessionChange } from './session-channel'

/**
 * Keeps the open app in step with the session:
 * - an API call answered 401 `not-logged-in` while someone was logged in means the session ended
 *   (expired, revoked, account disabled): go to the login page once, saying so, instead of an
 *   error in every panel;
 * - another tab logged in or out, or the tab comes back to the front: ask the server who is
 *   logged in, and when it is someone else, start over on their dashboard, so nothing of the
 *   first person's stays on screen or in the cache. (The prerendered login page, which is not
 *   part of the app, does the same for a visitor who is logged out there: islands/login.ts.)
 */
export function watchSession(queryClient: QueryClient, router: AnyRouter): () => void {
  const cachedUser = () => queryClient.getQueryData<CurrentUser | null>(queryKeys.currentUser)
  let ending = false

  onNotLoggedIn(() => {
    if (ending || !cachedUser()) return
    ending = true
    clearSessionHint()
    const here = router.state.location
    const redirect = isWebRoute(here.pathname) ? here.href : undefined
    // No user first, so nothing in this page sends the visitor back in on its way out.
    queryClient.setQueryData(queryKeys.currentUser, null)
    // The login page is prerendered, not a route of the app: a full page load (ADR 036).
    window.location.assign(loginHref({ err: 'session-ended', ...(redirect ? { redirect } : {}) }))
  })

  const recheck = async () => {
    const before = cachedUser()
    // Logged out here: nothing to follow (the login page follows other tabs' logins itself).
    if (!before) return
    const now = await queryClient
      .fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 })
      .catch(() => before)
    if (now && now.uuid !== before?.uuid) window.location.assign('/dashboard')
  }

  const stopListening = onSessionChange(() => void recheck())
  const onVisible = () => {
    if (document.visibilityState === 'visible') void recheck()
  }
  document.addEventListener('visibilitychange', onVisible)
  return () => {
    onNotLoggedIn(null)
    stopListening()
    document.removeEventListener('visibilitychange', onVisible)
  }
}
