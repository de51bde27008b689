import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { exportMe, exportStudent } from '../../../modules/data-rights/export'
import { personalExportHtml, studentExportHtml } from '../../../modules/data-rights/summary-html'
import { access, requireViewer } from '../../../plugins/access'

/** `?format=json` (the default: complete and machine-readable) or `html` (a page to read or print). */
const exportQuerySchema = z.strictObject({
  format: z.enum(['json', 'html'], { error: 'Use json or html.' }).default('json'),
})

/** A download: named with the day, never cached, never shown inline as a page of our origin. */
function sendExport(reply: FastifyReply, name: string, format: 'json' | 'html', data: unknown, html: string) {
  const day = new Date().toISOString().slice(0, 10)
  return reply
    .type(format === 'html' ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8')
    .header('content-disposition', `attachment; filename="crestline-${name}-${day}.${format}"`)
    .header('cache-control', 'no-store')
    .send(format === 'html' ? html : JSON.stringify(data, null, 2))
}

/** Copies of a person's data, as the legal page promises (docs/product.md#data-rights). */
const dataRightsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/students/:id/export',
    {
      schema: {
        tags: ['data rights'],
        summary:
          "Admins: a student's complete record (account, scores, documents, team, family, every note, tasks, colleges, history) as JSON or a readable HTML page",
        params: z.object({ id: z.string() }),
        querystring: exportQuerySchema,
        produces: ['application/json', 'text/html'],
      },
      config: { access: access.roles('admin') },
    },
    async (request, reply) => {
      const data = await exportStudent(app.db, requireViewer(request), request.params.id)
      return sendExport(reply, 'student-record', request.query.format, data, studentExportHtml(data))
    },
  )

  app.get(
    '/api/v1/users/me/export',
    {
      schema: {
        tags: ['data rights'],
        summary:
          'Your own data: account, signed-in devices, your record (or your children’s) as you may read it, and what you changed; JSON or HTML',
        querystring: exportQuerySchema,
        produces: ['application/json', 'text/html'],
      },
      config: { access: access.anyUser },
    },
    async (request, reply) => {
      const data = await exportMe(app.db, requireViewer(request))
      return sendExport(reply, 'my-data', request.query.format, data, personalExportHtml(data))
    },
  )
}

export default dataRightsRoutes
