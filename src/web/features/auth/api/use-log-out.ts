import { onlineManager, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { loginHref } from '../../../lib/login-href'
import { logOut } from './log-in'

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
  }
  return { logOut: run, pending }
}
