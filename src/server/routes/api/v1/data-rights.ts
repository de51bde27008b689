import { Readable } from 'node:stream'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  exportMe,
  exportStudent,
  personalExportJson,
  studentExportJson,
} from '../../../modules/data-rights/export'
import { beginExport } from '../../../modules/data-rights/export-gate'
import { inChunks, jsonPieces } from '../../../modules/data-rights/json-stream'
import { personalExportHtml, studentExportHtml } from '../../../modules/data-rights/summary-html'
import { access, requireViewer } from '../../../plugins/access'

/** `?format=json` (the default: complete and machine-readable) or `html` (a page to read or print). */
const exportQuerySchema = z.strictObject({
  format: z.enum(['json', 'html'], { error: 'Use json or html.' }).default('json'),
})

/** Ends the hold before the last byte goes out, so a client that asks again at once finds it ended. */
async function* heldUntilDone(pieces: AsyncIterable<string>, release: () => Promise<void>) {
  try {
    yield* pieces
  } finally {
    await release()
  }
}

/**
 * A download: named with the day, never cached, never shown inline as a page of our origin. It is
 * written as a stream while its sections are read; the person's hold on exporting ends when the
 * stream closes (finished, failed, or the client went away).
 */
async function sendExport(
  app: FastifyInstance,
  reply: FastifyReply,
  personId: string,
  name: string,
  format: 'json' | 'html',
  pieces: () => AsyncIterable<string>,
) {
  const release = await beginExport(app.db, personId, app.env.EXPORT_COOLDOWN_SECONDS)
  const body = Readable.from(inChunks(heldUntilDone(pieces(), release)), { objectMode: false })
  // A stream destroyed before it began never ran the generator's `finally`.
  body.once('close', () => {
    release().catch((error) => app.log.error({ err: error }, 'could not end an export hold'))
  })
  const day = new Date().toISOString().slice(0, 10)
  return reply
    .type(format === 'html' ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8')
    .header('content-disposition', `attachment; filename="crestline-${name}-${day}.${format}"`)
    .header('cache-control', 'no-store')
    .send(body)
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
      const viewer = requireViewer(request)
      const source = await exportStudent(app.db, viewer, request.params.id)
      const { format } = request.query
      return sendExport(app, reply, viewer.id, 'student-record', format, () =>
        format === 'html' ? studentExportHtml(source) : jsonPieces(studentExportJson(source)),
      )
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
      config: { access: access.ownAccount },
    },
    async (request, reply) => {
      const viewer = requireViewer(request)
      const source = await exportMe(app.db, viewer)
      const { format } = request.query
      return sendExport(app, reply, viewer.id, 'my-data', format, () =>
        format === 'html' ? personalExportHtml(source) : jsonPieces(personalExportJson(source)),
      )
    },
  )
}

export default dataRightsRoutes
