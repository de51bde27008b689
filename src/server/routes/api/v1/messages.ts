import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  broadcastInputSchema,
  broadcastResultSchema,
  messageEditSchema,
  messageInputSchema,
  messageListQuerySchema,
  messagePageSchema,
  messageSchema,
  readBodySchema,
  unreadListSchema,
} from '../../../../shared/messages'
import type { Listen } from '../../../db/listen'
import { broadcast } from '../../../modules/messages/broadcast'
import { listMessages, readUpTo } from '../../../modules/messages/conversation'
import { LiveHub, LiveNotices, MESSAGE_CHANNEL } from '../../../modules/messages/live'
import { unreadConversations } from '../../../modules/messages/unread'
import { deleteMessage, editMessage, postMessage } from '../../../modules/messages/writes'
import { access, requireViewer } from '../../../plugins/access'
import { registerMessageEvents } from './message-events'

const conversationParams = z.object({ id: z.string(), kind: z.string() })
const messageParams = conversationParams.extend({ messageId: z.string() })
const CONVERSATION = '/api/v1/students/:id/conversations/:kind'

/**
 * A student's two conversations (docs/api.md#messages). Who reads and writes which is decided in
 * the messages module: the record's outsiders get 404, and so do the student and their guardians
 * for the Staff conversation. Also the live stream (message-events.ts), which this plugin feeds
 * from the database's notices and ends at shutdown.
 */
const messageRoutes: FastifyPluginAsyncZod<{ listen: Listen }> = async (app, options) => {
  const hub = new LiveHub(app.db, (err) => app.log.warn({ err }, 'live messages: a read failed'))
  const notices = new LiveNotices(app.db, (err) => app.log.warn({ err }, 'live messages: a notice failed'))
  const stopListening = await options.listen(
    MESSAGE_CHANNEL,
    (payload) => hub.notice(payload),
    () => hub.catchUp(),
  )
  // Open streams would hold the server's close until its grace ran out: they end first.
  app.addHook('preClose', async () => hub.closeAll())
  app.addHook('onClose', async () => stopListening())

  app.get(
    `${CONVERSATION}/messages`,
    {
      schema: {
        tags: ['messages'],
        summary: 'A page of the conversation, newest last; the newest page marks it read for the caller',
        params: conversationParams,
        querystring: messageListQuerySchema,
        response: { 200: messagePageSchema },
      },
      config: { access: access.anyUser },
    },
    async (request) => {
      const { id, kind } = request.params
      return listMessages(app.db, requireViewer(request), id, kind, request.query)
    },
  )

  app.post(
    `${CONVERSATION}/messages`,
    {
      schema: {
        tags: ['messages'],
        summary: 'Write a message, with documents of the same record attached',
        params: conversationParams,
        body: messageInputSchema,
        response: { 201: messageSchema },
      },
      config: { access: access.anyUser, kept: 'record' },
    },
    // The viewer's access comes with the session (`kept: 'record'`).
    async (request, reply) => {
      const { id, kind } = request.params
      const viewer = requireViewer(request)
      const recordAccess = await app.kept.recordAccess(request, viewer, id)
      const message = await postMessage(app.db, viewer, id, kind, request.body, recordAccess)
      notices.add(message.studentUUID, message.kind, message.uuid, 'new')
      return reply.code(201).send(message)
    },
  )

  app.patch(
    `${CONVERSATION}/messages/:messageId`,
    {
      schema: {
        tags: ['messages'],
        summary: 'Edit a message (its author, within 15 minutes)',
        params: messageParams,
        body: messageEditSchema,
        response: { 200: messageSchema },
      },
      config: { access: access.anyUser },
    },
    async (request) => {
      const { id, kind, messageId } = request.params
      const message = await editMessage(app.db, requireViewer(request), id, kind, messageId, request.body)
      notices.add(message.studentUUID, message.kind, message.uuid, 'changed')
      return message
    },
  )

  app.delete(
    `${CONVERSATION}/messages/:messageId`,
    {
      schema: {
        tags: ['messages'],
        summary: 'Delete a message (its author or an admin)',
        params: messageParams,
      },
      config: { access: access.anyUser },
    },
    async (request, reply) => {
      const { id, kind, messageId } = request.params
      const { studentId, kind: deletedIn } = await deleteMessage(
        app.db,
        requireViewer(request),
        id,
        kind,
        messageId,
      )
      notices.add(studentId, deletedIn, messageId, 'changed')
      return reply.code(204).send()
    },
  )

  app.post(
    `${CONVERSATION}/read`,
    {
      schema: {
        tags: ['messages'],
        summary: 'Mark the conversation read up to a message',
        params: conversationParams,
        body: readBodySchema,
        response: { 200: z.object({ unread: z.number() }) },
      },
      config: { access: access.anyUser },
    },
    async (request) => {
      const { id, kind } = request.params
      return readUpTo(app.db, requireViewer(request), id, kind, request.body.upTo)
    },
  )

  app.get(
    '/api/v1/conversations/unread',
    {
      schema: {
        tags: ['messages'],
        summary: 'My conversations with unread messages, with their counts and total',
        response: { 200: unreadListSchema },
      },
      config: { access: access.anyUser },
    },
    async (request) => unreadConversations(app.db, requireViewer(request)),
  )

  app.post(
    '/api/v1/broadcasts',
    {
      schema: {
        tags: ['messages'],
        summary: "One message to many students' Family conversations (admins)",
        body: broadcastInputSchema,
        response: { 201: broadcastResultSchema },
      },
      config: { access: access.roles('admin') },
    },
    async (request, reply) =>
      reply.code(201).send(await broadcast(app.db, requireViewer(request), request.body)),
  )

  registerMessageEvents(app, hub)
}

export default messageRoutes
