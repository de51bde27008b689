import type { FastifyBaseLogger } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  adminInviteSchema,
  createInviteBodySchema,
  invitePreviewSchema,
  sentInviteSchema,
} from '../../../../shared/invites'
import { importBodySchema, importPreviewSchema, importResultSchema } from '../../../../shared/people-import'
import { emptyBodySchema, uuidField } from '../../../../shared/validation'
import type { UserInviteRow } from '../../../db/schema'
import { invitationMail } from '../../../modules/guardians/invite-mail'
import { importInvites, previewImport } from '../../../modules/invites/import'
import {
  createInvite,
  deleteInvite,
  inviteLink,
  listAllInvites,
  listAvailableInvites,
  previewInvite,
  renewInvite,
  toInvite,
} from '../../../modules/invites/invites'
import { access, requireViewer } from '../../../plugins/access'

const idParams = z.object({ id: uuidField })

const inviteRoutes: FastifyPluginAsyncZod<{ appOrigin: string }> = async (app, { appOrigin }) => {
  /** Where an invite's email went, for the admin's message (absent without an email). */
  async function mailOutcome(row: UserInviteRow, log: FastifyBaseLogger) {
    if (!row.email) return {}
    const delivered = await sendInviteMail(row, log)
    return { mail: delivered ? (app.mailer.outbox ? 'outbox' : 'sent') : 'failed' } as const
  }

  /** Stored first: a failed delivery loses nothing, and the admin can copy the link or resend. */
  async function sendInviteMail(row: UserInviteRow, log: FastifyBaseLogger): Promise<boolean> {
    const mail = await invitationMail(app.db, row, inviteLink(appOrigin, row.id))
    if (!mail) return true
    return app.mailer.send(mail).then(
      () => true,
      (err) => {
        log.error({ err }, 'invite mail failed')
        return false
      },
    )
  }

  /** A few at a time: a large file neither floods the mail server nor waits for one at a time. */
  async function sendInviteMails(invites: { row: UserInviteRow }[], log: FastifyBaseLogger) {
    let failed = 0
    const queue = [...invites]
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        if (!(await sendInviteMail(next.row, log))) failed += 1
      }
    }
    await Promise.all(Array.from({ length: 4 }, worker))
    return failed
  }

  app.get(
    '/api/v1/user-invites',
    {
      schema: {
        tags: ['invites'],
        summary: 'Invites: with ?available the available ones (spec); without, every invite with its status',
        querystring: z.object({ available: z.string().optional() }),
        response: { 200: z.array(adminInviteSchema) },
      },
      config: { access: access.roles('admin') },
    },
    async (request) => {
      if (request.query.available !== undefined) return (await listAvailableInvites(app.db)).map(toInvite)
      return listAllInvites(app.db)
    },
  )

  app.post(
    '/api/v1/user-invites',
    {
      schema: {
        tags: ['invites'],
        summary: 'Create an invite; emails the link when `email` is set',
        body: createInviteBodySchema,
        response: { 201: sentInviteSchema },
      },
      config: { access: access.roles('admin') },
    },
    async (request, reply) => {
      const row = await createInvite(app.db, request.body, requireViewer(request).id)
      const invite = toInvite(row)
      if (invite.status !== 'available') return reply.code(201).send(invite)
      return reply.code(201).send({ ...invite, ...(await mailOutcome(row, request.log)) })
    },
  )

  app.post(
    '/api/v1/user-invites/import/preview',
    {
      schema: {
        tags: ['invites'],
        summary:
          'Admins: read a CSV (columns name, email, roles) and say what sending would do with each row; writes nothing',
        body: importBodySchema,
        response: { 200: importPreviewSchema },
      },
      config: { access: access.roles('admin') },
    },
    async (request) => previewImport(app.db, request.body.csv),
  )

  app.post(
    '/api/v1/user-invites/import',
    {
      schema: {
        tags: ['invites'],
        summary:
          'Admins: invite every new person of a CSV in one transaction, then email them; people already invited or with an account are skipped',
        body: importBodySchema,
        response: { 200: importResultSchema },
      },
      config: { access: access.roles('admin') },
    },
    async (request) => {
      const { invites, result } = await importInvites(app.db, request.body.csv, requireViewer(request).id)
      const mailFailed = await sendInviteMails(invites, request.log)
      return { ...result, mailFailed, outbox: app.mailer.outbox === true }
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
      await deleteInvite(app.db, request.params.id, requireViewer(request).id)
      return reply.code(204).send()
    },
  )

  app.post(
    '/api/v1/user-invites/:id/resend',
    {
      schema: {
        tags: ['invites'],
        summary: 'Renew an unused invite for 14 days from now, and email it again when it has an address',
        params: idParams,
        body: emptyBodySchema,
        response: { 200: sentInviteSchema },
      },
      config: { access: access.roles('admin') },
    },
    async (request) => {
      const row = await renewInvite(app.db, request.params.id, requireViewer(request).id)
      return { ...toInvite(row), ...(await mailOutcome(row, request.log)) }
    },
  )
}

export default inviteRoutes
