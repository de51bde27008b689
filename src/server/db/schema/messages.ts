import { sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { documents } from './documents'
import { studentProfiles } from './profiles'
import { users } from './users'

const studentKey = () =>
  uuid('student_id')
    .notNull()
    .references(() => studentProfiles.userId, { onDelete: 'cascade' })

/**
 * Messages of a student's two conversations (docs/product.md#messages). `seq` orders every
 * message of every conversation: a conversation's writes take a lock on it, so within one
 * conversation `seq` grows in commit order, and it is the cursor, the live stream's event id and
 * what a read mark points at. A deleted message keeps its row (its place) with an empty body.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    studentId: studentKey(),
    kind: text('kind', { enum: ['family', 'staff'] }).notNull(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedById: uuid('deleted_by_id').references(() => users.id, { onDelete: 'restrict' }),
  },
  (table) => [
    check('messages_kind', sql`${table.kind} in ('family', 'staff')`),
    check(
      'messages_body_length',
      sql`char_length(${table.body}) <= 5000 and (${table.deletedAt} is not null or char_length(${table.body}) >= 1)`,
    ),
    uniqueIndex('messages_seq_unique').on(table.seq),
    // A conversation's pages, its unread counts and the live stream's catch-up.
    index('messages_conversation_idx').on(table.studentId, table.kind, table.seq),
  ],
)
export type MessageRow = typeof messages.$inferSelect

/** A message's attachments: documents of the same record, in the order given. */
export const messageAttachments = pgTable(
  'message_attachments',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.messageId, table.documentId] }),
    index('message_attachments_document_idx').on(table.documentId),
  ],
)

/**
 * One person's place in one conversation: read up to `read_seq`; the batched email has told them
 * of messages up to `mailed_seq`. A row exists once they opened, read or wrote in it.
 */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    studentId: studentKey(),
    kind: text('kind', { enum: ['family', 'staff'] }).notNull(),
    readSeq: bigint('read_seq', { mode: 'number' }).notNull().default(0),
    mailedSeq: bigint('mailed_seq', { mode: 'number' }).notNull().default(0),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.studentId, table.kind] }),
    check('conversation_reads_kind', sql`${table.kind} in ('family', 'staff')`),
    index('conversation_reads_student_idx').on(table.studentId, table.kind),
  ],
)
