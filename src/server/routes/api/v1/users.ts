import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { availableUserSchema } from '../../../../shared/students'
import { currentUserSchema, onboardBodySchema } from '../../../../shared/users'
import { availableTeamMembers } from '../../../modules/students/team'
import { getCurrentUser } from '../../../modules/users/current-user'
import { onboardUser } from '../../../modules/users/onboard'
import { access, requireViewer } from '../../../plugins/access'
import { fieldError, forbidden, unauthorized } from '../../../problems'

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/users',
    {
      schema: {
        tags: ['users'],
        summary: 'With ?available-for={studentId}: educators and FAOs not yet on that team (a bare list)',
        querystring: z.object({ 'available-for': z.string().optional() }),
        response: { 200: z.array(availableUserSchema) },
      },
      config: { access: access.roles('admin') },
    },
    async (request) => {
      const studentId = request.query['available-for']
      // The paged, searchable user list arrives with the admin issue (issue 4).
      if (!studentId) throw fieldError('available-for', 'This field is required.')
      return availableTeamMembers(app.db, studentId)
    },
  )

  app.get(
    '/api/v1/users/me',
    {
      schema: { tags: ['users'], summary: 'The current user', response: { 200: currentUserSchema } },
      config: { access: access.duringOnboarding },
    },
    async (request) => {
      const user = await getCurrentUser(app.db, requireViewer(request).id)
      if (!user) throw unauthorized()
      return user
    },
  )

  app.post(
    '/api/v1/users/:id/onboard',
    {
      schema: {
        tags: ['users'],
        summary: 'Finish onboarding: name, and bio for educators',
        params: z.object({ id: z.string() }),
        body: onboardBodySchema,
        response: { 200: currentUserSchema },
      },
      config: { access: access.duringOnboarding },
    },
    async (request) => {
      const viewer = requireViewer(request)
      if (request.params.id !== viewer.id && request.params.id !== 'me') {
        throw forbidden('You can only onboard yourself.')
      }
      return onboardUser(app.db, viewer, request.body)
    },
  )
}

export default userRoutes
