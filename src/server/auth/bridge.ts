import type { FastifyReply, FastifyRequest } from 'fastify'
import { SESSION_HINT_COOKIE } from '../../shared/public-site'
import { sendProblem } from '../plugins/errors'
import { HttpProblem, tooManyRequests } from '../problems'
import { SESSION_EXPIRES_IN } from './session'

/**
 * The bridge between Fastify and better-auth's fetch handler (routes/auth.ts): a request as
 * better-auth reads it, and its answer relayed back with our cookies, problem details and no
 * session token in any body.
 */

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

export function toFetchRequest(request: FastifyRequest, appOrigin: string): Request {
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

export async function relay(
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
