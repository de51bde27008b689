import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { loginHref } from '../../../lib/login-href'
import { logOut } from './log-in'

/** Ends the session, forgets everything cached for this person, and goes to /login (a full page load: ADR 036). */
export function useLogOut() {
  const queryClient = useQueryClient()
  const [pending, setPending] = useState(false)
  const run = async () => {
    setPending(true)
    // Calls still on their way would come back 401 once the session is gone: stop them first.
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
