import type { QueryClient } from '@tanstack/react-query'
import type { AnyRouter } from '@tanstack/react-router'
import type { CurrentUser } from '../../../shared/users'
import { isWebRoute } from '../../../shared/web-routes'
import { onNotLoggedIn } from '../../lib/api-client'
import { queryKeys } from '../../lib/query-keys'
import { clearSessionHint } from '../../lib/session-hint'
import { currentUserQueryOptions } from './api/get-current-user'

/** One channel object per tab: it does not hear its own messages, only the other tabs'. */
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('crestline-session')

/** Tells the app's other tabs that someone logged in or out here. */
export function announceSessionChange(): void {
  channel?.postMessage('changed')
}

/**
 * Keeps the open app in step with the session:
 * - an API call answered 401 `not-logged-in` while someone was logged in means the session ended
 *   (expired, revoked, account disabled): go to the login page once, saying so, instead of an
 *   error in every panel;
 * - another tab logged in or out, or the tab comes back to the front: ask the server who is
 *   logged in, and when it is someone else (or someone, on the login page), start over on their
 *   dashboard, so nothing of the first person's stays on screen or in the cache.
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
    // No user first, so the login page's own check does not send the visitor back in.
    queryClient.setQueryData(queryKeys.currentUser, null)
    void router
      .navigate({ to: '/login', search: { err: 'session-ended', ...(redirect ? { redirect } : {}) } })
      .finally(() => {
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.currentUser[0] })
        ending = false
      })
  })

  const recheck = async () => {
    const before = cachedUser()
    // Logged out here: only the login page cares that another tab has logged in since.
    if (!before && router.state.location.pathname !== '/login') return
    const now = await queryClient
      .fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 })
      .catch(() => before)
    if (now && now.uuid !== before?.uuid) window.location.assign('/dashboard')
  }

  const onMessage = () => void recheck()
  channel?.addEventListener('message', onMessage)
  const onVisible = () => {
    if (document.visibilityState === 'visible') void recheck()
  }
  document.addEventListener('visibilitychange', onVisible)
  return () => {
    onNotLoggedIn(null)
    channel?.removeEventListener('message', onMessage)
    document.removeEventListener('visibilitychange', onVisible)
  }
}
