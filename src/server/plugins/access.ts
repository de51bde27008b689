import { fromNodeHeaders } from 'better-auth/node'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Role } from '../../shared/roles'
import type { LoadAuth } from '../auth/better-auth'
import {
  loadSessionViewer,
  OWN_RECORD,
  type RecordCheck,
  type SessionAlso,
  verifiedSessionToken,
} from '../auth/session'
import type { Db } from '../db/client'
import { isUuid } from '../modules/students/sql'
import { type CurrentUserSessionRow, loadViewer, type Viewer } from '../modules/users/current-user'
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
    /**
     * The path parameter naming a student whose record the route reads, or `self` for the
     * caller's own: the session query then also answers what the record cache needs
     * (`request.recordCheck`), in the same round trip.
     */
    recordParam?: string
    /** The session query also reads the rest of the current user's answer (`request.currentUserRow`). */
    currentUser?: boolean
  }
  interface FastifyRequest {
    viewer: Viewer | null
    recordCheck: RecordCheck | null
    /** Read with the session when the route declares `currentUser` (GET /api/v1/users/me). */
    currentUserRow: CurrentUserSessionRow | null
  }
}

export interface SessionContext {
  auth: LoadAuth
  db: Db
  secret: string
  /** The app is served over https: only the __Secure- session cookie counts. */
  secureCookies: boolean
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
  const config = request.routeOptions.config
  const recordId =
    config?.recordParam === OWN_RECORD
      ? OWN_RECORD
      : config?.recordParam && (request.params as Record<string, string | undefined>)[config.recordParam]
  const also: SessionAlso | undefined =
    recordId && (recordId === OWN_RECORD || isUuid(recordId))
      ? { recordId }
      : config?.currentUser
        ? { currentUser: true }
        : undefined
  const found = await loadSessionViewer(ctx.db, token, also)
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
  request.recordCheck = found.record ?? null
  request.currentUserRow = found.currentUser ?? null
  return request.viewer
}

export function requireViewer(request: FastifyRequest): Viewer {
  if (!request.viewer) throw unauthorized()
  return request.viewer
}

export default fp(
  async function accessPlugin(app: FastifyInstance, ctx: SessionContext) {
    app.decorateRequest('viewer', null)
    app.decorateRequest('recordCheck', null)
    app.decorateRequest('currentUserRow', null)

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
