import { ApiError, errorMessage } from '../../lib/api-client'

/** "Try again in N minutes." from the 429's Retry-After (docs/api.md#rate-limits). */
export function tooManyAttemptsMessage(error: ApiError): string {
  const minutes = Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60))
  return `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`
}

export function authErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return tooManyAttemptsMessage(error)
    if (error.status === 401) return 'Email or password is incorrect.'
  }
  return errorMessage(error)
}

/** better-auth answers a wrong current password with 400 `INVALID_PASSWORD` (relayed as a problem). */
export function isWrongCurrentPassword(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 400 &&
    (error.problem?.code === 'invalid-password' || error.body.includes('INVALID_PASSWORD'))
  )
}
