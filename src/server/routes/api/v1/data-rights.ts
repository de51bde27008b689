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
import { studentAccess } from '../../../modules/students/record'
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
/**
 * Ten minutes: the largest record's export (docs/performance.md, change 20) at 100 KB/s; under
 * the hold's lease.
 */
const EXPORT_TIME_LIMIT_MS = 10 * 60 * 1000
/** A reader that takes less than this in a window of `STALL_WINDOW_MS` is holding its slot idle. */
const STALL_WINDOW_MS = 30_000
const STALL_MIN_BYTES = 64 * 1024

/** Ends the hold and the slot before the last byte goes out, so a client that asks again at once finds them free. */
async function* heldUntilDone(pieces: AsyncIterable<string>, done: () => Promise<void>) {
  try {
    yield* pieces
  } finally {
    await done()
  }
}

/** The pieces as they are taken, counting the characters in `taken.count`. */
async function* counted(pieces: AsyncIterable<string>, taken: { count: number }) {
  for await (const piece of pieces) {
    taken.count += piece.length
    yield piece
  }
}

/**
 * A download: named with the day, never cached, never shown inline as a page of our origin.
 * `check` answers 404 for what may not be exported, before anything is held; then the person's
 * hold is taken (429 while one of theirs runs or has just begun); then the request waits for one
 * of the instance's slots (export-slots.ts; 503 after a while), and only then does `open` read
 * the record and the answer stream out while its sections are read. The slot and the hold end
 * when the stream ends, fails or is abandoned, after ten minutes, or when the reader stalls.
 */
async function sendExport(
  app: FastifyInstance,
  slots: ExportSlots,
  reply: FastifyReply,
  personId: string,
  name: string,
  format: 'json' | 'html',
  { check, open }: { check: () => Promise<unknown>; open: () => Promise<() => AsyncIterable<string>> },
) {
  await check()
  const release = await beginExport(app.db, personId, app.env.EXPORT_COOLDOWN_SECONDS)
  let giveBack: () => void
  let pieces: () => AsyncIterable<string>
  try {
    giveBack = await slots.take()
  } catch (error) {
    await release()
    throw error
  }
  const done = async () => {
    giveBack()
    await release()
  }
  try {
    pieces = await open()
  } catch (error) {
    await done()
    throw error
  }
  const taken = { count: 0 }
  const body = Readable.from(inChunks(counted(heldUntilDone(pieces(), done), taken)), { objectMode: false })
  // A client that stops reading would keep its slot: a stalled or endless reader ends the stream.
  const limit = setTimeout(() => body.destroy(new Error('export took too long')), EXPORT_TIME_LIMIT_MS)
  let takenBefore = 0
  const stalls = setInterval(() => {
    if (taken.count - takenBefore < STALL_MIN_BYTES) body.destroy(new Error('export reader stalled'))
    takenBefore = taken.count
  }, STALL_WINDOW_MS)
  // A stream destroyed before it began never ran the generator's `finally`.
  body.once('close', () => {
    clearTimeout(limit)
    clearInterval(stalls)
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
      return sendExport(app, slots, reply, viewer.id, 'student-record', format, {
        check: () => studentAccess(app.db, viewer, request.params.id),
        open: async () => {
          const source = await exportStudent(app.db, viewer, request.params.id)
          return () => (format === 'html' ? studentExportHtml(source) : jsonPieces(studentExportJson(source)))
        },
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
      return sendExport(app, slots, reply, viewer.id, 'my-data', format, {
        check: async () => {},
        open: async () => {
          const source = await exportMe(app.db, viewer)
          return () =>
            format === 'html' ? personalExportHtml(source) : jsonPieces(personalExportJson(source))
        },
      })
    },
  )
}

export default dataRightsRoutes
