import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { studentProfilePatchSchema, studentProfileSchema } from '../../../../shared/student-profile'
import { getStudentProfile, updateStudentProfile } from '../../../modules/students/profile'
import { access, requireViewer } from '../../../plugins/access'

const studentParams = z.object({ id: z.string() })

/** The student profile (docs/product.md#student-profile): class year, school, planned test dates. */
const studentProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/students/:id/profile',
    {
      schema: {
        tags: ['students'],
        summary: "A student's class year, school and planned test dates (whoever reads the record)",
        params: studentParams,
        response: { 200: studentProfileSchema },
      },
      config: { access: access.anyUser },
    },
    async (request) => getStudentProfile(app.db, requireViewer(request), request.params.id),
  )

  app.patch(
    '/api/v1/students/:id/profile',
    {
      schema: {
        tags: ['students'],
        summary:
          'Change the student profile (absent keeps, null clears; testDates replaces the list): the student, admins and educators on the team',
        params: studentParams,
        body: studentProfilePatchSchema,
        response: { 200: studentProfileSchema },
      },
      config: { access: access.anyUser },
    },
    async (request) => updateStudentProfile(app.db, requireViewer(request), request.params.id, request.body),
  )
}

export default studentProfileRoutes
