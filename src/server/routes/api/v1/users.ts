import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  adminUserSchema,
  availableUserSchema,
  type CurrentUser,
  currentUserSchema,
  onboardBodySchema,
  type UserPage,
  updateMeBodySchema,
  updateUserBodySchema,
  userListQuerySchema,
  userPageSchema,
} from '../../../../shared/users'
import { usersCsv } from '../../../modules/admin/exports'
import { invitationMail } from '../../../modules/guardians/invite-mail'
import { inviteLink } from '../../../modules/invites/invites'
import { availableTeamMembers } from '../../../modules/students/team'
import { updateUser } from '../../../modules/users/admin-users'
import { getCurrentUser } from '../../../modules/users/current-user'
import { onboardUser } from '../../../modules/users/onboard'
import { updateMe } from '../../../modules/users/settings'
import { access, requireViewer } from '../../../plugins/access'
import { forbidden, unauthorized } from '../../../problems'
import { sendCsv } from './csv-reply'

const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/users',
    {
      schema: {
        tags: ['users'],
        summary:
          'Admins: the paged user list `{ users, nextCursor }` (search `q` in name and email, `role`, `cursor`, `limit` up to 100); with ?available-for={studentId}, the original bare list of educators and FAOs not yet on that team',
        querystring: userListQuerySchema,
        response: { 200: z.union([userPageSchema, z.array(availableUserSchema)]) },
      },
      config: { access: access.roles('admin') },
    },
    async (request, reply) => {
      const { 'available-for': studentId, ...query } = request.query
      if (studentId !== undefined) return availableTeamMembers(app.db, studentId)
      // Each user's JSON is kept while their row and scores are unchanged (src/server/kept/); the
      // page is joined as text and sent as it is.
      const page = await app.kept.adminUserPage(query)
      return reply.type('application/json; charset=utf-8').send(page as unknown as UserPage)
    },
  )

  app.get(
    '/api/v1/users/export.csv',
    {
      schema: {
        tags: ['users'],
        summary: 'Admins: everyone as CSV (name, email, roles as the import reads them, status, created)',
        produces: ['text/csv'],
      },
      config: { access: access.roles('admin') },
    },
    async (_request, reply) => sendCsv(reply, 'users', await usersCsv(app.db)),
  )

  app.patch(
    '/api/v1/users/:id',
    {
      schema: {
        tags: ['users'],
        summary:
          'Admins: grant (true) or revoke (false) profiles, disable or re-enable the account; answers the user as the list shows them',
        params: z.object({ id: z.string() }),
        body: updateUserBodySchema,
        response: { 200: adminUserSchema },
      },
      config: { access: access.roles('admin') },
    },
    async (request) => updateUser(app.db, requireViewer(request), request.params.id, request.body),
  )

  app.patch(
    '/api/v1/users/me',
    {
      schema: {
        tags: ['users'],
        summary: 'Change your own name, and your bio if you are an educator (/settings)',
        body: updateMeBodySchema,
        response: { 200: currentUserSchema },
      },
      config: { access: access.ownAccount },
    },
    async (request) => updateMe(app.db, requireViewer(request), request.body),
  )

  app.get(
    '/api/v1/users/me',
    {
      schema: { tags: ['users'], summary: 'The current user', response: { 200: currentUserSchema } },
      config: { access: access.duringOnboarding, kept: 'current-user' },
    },
    async (request, reply) => {
      // Read with the session in one round trip (a student's scores kept by version, src/server/kept/);
      // by itself when the session was just refreshed. A JSON string is sent as it is.
      const body = await app.kept.currentUserOf(request)
      if (body !== null) {
        return reply.type('application/json; charset=utf-8').send(body as unknown as CurrentUser)
      }
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
        summary:
          'Finish onboarding: name, and bio for educators; a student may add their profile and parents to invite',
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
      const { user, invites } = await onboardUser(app.db, viewer, request.body)
      // Sent after the commit; a failed delivery loses nothing (staff can resend from the record).
      for (const { invite } of invites) {
        const mail = await invitationMail(app.db, invite, inviteLink(app.env.appOrigin, invite.id))
        if (mail)
          await app.mailer.send(mail).catch((err) => request.log.error({ err }, 'guardian mail failed'))
      }
      return user
    },
  )
}

export default userRoutes
