import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { calendarFeedSchema } from '../../../../shared/calendar'
import { emptyBodySchema } from '../../../../shared/validation'
import {
  calendarFor,
  feedStatus,
  feedUrl,
  renewFeedToken,
  revokeFeedToken,
} from '../../../modules/calendar/feed'
import { access, requireViewer } from '../../../plugins/access'

/** The private calendar feed: turned on, renewed and off in /settings; read by calendar apps. */
const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const appOrigin = app.env.appOrigin

  app.get(
    '/api/v1/users/me/calendar',
    {
      schema: {
        tags: ['calendar'],
        summary: 'Whether my calendar feed is on',
        response: { 200: calendarFeedSchema },
      },
      config: { access: access.anyUser },
    },
    async (request) => feedStatus(app.db, requireViewer(request).id),
  )

  app.post(
    '/api/v1/users/me/calendar',
    {
      schema: {
        tags: ['calendar'],
        summary:
          'Turn the feed on, or give it a new link (the old one stops working); the link is shown once',
        body: emptyBodySchema,
        response: { 200: calendarFeedSchema },
      },
      config: { access: access.anyUser },
    },
    async (request) => {
      const viewer = requireViewer(request)
      const token = await renewFeedToken(app.db, viewer.id)
      return { ...(await feedStatus(app.db, viewer.id)), url: feedUrl(appOrigin, token) }
    },
  )

  app.delete(
    '/api/v1/users/me/calendar',
    {
      schema: { tags: ['calendar'], summary: 'Turn the feed off; its link then answers 404' },
      config: { access: access.anyUser },
    },
    async (request, reply) => {
      await revokeFeedToken(app.db, requireViewer(request).id)
      return reply.code(204).send()
    },
  )

  app.get(
    '/api/v1/calendar/:file',
    {
      schema: {
        tags: ['calendar'],
        summary: 'Public with the secret link: due dates and deadlines as an iCalendar feed',
        params: z.object({ file: z.string() }),
      },
      config: { access: access.public },
    },
    async (request, reply) => {
      const token = request.params.file.endsWith('.ics') ? request.params.file.slice(0, -4) : ''
      const body = await calendarFor(app.db, token, appOrigin)
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .send(body)
    },
  )
}

export default calendarRoutes
