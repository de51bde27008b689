import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { createInviteBodySchema, invitePreviewSchema, inviteSchema } from '../../../../shared/invites'
import { uuidField } from '../../../../shared/validation'
import { inviteMail } from '../../../mail/messages'
import {
  createInvite,
  deleteInvite,
  inviteLink,
  listAllInvites,
  listAvailableInvites,
  previewInvite,
  toInvite,
} from '../../../modules/invites/invites'
import { access, requireViewer } from '../../../plugins/access'

const idParams = z.object({ id: uuidField })
const inviteWithStatusSchema = inviteSchema.extend({ status: z.enum(['available', 'used', 'expired']) })

const inviteRoutes: FastifyPluginAsyncZod<{ appOrigin: string }> = async (app, { appOrigin }) => {
  app.get(
    '/api/v1/user-invites',
    {
      schema: {
        tags: ['invites'],
        summary: 'Invites: with ?available the available ones (spec); without, every invite with its status',
        querystring: z.object({ available: z.string().optional() }),
        response: { 200: z.array(inviteWithStatusSchema) },
      },
      config: { access: access.roles('admin') },
    },
    async (request) => {
      const rows =
        request.query.available !== undefined
          ? await listAvailableInvites(app.db)
          : await listAllInvites(app.db)
      return rows.map(toInvite)
    },
  )

  app.post(
    '/api/v1/user-invites',
    {
      schema: {
        tags: ['invites'],
        summary: 'Create an invite; emails the link when `email` is set',
        body: createInviteBodySchema,
        response: { 201: inviteWithStatusSchema },
      },
      config: { access: access.roles('admin') },
    },
    async (request, reply) => {
      const row = await createInvite(app.db, request.body, requireViewer(request).id)
      const invite = toInvite(row)
      if (row.email && invite.status === 'available') {
        const mail = inviteMail(row.email, inviteLink(appOrigin, row.id), row, row.expiresAt)
        // Stored first: a failed delivery loses nothing, and the admin can copy the link or resend.
        await app.mailer.send(mail).catch((err) => request.log.error({ err }, 'invite mail failed'))
      }
      return reply.code(201).send(invite)
    },
  )

  app.get(
    '/api/v1/user-invites/:id',
    {
      schema: {
        tags: ['invites'],
        summary: 'Public: what the login page needs to show an invite',
        params: idParams,
        response: { 200: invitePreviewSchema },
      },
      config: { access: access.public },
    },
    async (request) => previewInvite(app.db, request.params.id),
  )

  app.delete(
    '/api/v1/user-invites/:id',
    {
      schema: { tags: ['invites'], summary: 'Delete an invite', params: idParams },
      config: { access: access.roles('admin') },
    },
    async (request, reply) => {
      await deleteInvite(app.db, request.params.id)
      return reply.code(204).send()
    },
  )
}

export default inviteRoutes
