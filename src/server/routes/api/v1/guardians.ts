import type { FastifyBaseLogger } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  acceptedGuardianInviteSchema,
  guardianInviteAcceptanceSchema,
  guardianInviteBodySchema,
  guardianInviteResultSchema,
  pendingGuardianInviteSchema,
} from '../../../../shared/guardians'
import type { InviteMailOutcome } from '../../../../shared/invites'
import { emptyBodySchema } from '../../../../shared/validation'
import type { MailMessage } from '../../../mail/mailer'
import { guardianAcceptMail, guardianLinkedMail, inviteMail } from '../../../mail/messages'
import { acceptGuardianInvite, guardianInviteAcceptance } from '../../../modules/guardians/accept'
import { inviteGuardian, removeGuardian } from '../../../modules/guardians/guardians'
import { invitationMail } from '../../../modules/guardians/invite-mail'
import {
  cancelGuardianInvite,
  listGuardianInvites,
  resendGuardianInvite,
} from '../../../modules/guardians/invites'
import { inviteLink, toInvite } from '../../../modules/invites/invites'
import { access, requireViewer } from '../../../plugins/access'

const studentParams = z.object({ id: z.string() })
const guardianParams = studentParams.extend({ userId: z.string() })
const inviteParams = z.object({ id: z.string() })
const studentInviteParams = studentParams.extend({ inviteId: z.string() })

/**
 * A student's family: admins and educators on the team invite guardians (admins may link an
 * existing account at once) and remove them; the person invited accepts while logged in
 * (docs/product.md#guardians). Anyone who may not read the record gets 404.
 */
const guardianRoutes: FastifyPluginAsyncZod = async (app) => {
  const appOrigin = app.env.appOrigin

  /** Sends a mail and says where it went, as an invite's answer does (`mail`). */
  async function deliver(mail: MailMessage, log: FastifyBaseLogger): Promise<InviteMailOutcome> {
    return app.mailer.send(mail).then(
      () => (app.mailer.outbox ? 'outbox' : 'sent'),
      (err) => {
        log.error({ err }, 'guardian mail failed')
        return 'failed'
      },
    )
  }
  /** No mail was sent (a disabled account): told as the server would have sent it, so the answer does not tell. */
  const quietOutcome = (): InviteMailOutcome => (app.mailer.outbox ? 'outbox' : 'sent')

  app.post(
    '/api/v1/students/:id/guardian-invites',
    {
      schema: {
        tags: ['guardians'],
        summary:
          'Invite a guardian by email (201 with the invite and link, whether or not the email has an account); admins link an existing account at once (200)',
        params: studentParams,
        body: guardianInviteBodySchema,
        response: { 200: guardianInviteResultSchema, 201: guardianInviteResultSchema },
      },
      config: { access: access.anyUser },
    },
    async (request, reply) => {
      const viewer = requireViewer(request)
      const outcome = await inviteGuardian(app.db, viewer, request.params.id, request.body)
      const recordLink = `${appOrigin}/students/${request.params.id}`
      // Sent after the commit; a failed delivery loses nothing (the link can be copied or resent).
      const send = (mail: MailMessage) => deliver(mail, request.log)
      if (outcome.kind === 'linked') {
        if (outcome.notify)
          await send(guardianLinkedMail(outcome.guardian.email, outcome.studentName, recordLink))
        return reply.code(200).send({ guardian: outcome.guardian })
      }
      const { invite, studentName, acceptBy } = outcome
      const link = inviteLink(appOrigin, invite.id)
      // Only the invited person learns whether their address had an account; the answer is the same
      // (a disabled account gets no mail, and the answer says the invite went to the outbox or out).
      const invitedBy = viewer.name || null
      const mail = !acceptBy
        ? await send(
            inviteMail(invite.email!, link, invite, invite.expiresAt, {
              guardianOf: { studentName },
              name: invite.name,
              invitedBy,
            }),
          )
        : acceptBy.disabled
          ? quietOutcome()
          : await send(
              guardianAcceptMail(
                invite.email!,
                link,
                { studentName, inviterName: acceptBy.inviterName },
                invite.expiresAt,
              ),
            )
      return reply.code(201).send({ invite: toInvite(invite), link, mail })
    },
  )

  app.get(
    '/api/v1/students/:id/guardian-invites',
    {
      schema: {
        tags: ['guardians'],
        summary:
          "The student's guardian invites not yet used, newest first (expired ones too); admins and educators on the team, and the student (the ones they sent, without links)",
        params: studentParams,
        response: { 200: z.array(pendingGuardianInviteSchema) },
      },
      config: { access: access.anyUser },
    },
    async (request) => listGuardianInvites(app.db, requireViewer(request), request.params.id, appOrigin),
  )

  app.post(
    '/api/v1/students/:id/guardian-invites/:inviteId/resend',
    {
      schema: {
        tags: ['guardians'],
        summary: 'Renew an unused guardian invite of the student for 14 days from now and email it again',
        params: studentInviteParams,
        body: emptyBodySchema,
        response: { 200: guardianInviteResultSchema },
      },
      config: { access: access.anyUser },
    },
    async (request) => {
      const { id, inviteId } = request.params
      const row = await resendGuardianInvite(app.db, requireViewer(request), id, inviteId)
      const link = inviteLink(appOrigin, row.id)
      const message = await invitationMail(app.db, row, link)
      const mail = message ? await deliver(message, request.log) : quietOutcome()
      return { invite: toInvite(row), link, mail }
    },
  )

  app.delete(
    '/api/v1/students/:id/guardian-invites/:inviteId',
    {
      schema: {
        tags: ['guardians'],
        summary: 'Cancel an unused guardian invite of the student; its link stops working at once',
        params: studentInviteParams,
      },
      config: { access: access.anyUser },
    },
    async (request, reply) => {
      const { id, inviteId } = request.params
      await cancelGuardianInvite(app.db, requireViewer(request), id, inviteId)
      return reply.code(204).send()
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

  app.get(
    '/api/v1/user-invites/:id/acceptance',
    {
      schema: {
        tags: ['guardians'],
        summary:
          'What accepting a guardian invite would do (student, relationship, who invited), for the logged-in person it was sent to; 404 for anyone else',
        params: inviteParams,
        response: { 200: guardianInviteAcceptanceSchema },
      },
      config: { access: access.anyUser },
    },
    async (request) => guardianInviteAcceptance(app.db, requireViewer(request), request.params.id),
  )

  app.post(
    '/api/v1/user-invites/:id/accept',
    {
      schema: {
        tags: ['guardians'],
        summary:
          'Accept a guardian invite sent to your address: you are linked to the student as their guardian; 404 for anyone else',
        params: inviteParams,
        body: emptyBodySchema,
        response: { 200: acceptedGuardianInviteSchema },
      },
      config: { access: access.anyUser },
    },
    async (request) => acceptGuardianInvite(app.db, requireViewer(request), request.params.id),
  )
}

export default guardianRoutes
