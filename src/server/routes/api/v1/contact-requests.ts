import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  contactBodySchema,
  contactReceivedSchema,
  HONEYPOT_FIELD,
  inquiryListSchema,
  inquirySchema,
  updateInquiryBodySchema,
} from '../../../../shared/contact'
import { uuidField } from '../../../../shared/validation'
import type { RateLimiter, Window } from '../../../auth/rate-limiter'
import { contactRequestMail } from '../../../mail/messages'
import {
  listInquiries,
  setInquiryHandled,
  storeContactRequest,
} from '../../../modules/contact/contact-requests'
import { access, requireViewer } from '../../../plugins/access'
import { tooManyRequests } from '../../../problems'

/** A family writes once or twice; a script writes hundreds. A school's shared address still fits. */
export const CONTACT_LIMIT: Window = { limit: 5, seconds: 15 * 60 }

const contactRoutes: FastifyPluginAsyncZod<{
  limiter: RateLimiter
  notifyEmail: string
  appOrigin: string
}> = async (app, { limiter, notifyEmail, appOrigin }) => {
  app.post(
    '/api/v1/contact',
    {
      schema: {
        tags: ['contact'],
        summary: 'Public contact form: stored, then emailed to CONTACT_NOTIFY_EMAIL; rate-limited per IP',
        body: contactBodySchema,
        response: { 202: contactReceivedSchema },
      },
      config: { access: access.public },
      preHandler: async (request) => {
        const hit = await limiter.hit(['contact', request.ip], CONTACT_LIMIT)
        if (hit.count > limiter.allowed(CONTACT_LIMIT)) throw tooManyRequests(hit.retryAfterSeconds)
      },
    },
    async (request, reply) => {
      const { [HONEYPOT_FIELD]: honeypot, ...body } = request.body
      if (honeypot && honeypot.trim() !== '') {
        // The same answer as a real request: a bot learns nothing. Nothing is stored or sent.
        request.log.info({ ip: request.ip }, 'contact form: honeypot filled, dropped')
        return reply.code(202).send({ status: 'received' })
      }
      const stored = await storeContactRequest(app.db, body)
      // Stored first: when delivery fails the inquiry still waits in /admin/inquiries.
      await app.mailer
        .send(contactRequestMail(notifyEmail, stored, `${appOrigin}/admin/inquiries`))
        .catch((err) => request.log.error({ err, inquiry: stored.id }, 'contact notification failed'))
      return reply.code(202).send({ status: 'received' })
    },
  )

  app.get(
    '/api/v1/inquiries',
    {
      schema: {
        tags: ['contact'],
        summary: 'Contact requests, newest first (admins)',
        response: { 200: inquiryListSchema },
      },
      config: { access: access.roles('admin') },
    },
    async () => ({ inquiries: await listInquiries(app.db) }),
  )

  app.patch(
    '/api/v1/inquiries/:id',
    {
      schema: {
        tags: ['contact'],
        summary: 'Mark a contact request handled, or open again (admins)',
        params: z.object({ id: uuidField }),
        body: updateInquiryBodySchema,
        response: { 200: inquirySchema },
      },
      config: { access: access.roles('admin') },
    },
    async (request) =>
      setInquiryHandled(app.db, request.params.id, request.body.handled, requireViewer(request).id),
  )
}

export default contactRoutes
