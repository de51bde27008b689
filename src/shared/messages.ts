import { z } from 'zod'
import { cursorField, oneValue, pageLimit } from './paging'
import { orRequired, requiredText, uuidField } from './validation'

/**
 * Messages (docs/product.md#messages): each student has two conversations, `family` (the
 * student, their guardians, the team and admins) and `staff` (the team and admins). For the
 * student and their guardians the staff conversation does not exist (404), as internal notes.
 */
export const CONVERSATION_KINDS = ['family', 'staff'] as const
export type ConversationKind = (typeof CONVERSATION_KINDS)[number]
export const MESSAGE_BODY_MAX = 5_000
export const MESSAGE_ATTACHMENTS_MAX = 10
export const MESSAGE_PAGE_DEFAULT = 30
export const MESSAGE_PAGE_MAX = 100
/** The author may edit a message for this long after posting it. */
export const MESSAGE_EDIT_MINUTES = 15
/** What a deleted message shows in its place. */
export const MESSAGE_DELETED_TEXT = 'Message deleted'
/** A broadcast reaches at most this many students at once. */
export const BROADCAST_MAX_STUDENTS = 2_000

/** How a person hears of unread messages by email (`/settings`). */
export const MESSAGE_EMAIL_MODES = ['batched', 'daily', 'off'] as const
export type MessageEmailMode = (typeof MESSAGE_EMAIL_MODES)[number]
export const MESSAGE_EMAIL_LABELS: Record<MessageEmailMode, string> = {
  batched: 'As they come (batched)',
  daily: 'A daily summary at 6:00 PM, in my time zone',
  off: 'Off',
}
export const messageEmailField = z.enum(MESSAGE_EMAIL_MODES, {
  error: orRequired('Use batched, daily or off.'),
})

/** A document of the same record, as a message carries it. */
export const messageAttachmentSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  /** The document's link, or its file's download path. */
  url: z.string(),
})
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>

export const messageSchema = z.object({
  uuid: z.string(),
  studentUUID: z.string(),
  kind: z.enum(CONVERSATION_KINDS),
  author: z.object({ name: z.string(), uuid: z.string() }),
  /** Markdown, rendered as notes are; empty once the message is deleted. */
  body: z.string(),
  attachments: z.array(messageAttachmentSchema),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  /** Deleted: shown as "Message deleted", with no body and no attachments. */
  deleted: z.boolean(),
  /** The message's place in its conversation: the event id of the live stream, and `upTo`'s peer. */
  cursor: z.string(),
})
export type Message = z.infer<typeof messageSchema>

const attachmentIds = z
  .array(uuidField, { error: 'Use a list of document ids.' })
  .max(MESSAGE_ATTACHMENTS_MAX, `Attach at most ${MESSAGE_ATTACHMENTS_MAX} documents.`)
  .refine((ids) => new Set(ids).size === ids.length, 'Attach each document once.')

/** `POST …/messages`: read-only fields a client sends back are accepted and ignored. */
export const messageInputSchema = z.strictObject({
  body: requiredText(MESSAGE_BODY_MAX),
  /** Documents of the same student's record. */
  attachmentUUIDs: attachmentIds.optional(),
  uuid: z.unknown().optional(),
  studentUUID: z.unknown().optional(),
  kind: z.unknown().optional(),
  author: z.unknown().optional(),
  attachments: z.unknown().optional(),
  createdAt: z.unknown().optional(),
  editedAt: z.unknown().optional(),
  deleted: z.unknown().optional(),
  cursor: z.unknown().optional(),
})
export type MessageInput = z.infer<typeof messageInputSchema>

/** `PATCH …/messages/{id}`: the body, the attachments, or both. */
export const messageEditSchema = messageInputSchema
  .extend({ body: requiredText(MESSAGE_BODY_MAX).optional() })
  .refine((edit) => edit.body !== undefined || edit.attachmentUUIDs !== undefined, {
    message: 'Send body or attachmentUUIDs.',
    path: ['body'],
  })
export type MessageEdit = z.infer<typeof messageEditSchema>

export const messageListQuerySchema = z.object({
  /** The page before this cursor (older messages); the newest page without it. */
  cursor: cursorField,
  limit: pageLimit(MESSAGE_PAGE_MAX).optional(),
})

/** A page of a conversation, oldest first (newest last), and the cursor of the page before it. */
export const messagePageSchema = z.object({
  messages: z.array(messageSchema),
  /** Pass back as `cursor` for the older page; null when this page starts the conversation. */
  nextCursor: z.string().nullable(),
  /** This person's unread messages in the conversation before this read marked it read. */
  unread: z.number(),
})
export type MessagePage = z.infer<typeof messagePageSchema>

/** `POST …/read`: read up to this message (and everything before it). */
export const readBodySchema = z.strictObject({ upTo: uuidField })

/** `GET …/events?after=`: the cursor of the last message the client holds, when it has no Last-Event-ID. */
export const eventsQuerySchema = z.object({
  after: z.string(oneValue('after')).max(512, 'That cursor is not valid.').optional(),
})

export const unreadConversationSchema = z.object({
  studentUUID: z.string(),
  studentName: z.string(),
  kind: z.enum(CONVERSATION_KINDS),
  unread: z.number(),
  /** The newest unread message's time. */
  latestAt: z.string(),
})
export type UnreadConversation = z.infer<typeof unreadConversationSchema>

/** `GET /v1/conversations/unread`: mine, newest first, and their total (the sidebar's count). */
export const unreadListSchema = z.object({
  total: z.number(),
  conversations: z.array(unreadConversationSchema),
})
export type UnreadList = z.infer<typeof unreadListSchema>

/** `POST /v1/broadcasts`: one message to the family conversations of many students. */
export const broadcastInputSchema = z.strictObject({
  body: requiredText(MESSAGE_BODY_MAX),
  to: z.discriminatedUnion(
    'kind',
    [
      z.strictObject({ kind: z.literal('all-active') }),
      z.strictObject({ kind: z.literal('educator'), educatorUUID: uuidField }),
      z.strictObject({
        kind: z.literal('students'),
        studentUUIDs: z
          .array(uuidField, { error: 'Use a list of student ids.' })
          .min(1, 'Pick at least one student.')
          .max(BROADCAST_MAX_STUDENTS, `Pick at most ${BROADCAST_MAX_STUDENTS} students.`),
      }),
    ],
    { error: 'Use all-active, educator or students.' },
  ),
})
export type BroadcastInput = z.infer<typeof broadcastInputSchema>

export const broadcastResultSchema = z.object({
  /** How many conversations received the message. */
  sent: z.number(),
  students: z.array(z.object({ uuid: z.string(), name: z.string(), messageUUID: z.string() })),
})
export type BroadcastResult = z.infer<typeof broadcastResultSchema>
