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
