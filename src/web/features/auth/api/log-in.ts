import { z } from 'zod'
import { apiFetch } from '../../../lib/api-client'

/** better-auth's answers to these calls are not part of our contract: only their status is. */
const anyAnswer = z.unknown()

export function logIn(body: { email: string; password: string }) {
  return apiFetch('/auth/sign-in/email', { method: 'POST', body, schema: anyAnswer })
}

export function logOut() {
  return apiFetch('/auth/sign-out', { method: 'POST', body: {}, schema: anyAnswer })
}

export function signUpWithInvite(body: { email: string; password: string; invite: string }) {
  return apiFetch('/auth/sign-up/email', {
    method: 'POST',
    body: { ...body, name: '' },
    schema: anyAnswer,
  })
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
 * better-auth's change-password, then the end of the user's other sessions. Two calls, not
 * `revokeOtherSessions: true`: that option creates a fresh session inside better-auth's
 * transaction, and our `session.create.before` hook then reads the users table outside it, which
 * hangs PGlite (its lock is not re-entrant). Switch back once the hook no longer does that.
 */
export async function changePassword(body: { currentPassword: string; newPassword: string }) {
  await apiFetch('/auth/change-password', {
    method: 'POST',
    body: { ...body, revokeOtherSessions: false },
    schema: anyAnswer,
  })
  await apiFetch('/auth/revoke-other-sessions', { method: 'POST', body: {}, schema: anyAnswer })
}
