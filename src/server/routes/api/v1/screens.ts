import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { myDashboardSchema, userProfileScreenSchema } from '../../../../shared/students'
import { myDashboard, userProfileScreen } from '../../../modules/students/screens'
import { access, requireViewer } from '../../../plugins/access'

const screenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/screens/my-dashboard',
    {
      schema: {
        tags: ['screens'],
        summary:
          "My Dashboard: the caller's name, their student record, and staff's students with latest scores",
        response: { 200: myDashboardSchema },
      },
      config: { access: access.anyUser },
    },
    async (request) => myDashboard(app.db, requireViewer(request)),
  )

  app.get(
    '/api/v1/screens/user-profile/:id',
    {
      schema: {
        tags: ['screens'],
        summary: "A person's profile: name, roles, bio, and their student record when the caller may read it",
        params: z.object({ id: z.string() }),
        response: { 200: userProfileScreenSchema },
      },
      config: { access: access.anyUser },
    },
    async (request) => userProfileScreen(app.db, requireViewer(request), request.params.id),
  )
}

export default screenRoutes
