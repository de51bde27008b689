import { fromNodeHeaders } from 'better-auth/node'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Role } from '../../shared/roles'
import type { Auth } from '../auth/better-auth'
import type { Db } from '../db/client'
import { loadViewer, type Viewer } from '../modules/users/current-user'
import { forbidden, HttpProblem, unauthorized } from '../problems'

/**
 * Who may call a route, declared on every /api/v1 route (DESIGN.md section 5). Finer rules (a
 * student's own record, a team) live in the modules; this is the first gate.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'user'; roles?: readonly Role[]; allowDuringOnboarding?: boolean }

export const access = {
  public: { kind: 'public' } as Access,
  anyUser: { kind: 'user' } as Access,
  duringOnboarding: { kind: 'user', allowDuringOnboarding: true } as Access,
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

/** The logged-in caller, or null. Memoised per request. */
export async function resolveViewer(request: FastifyRequest, auth: Auth, db: Db): Promise<Viewer | null> {
  if (request.viewer) return request.viewer
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) })
  if (!session) return null
  request.viewer = (await loadViewer(db, session.user.id)) ?? null
  return request.viewer
}

export function requireViewer(request: FastifyRequest): Viewer {
  if (!request.viewer) throw unauthorized()
  return request.viewer
}

export default fp(
  async function accessPlugin(app: FastifyInstance, { auth, db }: { auth: Auth; db: Db }) {
    app.decorateRequest('viewer', null)

    app.addHook('onRoute', (route) => {
      if (route.url.startsWith('/api/v1') && !route.config?.access) {
        throw new Error(`${route.method} ${route.url} must declare config.access`)
      }
    })

    // onRequest: before body parsing, so 401 and 403 come before 415 and 400.
    app.addHook('onRequest', async (request) => {
      const rule = request.routeOptions.config?.access
      if (!rule || rule.kind === 'public') return
      const viewer = await resolveViewer(request, auth, db)
      if (!viewer) throw unauthorized()
      if (viewer.onboardingRequired && !rule.allowDuringOnboarding) {
        throw forbidden('Finish onboarding first.', 'onboarding-required')
      }
      if (rule.roles && !rule.roles.some((role) => viewer.roles.has(role))) {
        throw new HttpProblem(403, 'forbidden', `Only ${rule.roles.join(' or ')} users may do this.`)
      }
    })
  },
  { name: 'access', dependencies: ['errors'] },
)
