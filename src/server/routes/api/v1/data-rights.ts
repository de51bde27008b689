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
import { ExportSlots } from '../../../modules/data-rights/export-slots'
import { inChunks, jsonPieces } from '../../../modules/data-rights/json-stream'
import { personalExportHtml, studentExportHtml } from '../../../modules/data-rights/summary-html'
import { access, requireViewer } from '../../../plugins/access'

/** `?format=json` (the default: complete and machine-readable) or `html` (a page to read or print). */
const exportQuerySchema = z.strictObject({
  format: z.enum(['json', 'html'], { error: 'Use json or html.' }).default('json'),
})

/**
 * Exports written at once by one instance (export-slots.ts). On PostgreSQL two kept the server's
 * peak as low as one did, at about the speed of four. The embedded database runs every query on
 * the server's own thread, so two at once there only interleave, and `/api/health` waited behind
 * both (docs/performance.md, change 20): one.
 */
const exportsAtOnce = (env: { DATABASE_URL?: string }) => (env.DATABASE_URL ? 2 : 1)
/** Ten minutes: the largest record's export (about 50 MB) at 100 KB/s; under the hold's lease. */
const EXPORT_TIME_LIMIT_MS = 10 * 60 * 1000

/** Ends the hold and the slot before the last byte goes out, so a client that asks again at once finds them free. */
async function* heldUntilDone(pieces: AsyncIterable<string>, done: () => Promise<void>) {
  try {
    yield* pieces
  } finally {
    await done()
  }
}

/**
 * A download: named with the day, never cached, never shown inline as a page of our origin. The
 * export waits for a slot before it reads anything (on the embedded database, twenty records read
 * at once held the event loop for most of a second), then `open` checks what is asked (404 before
 * any hold), then the person's hold is taken (429), then the answer is written as a stream while
 * its sections are read. The slot and the hold end when the stream ends, fails or is abandoned.
 */
async function sendExport(
  app: FastifyInstance,
  slots: ExportSlots,
  reply: FastifyReply,
  personId: string,
  name: string,
  format: 'json' | 'html',
  open: () => Promise<() => AsyncIterable<string>>,
) {
  const giveBack = await slots.take()
  let release: () => Promise<void>
  let pieces: () => AsyncIterable<string>
  try {
    pieces = await open()
    release = await beginExport(app.db, personId, app.env.EXPORT_COOLDOWN_SECONDS)
  } catch (error) {
    giveBack()
    throw error
  }
  const done = async () => {
    giveBack()
    await release()
  }
  const body = Readable.from(inChunks(heldUntilDone(pieces(), done)), { objectMode: false })
  // A client that stops reading would keep its slot: after EXPORT_TIME_LIMIT_MS the stream ends.
  const limit = setTimeout(() => body.destroy(new Error('export took too long')), EXPORT_TIME_LIMIT_MS)
  // A stream destroyed before it began never ran the generator's `finally`.
  body.once('close', () => {
    clearTimeout(limit)
    done().catch((error) => app.log.error({ err: error }, 'could not end an export hold'))
  })
  const day = new Date().toISOString().slice(0, 10)
  return reply
    .type(format === 'html' ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8')
    .header('content-disposition', `attachment; filename="crestline-${name}-${day}.${format}"`)
    .header('cache-control', 'no-store')
    .send(body)
}

/**
 * Gzip, not brotli, for exports: brotli keeps a window of megabytes per stream, gzip a few hundred
 * kilobytes (docs/performance.md, change 20).
 */
const exportCompression = { encodings: ['gzip' as const, 'deflate' as const] }

/** Copies of a person's data, as the legal page promises (docs/product.md#data-rights). */
const dataRightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const slots = new ExportSlots(exportsAtOnce(app.env))
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
      compress: exportCompression,
    },
    async (request, reply) => {
      const viewer = requireViewer(request)
      const { format } = request.query
      return sendExport(app, slots, reply, viewer.id, 'student-record', format, async () => {
        const source = await exportStudent(app.db, viewer, request.params.id)
        return () => (format === 'html' ? studentExportHtml(source) : jsonPieces(studentExportJson(source)))
      })
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
      compress: exportCompression,
    },
    async (request, reply) => {
      const viewer = requireViewer(request)
      const { format } = request.query
      return sendExport(app, slots, reply, viewer.id, 'my-data', format, async () => {
        const source = await exportMe(app.db, viewer)
        return () => (format === 'html' ? personalExportHtml(source) : jsonPieces(personalExportJson(source)))
      })
    },
  )
}

export default dataRightsRoutes
