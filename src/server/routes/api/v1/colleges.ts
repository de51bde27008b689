import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  collegeEntrySchema,
  collegeInputSchema,
  collegeListSchema,
  collegePatchSchema,
} from '../../../../shared/colleges'
import { addCollege, deleteCollege, listColleges, updateCollege } from '../../../modules/colleges/colleges'
import { access, requireViewer } from '../../../plugins/access'

const studentParams = z.object({ id: z.string() })
const entryParams = studentParams.extend({ entryId: z.string() })

/** A student's college list; who may change which fields is decided in the colleges module. */
const collegeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/students/:id/colleges',
    {
      schema: {
        tags: ['colleges'],
        summary: 'The college list, by deadline (none last)',
        params: studentParams,
        response: { 200: collegeListSchema },
      },
      config: { access: access.anyUser },
    },
    async (request) => ({ colleges: await listColleges(app.db, requireViewer(request), request.params.id) }),
  )

  app.post(
    '/api/v1/students/:id/colleges',
    {
      schema: {
        tags: ['colleges'],
        summary: 'Add a college (the student, educators on the team, admins; no aid figures)',
        params: studentParams,
        body: collegeInputSchema,
        response: { 201: collegeEntrySchema },
      },
      config: { access: access.anyUser },
    },
    async (request, reply) =>
      reply.code(201).send(await addCollege(app.db, requireViewer(request), request.params.id, request.body)),
  )

  app.patch(
    '/api/v1/students/:id/colleges/:entryId',
    {
      schema: {
        tags: ['colleges'],
        summary: 'Change an entry: the FAO on the team only the aid figures, everyone else all but those',
        params: entryParams,
        body: collegePatchSchema,
        response: { 200: collegeEntrySchema },
      },
      config: { access: access.anyUser },
    },
    async (request) =>
      updateCollege(app.db, requireViewer(request), request.params.id, request.params.entryId, request.body),
  )

  app.delete(
    '/api/v1/students/:id/colleges/:entryId',
    {
      schema: { tags: ['colleges'], summary: 'Delete an entry', params: entryParams },
      config: { access: access.anyUser },
    },
    async (request, reply) => {
      await deleteCollege(app.db, requireViewer(request), request.params.id, request.params.entryId)
      return reply.code(204).send()
    },
  )
}

export default collegeRoutes
