import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { studentListSchema } from '../../../../shared/students'
import { educatorStudents } from '../../../modules/students/lists'
import { access, requireViewer } from '../../../plugins/access'

const educatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/educators/:id/students',
    {
      schema: {
        tags: ['students'],
        summary: "An educator's active students (admins, or the educator themself)",
        params: z.object({ id: z.string() }),
        response: { 200: studentListSchema },
      },
      config: { access: access.roles('admin', 'educator') },
    },
    async (request) => ({
      students: await educatorStudents(app.db, requireViewer(request), request.params.id),
    }),
  )
}

export default educatorRoutes
