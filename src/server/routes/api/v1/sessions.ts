import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { endedSessionsSchema, userSessionListSchema } from '../../../../shared/sessions'
import { endMyOtherSessions, endMySession, listMySessions } from '../../../modules/users/sessions'
import { access, requireViewer } from '../../../plugins/access'

/** The person's signed-in browsers and devices, in /settings (docs/product.md#accounts-and-sessions). */
const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/users/me/sessions',
    {
      schema: {
        tags: ['sessions'],
        summary: 'Your signed-in browsers and devices, the most recently used first',
        response: { 200: userSessionListSchema },
      },
      config: { access: access.ownAccount },
    },
    async (request) => ({ sessions: await listMySessions(app.db, requireViewer(request)) }),
  )

  app.delete(
    '/api/v1/users/me/sessions',
    {
      schema: {
        tags: ['sessions'],
        summary: 'Log out everywhere else: ends every session but this one',
        response: { 200: endedSessionsSchema },
      },
      config: { access: access.ownAccount },
    },
    async (request) => ({ ended: await endMyOtherSessions(app.db, requireViewer(request)) }),
  )

  app.delete(
    '/api/v1/users/me/sessions/:sessionId',
    {
      schema: {
        tags: ['sessions'],
        summary: 'End one of your other sessions (409 for this one: log out instead)',
        params: z.object({ sessionId: z.string() }),
      },
      config: { access: access.ownAccount },
    },
    async (request, reply) => {
      await endMySession(app.db, requireViewer(request), request.params.sessionId)
      return reply.code(204).send()
    },
  )
}

export default sessionRoutes
