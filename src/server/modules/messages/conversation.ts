import { type SQL, sql } from 'drizzle-orm'
import { documentFilePath } from '../../../shared/documents'
import {
  type ConversationKind,
  MESSAGE_PAGE_DEFAULT,
  type Message,
  type MessageAttachment,
  type MessagePage,
} from '../../../shared/messages'
import { type AccessOnRecord, may } from '../../../shared/record-rules'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx } from '../../db/client'
import { selectRows, selectRowsPrepared } from '../../db/raw'
import { fieldError, notFound } from '../../problems'
import { decodeCursor, encodeCursor, invalidCursor } from '../admin/cursor'
import { mayReadRecordSql, studentAccess } from '../students/record'
import { isoSql } from '../students/sql'

/**
 * A student's two conversations (docs/product.md#messages): who may read one, its pages, and
 * each person's read mark. The Staff conversation does not exist for the student and their
 * guardians: 404, as for a record they may not read.
 */

export interface Conversation {
  studentId: string
  kind: ConversationKind
  access: AccessOnRecord
}

const noConversation = () => notFound('No such conversation.')

/** The conversation as this viewer may use it; 404 for the record's outsiders and for the family's Staff. */
export async function openConversation(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  kind: string,
  /** The viewer's access when already read (with the session, `config.kept: 'record'`). */
  known?: AccessOnRecord,
): Promise<Conversation> {
  if (kind !== 'family' && kind !== 'staff') throw noConversation()
  const access = known ?? (await studentAccess(db, viewer, studentId))
  if (kind === 'staff' && !may(access, 'messages.staff')) throw noConversation()
  return { studentId, kind, access }
}

/** Whether the user may read the conversation, in SQL: the record's readers, staff only for Staff. */
export const mayReadConversationSql = (
  studentId: SQL,
  userId: SQL,
  kind: SQL,
) => sql`(case when ${kind} = 'staff'
  then (exists(select 1 from admin_profiles where user_id = ${userId})
    or (exists(select 1 from team_members where student_id = ${studentId} and member_id = ${userId})
      and (exists(select 1 from educator_profiles where user_id = ${userId})
        or exists(select 1 from fao_profiles where user_id = ${userId}))))
  else ${mayReadRecordSql(studentId, userId)} end)`

export interface MessageRow {
  id: string
  seq: string
  student_id: string
  kind: ConversationKind
  author_id: string
  author_name: string
  body: string
  created_at: string
  edited_at: string | null
  deleted: boolean
  attachments: Array<{ uuid: string; name: string; url: string | null; hidden: boolean }>
}

/** A message's columns over `messages m join users a` (its author); a deleted one has no body or attachments. */
export const messageColumns = sql`m.id, m.seq::text as seq, m.student_id, m.kind, m.author_id, a.name as author_name,
  case when m.deleted_at is null then m.body else '' end as body,
  ${isoSql(sql`m.created_at`)} as created_at,
  case when m.edited_at is null then null else ${isoSql(sql`m.edited_at`)} end as edited_at,
  m.deleted_at is not null as deleted,
  case when m.deleted_at is not null then '[]'::json else coalesce((
    select json_agg(json_build_object('uuid', d.id, 'name', d.name, 'url', d.url, 'hidden', d.hidden)
      order by ma.position)
    from message_attachments ma join documents d on d.id = ma.document_id where ma.message_id = m.id), '[]'::json)
  end as attachments`

/** The cursor of a message: its place in every conversation's order. */
export const seqCursor = (seq: string | number) => encodeCursor([String(seq)])

/** A cursor's place, or a 400 naming `cursor`. */
export function cursorSeq(cursor: string | undefined): number | undefined {
  const [seq] = decodeCursor(cursor, 1) ?? []
  if (seq === undefined) return undefined
  if (!/^\d{1,15}$/.test(seq)) throw invalidCursor()
  return Number(seq)
}

/**
 * A message as this reader sees it: the family (who read Family only) never sees an attachment
 * staff hid since it was attached.
 */
export function toMessage(row: MessageRow, seesHidden: boolean): Message {
  const attachments: MessageAttachment[] = row.attachments
    .filter((document) => seesHidden || !document.hidden)
    .map((document) => ({
      uuid: document.uuid,
      name: document.name,
      url: document.url ?? documentFilePath(row.student_id, document.uuid),
    }))
  return {
    uuid: row.id,
    studentUUID: row.student_id,
    kind: row.kind,
    author: { name: row.author_name, uuid: row.author_id },
    body: row.body,
    attachments,
    createdAt: row.created_at,
    editedAt: row.edited_at,
    deleted: row.deleted,
    cursor: seqCursor(row.seq),
  }
}

export const seesHiddenDocuments = (conversation: Conversation) =>
  may(conversation.access, 'documents.readHidden')

/**
 * Messages of the conversation after `afterSeq`, oldest first (the live stream's catch-up). A
 * named statement: on the embedded database a declared read, so the streams' reads do not count
 * as writes for the answers kept between writes.
 */
