import { fromNodeHeaders } from 'better-auth/node'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Role } from '../../shared/roles'
import type { LoadAuth } from '../auth/better-auth'
import { readSession, type SessionReader, verifiedSessionToken } from '../auth/session'
import { loadViewer, type Viewer } from '../auth/viewer'
import type { Db } from '../db/client'
import { forbidden, HttpProblem, unauthorized } from '../problems'

/**
 * Who may call a route, declared on every /api/v1 route (docs/product.md#permissions). Finer rules (a
 * student's own record, a team) are the table in src/shared/record-rules.ts, which the modules ask;
 * this is the first gate.
 */
export type Access =
  | { kind: 'public' }
  | {
      kind: 'user'
      roles?: readonly Role[]
      allowDuringOnboarding?: boolean
      /** Open to staff who must still set up two-factor (their own account's routes). */
      ownAccountOnly?: boolean
    }

export const access = {
  public: { kind: 'public' } as Access,
  anyUser: { kind: 'user' } as Access,
  duringOnboarding: { kind: 'user', allowDuringOnboarding: true } as Access,
  /**
   * The caller's own account (their name, their signed-in devices): open to staff who must still
   * set up two-factor too. Nothing that reads a record (their data export, their calendar feed) is.
   */
  ownAccount: { kind: 'user', ownAccountOnly: true } as Access,
  roles: (...roles: Role[]): Access => ({ kind: 'user', roles }),
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access
  }
  interface FastifyRequest {
    viewer: Viewer | null
  }
}

export interface SessionContext {
  auth: LoadAuth
  db: Db
  secret: string
  /** The app is served over https: only the __Secure- session cookie counts. */
  secureCookies: boolean
  /** Reads the session behind a verified token; the session alone by default (`readSession`). */
  readSession?: SessionReader
}

/**
 * The logged-in caller, or null; memoized per request. One query on the hot path; once a day per
 * session better-auth itself extends the session and re-sets the cookie.
 */
export async function resolveViewer(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: SessionContext,
): Promise<Viewer | null> {
  if (request.viewer) return request.viewer
  const token = verifiedSessionToken(request.headers.cookie, ctx.secret, ctx.secureCookies)
  if (!token) return null
  const found = await (ctx.readSession ?? readSession)(ctx.db, token, request)
  if (!found) return null
  if (found.needsRefresh) {
    const { headers, response } = await (await ctx.auth()).api.getSession({
      headers: fromNodeHeaders(request.headers),
      returnHeaders: true,
    })
    if (!response) return null
    for (const cookie of headers.getSetCookie()) reply.header('set-cookie', cookie)
    const viewer = await loadViewer(ctx.db, response.user.id)
    request.viewer = viewer ? { ...viewer, sessionId: response.session.id } : null
    return request.viewer
  }
  request.viewer = found.viewer
  return request.viewer
}

export function requireViewer(request: FastifyRequest): Viewer {
  if (!request.viewer) throw unauthorized()
  return request.viewer
}

export default fp(
  async function accessPlugin(app: FastifyInstance, ctx: SessionContext) {
    app.decorateRequest('viewer', null)

    app.addHook('onRoute', (route) => {
      if (route.url.startsWith('/api/v1') && !route.config?.access) {
        throw new Error(`${route.method} ${route.url} must declare config.access`)
      }
    })

    // onRequest: before body parsing, so 401 and 403 come before 415 and 400.
    app.addHook('onRequest', async (request, reply) => {
      const rule = request.routeOptions.config?.access
      if (!rule || rule.kind === 'public') return
      const viewer = await resolveViewer(request, reply, ctx)
      if (!viewer) throw unauthorized()
      if (viewer.onboardingRequired && !rule.allowDuringOnboarding) {
        throw forbidden('Finish onboarding first.', 'onboarding-required')
      }
      if (viewer.twoFactorRequired && !rule.allowDuringOnboarding && !rule.ownAccountOnly) {
        throw forbidden('Set up two-factor authentication in Settings first.', 'two-factor-required')
      }
      if (rule.roles && !rule.roles.some((role) => viewer.roles.has(role))) {
        throw new HttpProblem(403, 'forbidden', `Only ${rule.roles.join(' or ')} users may do this.`)
      }
    })
  },
  { name: 'access', dependencies: ['errors'] },
)
