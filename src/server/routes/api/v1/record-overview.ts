import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { recordOverviewSchema } from '../../../../shared/record-overview'
import { recordOverview } from '../../../modules/students/overview'
import { access, requireViewer } from '../../../plugins/access'

const studentParams = z.object({ id: z.string() })

/** The record's overview: its next deadline and next task; 404 for whoever may not read the record. */
const recordOverviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/students/:id/overview',
    {
      schema: {
        tags: ['students'],
        summary: "The record's overview: the next application deadline, the next open task, open tasks",
        params: studentParams,
        response: { 200: recordOverviewSchema },
      },
      config: { access: access.anyUser },
    },
    async (request) => recordOverview(app.db, requireViewer(request), request.params.id),
  )
}

export default recordOverviewRoutes
