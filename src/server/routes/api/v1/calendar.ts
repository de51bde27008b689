import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { calendarFeedSchema, calendarLinkSchema } from '../../../../shared/calendar'
import { emptyBodySchema } from '../../../../shared/validation'
import {
  calendarFor,
  currentFeedUrl,
  feedStatus,
  feedUrl,
  renewFeedToken,
  revokeFeedToken,
} from '../../../modules/calendar/feed'
import { access, requireViewer } from '../../../plugins/access'

/** The private calendar feed: turned on, renewed and off in /settings; read by calendar apps. */
const calendarRoutes: FastifyPluginAsyncZod<{ secret: string }> = async (app, { secret }) => {
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
        summary: 'Turn the feed on, or give it a new link (the old one stops working); answers the new link',
        body: emptyBodySchema,
        response: { 200: calendarFeedSchema },
      },
      config: { access: access.anyUser },
    },
    async (request) => {
      const viewer = requireViewer(request)
      const token = await renewFeedToken(app.db, viewer.id, secret)
      return { ...(await feedStatus(app.db, viewer.id)), url: feedUrl(appOrigin, token) }
    },
  )

  app.get(
    '/api/v1/users/me/calendar/link',
    {
      schema: {
        tags: ['calendar'],
        summary:
          'My current feed link, shown again (404 when off; 404 `link-not-kept` for a link made before links were kept)',
        response: { 200: calendarLinkSchema },
      },
      config: { access: access.anyUser },
    },
    async (request) => currentFeedUrl(app.db, requireViewer(request).id, secret, appOrigin),
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
