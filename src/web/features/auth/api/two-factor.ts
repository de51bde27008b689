import { z } from 'zod'
import { apiFetch } from '../../../lib/api-client'
import { announceSessionChange } from '../session-channel'

/** The sign-in answer when the account has two-factor: no session yet, a code comes next. */
export const twoFactorRedirectSchema = z.object({ twoFactorRedirect: z.literal(true) })
export const needsSecondFactor = (answer: unknown) => twoFactorRedirectSchema.safeParse(answer).success

const setUpSchema = z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) })
export type TwoFactorSetUp = z.infer<typeof setUpSchema>
const anyAnswer = z.unknown()

/** Set-up's first step (password): the authenticator link and ten backup codes. */
export function startTwoFactor(password: string) {
  return apiFetch('/auth/two-factor/enable', { method: 'POST', body: { password }, schema: setUpSchema })
}

/**
 * A code from the app: the login's second step, or the first code after set-up, which turns
 * two-factor on. Either way the session changes, so other tabs re-check.
 */
export async function verifyTotp(code: string, trustDevice = false) {
  const answer = await apiFetch('/auth/two-factor/verify-totp', {
    method: 'POST',
    body: { code, trustDevice },
    schema: anyAnswer,
  })
  announceSessionChange()
  return answer
}

export async function verifyBackupCode(code: string, trustDevice = false) {
  const answer = await apiFetch('/auth/two-factor/verify-backup-code', {
    method: 'POST',
    body: { code, trustDevice },
    schema: anyAnswer,
  })
  announceSessionChange()
  return answer
}

export function newBackupCodes(password: string) {
  return apiFetch('/auth/two-factor/generate-backup-codes', {
    method: 'POST',
    body: { password },
    schema: z.object({ backupCodes: z.array(z.string()) }),
  })
}

export async function turnOffTwoFactor(password: string) {
  const answer = await apiFetch('/auth/two-factor/disable', {
    method: 'POST',
    body: { password },
    schema: anyAnswer,
  })
  announceSessionChange()
  return answer
}