export async function messagesAfter(
  db: DbOrTx,
  studentId: string,
  kind: ConversationKind,
  afterSeq: number,
  limit = 500,
): Promise<MessageRow[]> {
  return selectRowsPrepared<MessageRow>(
    db,
    'messages-after',
    sql`select ${messageColumns} from messages m join users a on a.id = m.author_id
    where m.student_id = ${studentId} and m.kind = ${kind} and m.seq > ${afterSeq}
    order by m.seq limit ${limit}`,
  )
}

/** One message of the conversation by id, or undefined. */
export async function messageById(db: DbOrTx, conversation: Conversation, messageId: string) {
  const [row] = await selectRows<MessageRow>(
    db,
    sql`select ${messageColumns} from messages m join users a on a.id = m.author_id
    where m.id = ${messageId} and m.student_id = ${conversation.studentId} and m.kind = ${conversation.kind}`,
  )
  return row
}

/** The person's unread messages in the conversation: after their mark, by others, not deleted. */
const unreadSql = (studentId: string, kind: ConversationKind, userId: string) => sql`(select count(*)::int
  from messages m where m.student_id = ${studentId} and m.kind = ${kind} and m.author_id <> ${userId}
    and m.deleted_at is null and m.seq > coalesce((select read_seq from conversation_reads
      where user_id = ${userId} and student_id = ${studentId} and kind = ${kind}), 0))`

/** Moves the person's read mark forward to `seq` (never back). */
export async function markRead(db: DbOrTx, userId: string, conversation: Conversation, seq: number) {
  await db.execute(
    sql`insert into conversation_reads (user_id, student_id, kind, read_seq, read_at)
    values (${userId}, ${conversation.studentId}, ${conversation.kind}, ${seq}, now())
    on conflict (user_id, student_id, kind) do update
      set read_seq = greatest(conversation_reads.read_seq, excluded.read_seq), read_at = now()`,
  )
}

/**
 * A page of the conversation, newest last. Without a cursor it is the newest page, and opening
 * it marks the conversation read up to its newest message for this person; `unread` says how many
 * were unread before.
 */
export async function listMessages(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  kind: string,
  query: { cursor?: string; limit?: number },
): Promise<MessagePage> {
  const conversation = await openConversation(db, viewer, studentId, kind)
  const limit = query.limit ?? MESSAGE_PAGE_DEFAULT
  const before = cursorSeq(query.cursor)
  const rows = await selectRows<MessageRow & { unread: number }>(
    db,
    sql`select ${messageColumns}, ${unreadSql(conversation.studentId, conversation.kind, viewer.id)} as unread
    from messages m join users a on a.id = m.author_id
    where m.student_id = ${conversation.studentId} and m.kind = ${conversation.kind}
      ${before === undefined ? sql`` : sql`and m.seq < ${before}`}
    order by m.seq desc limit ${limit + 1}`,
  )
  const page = rows.slice(0, limit).reverse()
  const newest = page.at(-1)
  const unread = rows[0]?.unread ?? 0
  if (before === undefined && newest) await markRead(db, viewer.id, conversation, Number(newest.seq))
  const seesHidden = seesHiddenDocuments(conversation)
  return {
    messages: page.map((row) => toMessage(row, seesHidden)),
    nextCursor: rows.length > limit && page[0] ? seqCursor(page[0].seq) : null,
    unread,
  }
}

/** `POST …/read`: read up to this message of the conversation (400 naming `upTo` for another). */
export async function readUpTo(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  kind: string,
  messageId: string,
): Promise<{ unread: number }> {
  const conversation = await openConversation(db, viewer, studentId, kind)
  const row = await messageById(db, conversation, messageId)
  if (!row) throw fieldError('upTo', 'Choose a message of this conversation.')
  await markRead(db, viewer.id, conversation, Number(row.seq))
  const [left] = await selectRows<{ unread: number }>(
    db,
    sql`select ${unreadSql(conversation.studentId, conversation.kind, viewer.id)} as unread`,
  )
  return { unread: left?.unread ?? 0 }
}

/**
 * Every message of the conversations this viewer may read, Family then Staff, oldest first, a
 * page at a time (the data exports): the family's never include Staff.
 */
export async function* readableMessages(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  pageSize = 50,
): AsyncGenerator<Message> {
  const access = await studentAccess(db, viewer, studentId)
  const kinds: ConversationKind[] = may(access, 'messages.staff') ? ['family', 'staff'] : ['family']
  const seesHidden = may(access, 'documents.readHidden')
  for (const kind of kinds) {
    let after = 0
    for (;;) {
      const rows = await messagesAfter(db, studentId, kind, after, pageSize)
      for (const row of rows) yield toMessage(row, seesHidden)
      if (rows.length < pageSize) break
      after = Number(rows.at(-1)!.seq)
    }
  }
}
