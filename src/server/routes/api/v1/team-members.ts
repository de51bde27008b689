import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { emptyBodySchema } from '../../../../shared/validation'
import { addTeamMember, removeTeamMember } from '../../../modules/students/team'
import { access, requireViewer } from '../../../plugins/access'

const memberParams = z.object({ id: z.string(), userId: z.string() })

/** A student's team: admins add and remove educators and FAOs (docs/product.md#teams). */
const teamMemberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/v1/students/:id/team-members/:userId',
    {
      schema: {
        tags: ['teams'],
        summary: 'Add an educator or FAO to the team (admins)',
        params: memberParams,
        body: emptyBodySchema,
      },
      config: { access: access.roles('admin') },
    },
    async (request, reply) => {
      await addTeamMember(app.db, requireViewer(request), request.params.id, request.params.userId)
      return reply.code(204).send()
    },
  )

  app.delete(
    '/api/v1/students/:id/team-members/:userId',
    {
      schema: {
        tags: ['teams'],
        summary: 'Remove a member from the team (admins)',
        params: memberParams,
        body: emptyBodySchema,
      },
      config: { access: access.roles('admin') },
    },
    async (request, reply) => {
      await removeTeamMember(app.db, requireViewer(request), request.params.id, request.params.userId)
      return reply.code(204).send()
    },
  )
}

export default teamMemberRoutes
