import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { eventsQuerySchema } from '../../../../shared/messages'
import { selectRows } from '../../../db/raw'
import {
  cursorSeq,
  openConversation,
  seesHiddenDocuments,
  toMessage,
} from '../../../modules/messages/conversation'
import type { LiveHub, LiveStream } from '../../../modules/messages/live'
import { access, requireViewer } from '../../../plugins/access'
import { fieldError, HttpProblem } from '../../../problems'

/** A client that stops reading has this much waiting for it at most; then its stream ends. */
const MAX_BACKLOG_BYTES = 1024 * 1024

/**
 * Where a stream starts: after `Last-Event-ID` (what the browser sends when it reconnects), or
 * after `?after=` (the newest message the page holds, on the first connection), or from now.
 */
async function startingPlace(
  app: FastifyInstance,
  header: unknown,
  after: string | undefined,
  studentId: string,
  kind: string,
) {
  const given =
    typeof header === 'string' && header !== ''
      ? { value: header, field: 'Last-Event-ID' }
      : after
        ? { value: after, field: 'after' }
        : null
  if (given) {
    try {
      return cursorSeq(given.value)!
    } catch (error) {
      if (error instanceof HttpProblem)
        throw fieldError(given.field, 'That event id is not one of ours. Reconnect without it.')
      throw error
    }
  }
  const [newest] = await selectRows<{ seq: string }>(
    app.db,
    sql`select coalesce(max(seq), 0)::text as seq from messages where student_id = ${studentId} and kind = ${kind}`,
  )
  return Number(newest?.seq ?? 0)
}

/**
 * `GET …/conversations/{kind}/events`: server-sent events. Each new message is an event `message`
 * whose id is the message's cursor, so a reconnect's `Last-Event-ID` resumes after it; a change
 * (an edit, a deletion) is `message-changed` without an id, so the place stays. The answer is
 * written by hand (the reply is hijacked): compression and every `onSend` hook would buffer it.
 */
export function registerMessageEvents(app: FastifyInstance, hub: LiveHub) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/students/:id/conversations/:kind/events',
    {
      schema: {
        tags: ['messages'],
        summary: 'The conversation live, as server-sent events (Last-Event-ID resumes)',
        params: z.object({ id: z.string(), kind: z.string() }),
        querystring: eventsQuerySchema,
      },
      config: { access: access.anyUser },
    },
    async (request, reply) => {
      const viewer = requireViewer(request)
      const conversation = await openConversation(app.db, viewer, request.params.id, request.params.kind)
      const start = await startingPlace(
        app,
        request.headers['last-event-id'],
        request.query.after,
        conversation.studentId,
        conversation.kind,
      )
      const seesHidden = seesHiddenDocuments(conversation)
      reply.hijack()
      const raw = reply.raw
      // The headers hooks set so far (security headers, a refreshed session cookie) go out too.
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) raw.setHeader(name, value)
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // nginx and its kin pass each event on at once instead of buffering the answer.
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      })
      let open = true
      const write = (text: string) => {
        if (!open) return
        if (raw.writableLength > MAX_BACKLOG_BYTES) return stream.close()
        raw.write(text)
      }
      const stream: LiveStream = {
        userId: viewer.id,
        sessionId: viewer.sessionId,
        lastSeq: start,
        send(row, type) {
          const message = toMessage(row, seesHidden)
          const data = JSON.stringify(message)
          write(
            type === 'new'
              ? `id: ${message.cursor}\nevent: message\ndata: ${data}\n\n`
              : `event: message-changed\ndata: ${data}\n\n`,
          )
        },
        ping: () => write(': ping\n\n'),
        close() {
          if (!open) return
          open = false
          raw.end()
        },
      }
      // The browser waits this long before reconnecting after a drop.
      raw.write('retry: 2000\n\n')
      const remove = hub.open(conversation.studentId, conversation.kind, stream)
      raw.on('close', () => {
        open = false
        remove()
      })
    },
  )
}
