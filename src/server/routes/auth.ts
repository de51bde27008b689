import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  changePasswordBodySchema,
  requestPasswordResetBodySchema,
  resetPasswordBodySchema,
  signInBodySchema,
  signUpBodySchema,
} from '../../shared/auth'
import { SESSION_HINT_COOKIE } from '../../shared/public-site'
import type { Auth } from '../auth/better-auth'
import { AUTH_LIMITS, type RateLimiter } from '../auth/rate-limiter'
import { SESSION_EXPIRES_IN } from '../auth/session'
import { signUpWithInvite } from '../modules/invites/sign-up'
import { access } from '../plugins/access'
import { sendProblem } from '../plugins/errors'
import { HttpProblem, tooManyRequests } from '../problems'

interface Options {
  auth: Auth
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

async function relay(response: Response, reply: FastifyReply): Promise<FastifyReply> {
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
  return reply.code(response.status).send(withoutToken(text))
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

/** Sign-in, sign-up and reset requests: per address and per email+address (docs/api.md#rate-limits). */
async function checkLimits(
  request: FastifyRequest,
  limiter: RateLimiter,
  kind: string,
  subject = emailOf(request.body),
): Promise<void> {
  const perIp = await limiter.hit([kind, 'ip', request.ip], AUTH_LIMITS.perIp)
  if (perIp.count > limiter.allowed(AUTH_LIMITS.perIp)) throw tooManyRequests(perIp.retryAfterSeconds)
  const email = subject
  if (!email) return
  // Reset requests count every request; sign-in and sign-up count failures only.
  const seen =
    kind === 'reset'
      ? await limiter.hitFailure(kind, email, request.ip)
      : await limiter.peekFailures(kind, email, request.ip)
  const limit = limiter.allowed(AUTH_LIMITS.failuresPerEmailAndIp)
  if (kind === 'reset' ? seen.count > limit : seen.count >= limit)
    throw tooManyRequests(seen.retryAfterSeconds)
}

async function countFailure(
  request: FastifyRequest,
  limiter: RateLimiter,
  kind: string,
  status: number,
  subject = emailOf(request.body),
) {
  const email = subject
  if (email && status >= 400 && status < 500 && status !== 429) {
    await limiter.hitFailure(kind, email, request.ip)
  }
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
    path: '/api/auth/change-password',
    kind: 'change-password',
    body: changePasswordBodySchema,
    summary: 'Change your password (the current one is required); optionally end your other sessions',
  },
] as const

const authRoutes: FastifyPluginAsyncZod<Options> = async (app, { auth, limiter, appOrigin }) => {
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
      preHandler: async (request) => checkLimits(request, limiter, 'sign-up'),
    },
    async (request, reply) => {
      try {
        await signUpWithInvite(app.db, request.body)
      } catch (error) {
        if (error instanceof HttpProblem) await countFailure(request, limiter, 'sign-up', error.status)
        throw error
      }
      const response = await auth.api.signInEmail({
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
  const subjects = new WeakMap<FastifyRequest, string>()
  async function subjectOf(request: FastifyRequest, kind: string): Promise<string> {
    if (kind !== 'change-password') return emailOf(request.body)
    const session = await auth.api
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
          const subject = await subjectOf(request, route.kind)
          subjects.set(request, subject)
          await checkLimits(request, limiter, route.kind, subject)
        },
      },
      async (request, reply) => {
        const response = await auth.handler(toFetchRequest(request, appOrigin))
        if (route.kind === 'sign-in' || route.kind === 'change-password') {
          await countFailure(request, limiter, route.kind, response.status, subjects.get(request))
        }
        return relay(response, reply)
      },
    )
  }

  // The rest of better-auth (sign-out, get-session, change-password …) as it is.
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    config: { access: access.public },
    handler: async (request, reply) => relay(await auth.handler(toFetchRequest(request, appOrigin)), reply),
  })
}

export default authRoutes
