import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { auditPageSchema, auditQuerySchema } from '../../../../shared/audit'
import { listAuditEvents } from '../../../modules/audit/audit-events'
import { access } from '../../../plugins/access'

/** The audit log: who changed what, when, before and after (admins only, docs/product.md#permissions). */
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/audit-events',
    {
      schema: {
        tags: ['audit'],
        summary:
          'Audit events, newest first: filter by `studentId` or `actorId`; page with `cursor` and `limit`',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema },
      },
      config: { access: access.roles('admin') },
    },
    async (request) => listAuditEvents(app.db, request.query),
  )
}

export default auditRoutes
