import { sql } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  changePasswordBodySchema,
  requestPasswordResetBodySchema,
  resetPasswordBodySchema,
  signInBodySchema,
  signUpBodySchema,
  twoFactorPasswordBodySchema,
  verifyBackupCodeBodySchema,
  verifyTotpBodySchema,
} from '../../shared/auth'
import { SESSION_HINT_COOKIE } from '../../shared/public-site'
import type { LoadAuth } from '../auth/better-auth'
import { refuseCommonPassword } from '../auth/common-passwords'
import { AUTH_LIMITS, type RateLimiter } from '../auth/rate-limiter'
import { SESSION_EXPIRES_IN } from '../auth/session'
import { selectRows } from '../db/raw'
import { twoFactorRequiredOf } from '../modules/admin/settings'
import { signUpWithInvite } from '../modules/invites/sign-up'
import { access } from '../plugins/access'
import { sendProblem } from '../plugins/errors'
import { HttpProblem, notFound, tooManyRequests } from '../problems'

interface Options {
  auth: LoadAuth
  limiter: RateLimiter
  appOrigin: string
}

/** better-auth's `{code, message}` answers, as problem details (docs/api.md#errors-problem-details). */
const AUTH_CODES: Record<string, { status: number; code: string; detail: string }> = {
  INVALID_EMAIL_OR_PASSWORD: {
    status: 401,
    code: 'invalid-credentials',
    detail: 'Email or password is incorrect.',
  },
  USER_ALREADY_EXISTS: {
    status: 409,
    code: 'email-taken',
    detail: 'An account with this email already exists.',
  },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: {
    status: 409,
    code: 'email-taken',
    detail: 'An account with this email already exists.',
  },
  INVALID_TOKEN: { status: 400, code: 'invalid-token', detail: 'This reset link is invalid or has expired.' },
  PASSWORD_TOO_SHORT: { status: 400, code: 'invalid-input', detail: 'The password is too short.' },
  PASSWORD_TOO_LONG: { status: 400, code: 'invalid-input', detail: 'The password is too long.' },
}

function toFetchRequest(request: FastifyRequest, appOrigin: string): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue
    headers.set(name, Array.isArray(value) ? value.join(', ') : value)
  }
  // The address better-auth records on a session is Fastify's (which trusts a proxy only when
  // TRUST_PROXY says so), never a forwarded header the caller wrote.
  headers.delete('x-real-ip')
  headers.set('x-forwarded-for', request.ip)
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined
  return new Request(`${appOrigin}${request.url}`, {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(request.body) : undefined,
  })
}

/**
 * The public pages' "probably logged in" hint follows the session cookie: set with it (same
 * lifetime, Secure when it is), cleared when it is cleared. Page scripts may read it; it grants
 * nothing.
 */
