import type { FastifyRequest } from 'fastify'
import { tooManyRequests } from '../problems'
import { AUTH_LIMITS, type RateLimiter } from './rate-limiter'

export const emailOf = (body: unknown): string =>
  typeof (body as { email?: unknown })?.email === 'string'
    ? (body as { email: string }).email.trim().toLowerCase()
    : ''

/** An attempt counted as a failure before it was made, to be taken back if it succeeds. */
export interface Reservation {
  kind: string
  subject: string
  ip: string
}

/**
 * Sign-in, sign-up, change-password and reset requests: per address and per email+address
 * (docs/api.md#rate-limits). An attempt is counted as a failure *before* the password is checked,
 * in one atomic increment, so parallel guesses cannot all read "no failures yet"; a successful
 * attempt then takes its count back (`settle`). Reset requests count every request.
 */
export async function checkLimits(
  request: FastifyRequest,
  limiter: RateLimiter,
  kind: string,
  subject = emailOf(request.body),
): Promise<Reservation | null> {
  const perIp = await limiter.hit([kind, 'ip', request.ip], AUTH_LIMITS.perIp)
  if (perIp.count > limiter.allowed(AUTH_LIMITS.perIp)) throw tooManyRequests(perIp.retryAfterSeconds)
  if (!subject) return null
  const seen = await limiter.hitFailure(kind, subject, request.ip)
  if (seen.count > limiter.allowed(AUTH_LIMITS.failuresPerEmailAndIp))
    throw tooManyRequests(seen.retryAfterSeconds)
  return kind === 'reset' ? null : { kind, subject, ip: request.ip }
}

/**
 * Refused sign-ups on one invite, from any address: an invite that names no email would otherwise
 * let whoever holds it test, one email after another, which ones have an account (409
 * `email-taken`). Five refusals per invite per 15 minutes (docs/api.md#rate-limits).
 */
export async function checkInviteLimit(limiter: RateLimiter, invite: string): Promise<Reservation> {
  const seen = await limiter.hitFailure('sign-up-invite', invite, 'any address')
  if (seen.count > limiter.allowed(AUTH_LIMITS.failuresPerEmailAndIp))
    throw tooManyRequests(seen.retryAfterSeconds)
  return { kind: 'sign-up-invite', subject: invite, ip: 'any address' }
}

/** Keeps a reserved failure when the attempt was refused (4xx); takes it back otherwise. */
export async function settle(
  limiter: RateLimiter,
  reservation: Reservation | null | undefined,
  status: number,
) {
  if (!reservation) return
  if (status >= 400 && status < 500) return
  await limiter.releaseFailure(reservation.kind, reservation.subject, reservation.ip)
}
