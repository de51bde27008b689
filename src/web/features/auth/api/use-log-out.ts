import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { logOut } from './log-in'

/** Ends the session, forgets everything cached for this person, and goes to /login. */
export function useLogOut() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
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
    await navigate({ to: '/login' })
    setPending(false)
  }
  return { logOut: run, pending }
}
