import { z } from 'zod'
import { apiFetch } from '../../../lib/api-client'
import { announceSessionChange } from '../session-channel'

/** better-auth's answers to these calls are not part of our contract: only their status is. */
const anyAnswer = z.unknown()

/** The app's other tabs re-check who is logged in after each of these. */
async function changingSession<T>(call: Promise<T>): Promise<T> {
  const answer = await call
  announceSessionChange()
  return answer
}

export function logIn(body: { email: string; password: string }) {
  return changingSession(apiFetch('/auth/sign-in/email', { method: 'POST', body, schema: anyAnswer }))
}

export function logOut() {
  return changingSession(apiFetch('/auth/sign-out', { method: 'POST', body: {}, schema: anyAnswer }))
}

export function signUpWithInvite(body: { email: string; password: string; invite: string }) {
  return changingSession(
    apiFetch('/auth/sign-up/email', {
      method: 'POST',
      body: { ...body, name: '' },
      schema: anyAnswer,
    }),
  )
}

export function requestPasswordReset(email: string) {
  return apiFetch('/auth/request-password-reset', {
    method: 'POST',
    body: { email, redirectTo: '/reset-password' },
    schema: anyAnswer,
  })
}

export function resetPassword(body: { newPassword: string; token: string }) {
  return apiFetch('/auth/reset-password', { method: 'POST', body, schema: anyAnswer })
}

/**
 * better-auth's change-password; `revokeOtherSessions` ends the user's other sessions in the
 * same transaction and gives this browser a fresh session cookie.
 */
export function changePassword(body: { currentPassword: string; newPassword: string }) {
  return apiFetch('/auth/change-password', {
    method: 'POST',
    body: { ...body, revokeOtherSessions: true },
    schema: anyAnswer,
  })
}