export function sessionHintCookie(setCookies: string[]): string | undefined {
  const session = setCookies.find((cookie) => /^(__Secure-)?better-auth\.session_token=/.test(cookie))
  if (!session) return undefined
  const ended = /^[^=]+=;/.test(session) || /;\s*max-age=0(;|$)/i.test(session)
  const secure = /;\s*secure(;|$)/i.test(session) ? '; Secure' : ''
  return ended
    ? `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
    : `${SESSION_HINT_COOKIE}=1; Path=/; Max-Age=${SESSION_EXPIRES_IN}; SameSite=Lax${secure}`
}

async function relay(
  response: Response,
  reply: FastifyReply,
  transform: (text: string) => string = (text) => text,
): Promise<FastifyReply> {
  const setCookies = response.headers.getSetCookie()
  for (const cookie of setCookies) reply.header('set-cookie', cookie)
  const hint = sessionHintCookie(setCookies)
  if (hint) reply.header('set-cookie', hint)
  const text = await response.text()
  if (!response.ok) {
    let body: { code?: string; message?: string } = {}
    try {
      body = JSON.parse(text)
    } catch {}
    const retryAfter = response.headers.get('x-retry-after')
    if (response.status === 429) return sendProblem(reply, tooManyRequests(Number(retryAfter) || 60))
    const known = body.code ? AUTH_CODES[body.code] : undefined
    const problem = known
      ? new HttpProblem(known.status, known.code, known.detail)
      : new HttpProblem(
          response.status,
          (body.code ?? 'auth-error').toLowerCase().replaceAll('_', '-'),
          body.message ?? 'Request refused.',
        )
    return sendProblem(reply, problem)
  }
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie' && name !== 'content-length' && name !== 'content-encoding')
      reply.header(name, value)
  }
  return reply.code(response.status).send(transform(withoutToken(text)))
}

/**
 * The authenticator link's `issuer` with its space as `%20`: the key-URI format authenticator
 * apps read does not decode `+`, so "Crestline+Prep" would be shown as the account's issuer.
 */
export function withStandardIssuer(text: string): string {
  return text.replace(/([?&]issuer=)([^&"]*)/, (_match, prefix: string, value: string) => {
    try {
      return `${prefix}${encodeURIComponent(decodeURIComponent(value.replaceAll('+', ' ')))}`
    } catch {
      return `${prefix}${value}`
    }
  })
}

/** The session lives in the HttpOnly cookie only: page scripts never see its token. */
function withoutToken(text: string): string {
  if (!text.includes('"token"')) return text
  try {
    const { token: _token, ...rest } = JSON.parse(text)
    return JSON.stringify(rest)
  } catch {
    return text
  }
}

const emailOf = (body: unknown): string =>
  typeof (body as { email?: unknown })?.email === 'string'
    ? (body as { email: string }).email.trim().toLowerCase()
    : ''

/** An attempt counted as a failure before it was made, to be taken back if it succeeds. */
interface Reservation {
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
async function checkLimits(
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
async function checkInviteLimit(limiter: RateLimiter, invite: string): Promise<Reservation> {
  const seen = await limiter.hitFailure('sign-up-invite', invite, 'any address')
  if (seen.count > limiter.allowed(AUTH_LIMITS.failuresPerEmailAndIp))
    throw tooManyRequests(seen.retryAfterSeconds)
  return { kind: 'sign-up-invite', subject: invite, ip: 'any address' }
}

/** Keeps a reserved failure when the attempt was refused (4xx); takes it back otherwise. */
async function settle(limiter: RateLimiter, reservation: Reservation | null | undefined, status: number) {
  if (!reservation) return
  if (status >= 400 && status < 500) return
  await limiter.releaseFailure(reservation.kind, reservation.subject, reservation.ip)
}

/** better-auth routes we validate and limit before handing over (docs/api.md#rate-limits). */
const CHECKED_ROUTES = [
  {
    path: '/api/auth/sign-in/email',
    kind: 'sign-in',
    body: signInBodySchema,
    summary: 'Log in with email and password',
  },
  {
    path: '/api/auth/request-password-reset',
    kind: 'reset',
    body: requestPasswordResetBodySchema,
    summary: 'Email a reset link (same answer whether or not the email exists)',
  },
  {
    path: '/api/auth/reset-password',
    kind: 'reset-token',
    body: resetPasswordBodySchema,
    summary: 'Set a new password with an emailed token',
  },
  {
    path: '/api/auth/two-factor/enable',
    kind: 'two-factor-password',
    body: twoFactorPasswordBodySchema,
    summary: 'Start two-factor set-up: answers the authenticator link (otpauth://) and ten backup codes',
  },
  {
    path: '/api/auth/two-factor/disable',
    kind: 'two-factor-password',
    body: twoFactorPasswordBodySchema,
    summary: 'Turn two-factor off (refused while an admin requires it of your roles)',
  },
  {
    path: '/api/auth/two-factor/generate-backup-codes',
    kind: 'two-factor-password',
    body: twoFactorPasswordBodySchema,
    summary: 'New backup codes; the old ones stop working',
  },
  {
    path: '/api/auth/two-factor/verify-totp',
    kind: 'two-factor-code',
    body: verifyTotpBodySchema,
    summary: "A code from the authenticator app: the login's second step, or the first code after set-up",
  },
  {
    path: '/api/auth/two-factor/verify-backup-code',
    kind: 'two-factor-code',
    body: verifyBackupCodeBodySchema,
    summary: "A backup code instead of the app's code (each works once)",
  },
  {
    path: '/api/auth/change-password',
    kind: 'change-password',
    body: changePasswordBodySchema,
    summary: 'Change your password (the current one is required); optionally end your other sessions',
  },
] as const

const authRoutes: FastifyPluginAsyncZod<Options> = async (app, { auth, limiter, appOrigin }) => {
  /** Each attempt's reserved failure, settled once the attempt's outcome is known. */
  const reservations = new WeakMap<FastifyRequest, Reservation | null>()
  const inviteReservations = new WeakMap<FastifyRequest, Reservation | null>()

  app.post(
    '/api/auth/sign-up/email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account with an invite (invite-only), then log in',
        body: signUpBodySchema,
        response: {
          200: z.object({ user: z.object({ id: z.string(), email: z.string(), name: z.string() }) }),
        },
      },
      config: { access: access.public },
      preHandler: async (request) => {
        await refuseCommonPassword('password', request.body.password)
        reservations.set(request, await checkLimits(request, limiter, 'sign-up'))
        inviteReservations.set(request, await checkInviteLimit(limiter, request.body.invite))
      },
    },
    async (request, reply) => {
      const settleBoth = async (status: number) => {
        await settle(limiter, reservations.get(request), status)
        await settle(limiter, inviteReservations.get(request), status)
      }
      try {
        await signUpWithInvite(app.db, request.body)
      } catch (error) {
        await settleBoth(error instanceof HttpProblem ? error.status : 500)
        throw error
      }
      await settleBoth(200)
      const response = await (await auth()).api.signInEmail({
        body: { email: request.body.email, password: request.body.password },
        headers: toFetchRequest(request, appOrigin).headers,
        asResponse: true,
      })
      return relay(response, reply)
    },
  )

  /**
   * Whose failures count: the email for sign-in and reset; for a password change, the user whose
   * session better-auth itself resolves (so extra or forged cookies cannot spread the guesses).
   */
  async function subjectOf(request: FastifyRequest, kind: string): Promise<string> {
    // A code is limited per address here and per login by better-auth (5 tries, then a lockout).
    if (kind === 'two-factor-code') return ''
    if (kind !== 'change-password' && kind !== 'two-factor-password') return emailOf(request.body)
    const session = await (await auth()).api
      .getSession({ headers: toFetchRequest(request, appOrigin).headers })
      .catch(() => null)
    return session ? `user:${session.user.id}` : ''
  }

  for (const route of CHECKED_ROUTES) {
    app.post(
      route.path,
      {
        schema: { tags: ['auth'], summary: route.summary, body: route.body },
        config: { access: access.public },
        preHandler: async (request) => {
          if (route.path === '/api/auth/two-factor/disable') await refuseWhileRequired(request)
          // Before the limits: choosing a common password is not a failed guess.
          await refuseCommonPassword('newPassword', (request.body as { newPassword?: unknown }).newPassword)
          // A new password ends every other session (docs/product.md#accounts-and-sessions).
          if (route.kind === 'change-password') {
            ;(request.body as { revokeOtherSessions?: boolean }).revokeOtherSessions = true
          }
          const subject = await subjectOf(request, route.kind)
          reservations.set(request, await checkLimits(request, limiter, route.kind, subject))
        },
      },
      async (request, reply) => {
        // Whose reset this is, read before better-auth uses up the token.
        const resetOwner = route.kind === 'reset-token' ? await resetTokenOwner(request.body) : null
        const response = await (await auth()).handler(toFetchRequest(request, appOrigin))
        // A used reset link voids every other one the person was sent: an older email found later
        // must not reset the password again.
        if (resetOwner && response.ok) {
          await app.db.execute(
            sql`delete from verifications where identifier like 'reset-password:%' and value = ${resetOwner}`,
          )
        }
        // A new link voids the ones sent before it at once. The same statement runs for an unknown
        // email (and deletes nothing), so the answer takes the same time either way.
        if (route.kind === 'reset' && response.ok) await keepNewestResetLink(emailOf(request.body))
        await settle(limiter, reservations.get(request), response.status)
        return relay(
          response,
          reply,
          route.path === '/api/auth/two-factor/enable' ? withStandardIssuer : undefined,
        )
      },
    )
  }

  /** Staff cannot turn two-factor off while admins require it of them. */
  async function refuseWhileRequired(request: FastifyRequest) {
    const session = await (await auth()).api
      .getSession({ headers: toFetchRequest(request, appOrigin).headers })
      .catch(() => null)
    if (session && (await twoFactorRequiredOf(app.db, session.user.id))) {
      throw new HttpProblem(
        403,
        'two-factor-required',
        'Admins require two-factor for staff, so it cannot be turned off. Make new backup codes instead.',
      )
    }
  }

  async function keepNewestResetLink(email: string) {
    await app.db.execute(sql`with owner as (select id::text as id from users where lower(email) = ${email}),
      newest as (select v.id from verifications v, owner
        where v.identifier like 'reset-password:%' and v.value = owner.id
        order by v.created_at desc, v.expires_at desc limit 1)
      delete from verifications v using owner
      where v.identifier like 'reset-password:%' and v.value = owner.id and v.id not in (select id from newest)`)
  }

  async function resetTokenOwner(body: unknown): Promise<string | null> {
    const token = (body as { token?: unknown })?.token
    if (typeof token !== 'string') return null
    const [row] = await selectRows<{ value: string }>(
      app.db,
      sql`select value from verifications where identifier = ${`reset-password:${token}`}`,
    )
    return row?.value ?? null
  }

  app.post(
    '/api/auth/sign-out',
    {
      schema: { tags: ['auth'], summary: 'Log out: ends this session and clears its cookie' },
      config: { access: access.public },
    },
    async (request, reply) => relay(await (await auth()).handler(toFetchRequest(request, appOrigin)), reply),
  )

  // Only the endpoints above are the product's; the rest of better-auth (update-user,
  // get-session, list-sessions …) would skip our rules and audit, so they do not exist here.
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/api/auth/*',
    schema: { hide: true },
    config: { access: access.public },
    handler: async () => {
      throw notFound('No such auth endpoint.')
    },
  })
}

export default authRoutes
