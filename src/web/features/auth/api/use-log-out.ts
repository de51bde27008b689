import { onlineManager, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { loginHref } from '../../../lib/login-href'
import { logOut } from './log-in'

/** How long after leaving for /login a page that is still here counts as one that stayed. */
const STAYED_MS = 5_000

/** Ends the session, forgets everything cached for this person, and goes to /login (a full page load: ADR 036). */
export function useLogOut() {
  const queryClient = useQueryClient()
  const [pending, setPending] = useState(false)
  const run = async () => {
    setPending(true)
    // Once the session is gone every call would come back 401. A query still on screen may fetch
    // again before the page leaves (a focus, or a re-render after the cache below is cleared), so
    // from here on queries wait for a network that never comes back in this page, and calls
    // already on their way are stopped.
    onlineManager.setEventListener(() => undefined)
    onlineManager.setOnline(false)
    await queryClient.cancelQueries()
    try {
      await logOut()
    } catch {
      // The session may already be gone; logging out locally is still right.
    }
    queryClient.clear()
    // The button stays pending while the browser leaves for the prerendered login page.
    window.location.assign(loginHref())
    // A page that stays (its person chose to stay on a form with unsaved changes) or comes back
    // from the back-forward cache has no session: it fetches again, and the first 401 takes it to
    // the login page as any ended session does.
    window.setTimeout(() => {
      onlineManager.setOnline(true)
      setPending(false)
    }, STAYED_MS)
    window.addEventListener('pageshow', (event) => event.persisted && window.location.reload(), {
      once: true,
    })
  }
  return { logOut: run, pending }
}
