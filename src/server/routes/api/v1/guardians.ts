import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { guardianInviteBodySchema, guardianInviteResultSchema } from '../../../../shared/guardians'
import { guardianLinkedMail, inviteMail } from '../../../mail/messages'
import { inviteGuardian, removeGuardian } from '../../../modules/guardians/guardians'
import { inviteLink, toInvite } from '../../../modules/invites/invites'
import { access, requireViewer } from '../../../plugins/access'

const studentParams = z.object({ id: z.string() })
const guardianParams = studentParams.extend({ userId: z.string() })

/**
 * A student's family: admins and educators on the team invite or link guardians and remove them
 * (docs/product.md#guardians). Anyone who may not read the record gets 404.
 */
const guardianRoutes: FastifyPluginAsyncZod = async (app) => {
  const appOrigin = app.env.appOrigin

  app.post(
    '/api/v1/students/:id/guardian-invites',
    {
      schema: {
        tags: ['guardians'],
        summary:
          'Invite a guardian by email (201 with the invite and link), or link an existing account at once (200)',
        params: studentParams,
        body: guardianInviteBodySchema,
        response: { 200: guardianInviteResultSchema, 201: guardianInviteResultSchema },
      },
      config: { access: access.anyUser },
    },
    async (request, reply) => {
      const outcome = await inviteGuardian(app.db, requireViewer(request), request.params.id, request.body)
      const recordLink = `${appOrigin}/students/${request.params.id}`
      // Sent after the commit; a failed delivery loses nothing (the link can be copied or resent).
      const send = (mail: Parameters<typeof app.mailer.send>[0]) =>
        app.mailer.send(mail).catch((err) => request.log.error({ err }, 'guardian mail failed'))
      if (outcome.kind === 'linked') {
        if (outcome.notify)
          await send(guardianLinkedMail(outcome.guardian.email, outcome.studentName, recordLink))
        return reply.code(200).send({ guardian: outcome.guardian })
      }
      const { invite, studentName } = outcome
      const link = inviteLink(appOrigin, invite.id)
      await send(inviteMail(invite.email!, link, invite, invite.expiresAt, { studentName }))
      return reply.code(201).send({ invite: toInvite(invite), link })
    },
  )

  app.delete(
    '/api/v1/students/:id/guardians/:userId',
    {
      schema: {
        tags: ['guardians'],
        summary: "Remove a guardian's link to the student; their access ends at once",
        params: guardianParams,
      },
      config: { access: access.anyUser },
    },
    async (request, reply) => {
      await removeGuardian(app.db, requireViewer(request), request.params.id, request.params.userId)
      return reply.code(204).send()
    },
  )
}

export default guardianRoutes
