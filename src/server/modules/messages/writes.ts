import { sql } from 'drizzle-orm'
import {
  type ConversationKind,
  MESSAGE_EDIT_MINUTES,
  type Message,
  type MessageEdit,
  type MessageInput,
} from '../../../shared/messages'
import type { AccessOnRecord } from '../../../shared/record-rules'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx, Tx } from '../../db/client'
import { selectRows, writeRowsPrepared } from '../../db/raw'
import { conflict, fieldError, notFound } from '../../problems'
import { recordAudit } from '../audit/audit'
import { requireRule } from '../students/record-rules'
import { isUuid } from '../students/sql'
import {
  type Conversation,
  type MessageRow,
  messageById,
  messageColumns,
  openConversation,
  seesHiddenDocuments,
  toMessage,
} from './conversation'

/**
 * Posting, editing and deleting messages (docs/product.md#messages). Each write runs in one
 * transaction with its audit event (the route sends its live notice once it committed), and
 * takes the conversation's lock first (its student's row, `for no key update`) so that within a
 * conversation messages commit in the order of their `seq`: a stream that resumes after a seq
 * can never miss an earlier one committed later.
 */

/** Serializes the writes of these students' conversations; record writes are not blocked. */
export async function lockConversations(tx: Tx, studentIds: string[]) {
  if (studentIds.length === 0) return
  await tx.execute(
    sql`select 1 from student_profiles where user_id in (${sql.join(
      studentIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) order by user_id for no key update`,
  )
}

/** What the audit log keeps of a message: its kind, size and attachments, never its words. */
const audited = (row: { kind: ConversationKind; body: string }, attachmentIds: string[]) => ({
  kind: row.kind,
  characters: row.body.length,
  attachmentIds,
})

const writeRule = (kind: ConversationKind) => (kind === 'staff' ? 'messages.staff' : 'messages.write')

/**
 * The attachments as given: documents of the same record that this writer may see; a document
 * hidden from the family is refused in the Family conversation (the family would not see it).
 * 400 naming `attachmentUUIDs.N` otherwise.
 */
async function checkAttachments(tx: Tx, conversation: Conversation, ids: string[]) {
  if (ids.length === 0) return
  const found = await selectRows<{ id: string; hidden: boolean }>(
    tx,
    sql`select id, hidden from documents where student_id = ${conversation.studentId}
      and id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
  )
  const byId = new Map(found.map((row) => [row.id, row.hidden]))
  const seesHidden = seesHiddenDocuments(conversation)
  ids.forEach((id, index) => {
    const hidden = byId.get(id)
    if (hidden === undefined || (hidden && !seesHidden))
      throw fieldError(`attachmentUUIDs.${index}`, "Choose a document of this student's record.")
    if (hidden && conversation.kind === 'family')
      throw fieldError(
        `attachmentUUIDs.${index}`,
        'This document is hidden from the family: unhide it first.',
      )
  })
}

async function writeAttachments(tx: Tx, messageId: string, ids: string[]) {
  await tx.execute(sql`delete from message_attachments where message_id = ${messageId}`)
  if (ids.length === 0) return
  await tx.execute(
    sql`insert into message_attachments (message_id, document_id, position) values ${sql.join(
      ids.map((id, position) => sql`(${messageId}, ${id}, ${position})`),
      sql`, `,
    )}`,
  )
}

/**
 * Posts a message. `access` is the viewer's on the record when read with the session. Without
 * attachments it is one statement (`postPlain`); with them, a transaction of the lock, the
 * attachments' check, the message with the author's read mark, its attachments, the audit event
 * and the message as answered.
 */
export async function postMessage(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  kind: string,
  input: MessageInput,
  access?: AccessOnRecord,
): Promise<Message> {
  const conversation = await openConversation(db, viewer, studentId, kind, access)
  requireRule(conversation.access, writeRule(conversation.kind))
  const attachmentIds = input.attachmentUUIDs ?? []
  if (attachmentIds.length === 0) return postPlain(db, viewer, conversation, input.body)
  return db.transaction(async (tx) => {
    await lockConversations(tx, [studentId])
    await checkAttachments(tx, conversation, attachmentIds)
    // The author has read their own message, and follows the conversation from now on (`markRead`,
    // in the same statement).
    const [inserted] = await selectRows<{ id: string }>(
      tx,
      sql`with m as (insert into messages (student_id, kind, author_id, body)
        values (${studentId}, ${conversation.kind}, ${viewer.id}, ${input.body}) returning id, seq),
      _read as (insert into conversation_reads (user_id, student_id, kind, read_seq, read_at)
        select ${viewer.id}, ${studentId}, ${conversation.kind}, m.seq, now() from m
        on conflict (user_id, student_id, kind) do update
        set read_seq = greatest(conversation_reads.read_seq, excluded.read_seq), read_at = now())
      select id from m`,
    )
    await writeAttachments(tx, inserted!.id, attachmentIds)
    await recordAudit(tx, {
      actorId: viewer.id,
      action: 'message.posted',
      subjectType: 'message',
      subjectId: inserted!.id,
      studentId,
      after: audited({ kind: conversation.kind, body: input.body }, attachmentIds),
    })
    return toMessage((await messageById(tx, conversation, inserted!.id))!, seesHiddenDocuments(conversation))
  })
}

/**
 * A message without attachments in one statement, its own transaction (prepared once per
 * connection on PostgreSQL): the conversation's lock, the message with the author's read mark,
 * its audit event, and the message as answered. The
 * insert draws its `seq` only once the lock is held (it reads the lock's row), and the statement
 * commits before the lock is let go, so messages still commit in the order of their `seq`.
 */
async function postPlain(db: DbOrTx, viewer: Viewer, conversation: Conversation, body: string) {
  const after = JSON.stringify(audited({ kind: conversation.kind, body }, []))
  const [row] = await writeRowsPrepared<MessageRow>(
    db,
    'message-post',
    sql`with locked as (select user_id from student_profiles where user_id = ${conversation.studentId}
      for no key update),
    m as (insert into messages (student_id, kind, author_id, body)
      select locked.user_id, ${conversation.kind}, ${viewer.id}, ${body} from locked
      returning *),
    -- The author has read their own message, and follows the conversation from now on (as markRead).
    _read as (insert into conversation_reads (user_id, student_id, kind, read_seq, read_at)
      select ${viewer.id}, m.student_id, m.kind, m.seq, now() from m
      on conflict (user_id, student_id, kind) do update
      set read_seq = greatest(conversation_reads.read_seq, excluded.read_seq), read_at = now()),
    _audit as (insert into audit_events (actor_id, action, subject_type, subject_id, student_id, after)
      select ${viewer.id}, 'message.posted', 'message', m.id, m.student_id, ${after}::jsonb from m)
    select ${messageColumns} from m join users a on a.id = m.author_id`,
  )
  if (!row) throw notFound('No such conversation.')
  return toMessage(row, seesHiddenDocuments(conversation))
}

/** The message to change, locked; 404 for one of another conversation, 409 once deleted. */
async function messageToChange(tx: Tx, viewer: Viewer, studentId: string, kind: string, messageId: string) {
  const conversation = await openConversation(tx, viewer, studentId, kind)
  if (!isUuid(messageId)) throw notFound('No such message.')
  const [locked] = await selectRows<{ author_id: string; deleted: boolean; editable: boolean }>(
    tx,
    sql`select author_id, deleted_at is not null as deleted,
      created_at > now() - make_interval(mins => ${MESSAGE_EDIT_MINUTES}) as editable
    from messages where id = ${messageId} and student_id = ${studentId} and kind = ${conversation.kind}
    for update`,
  )
  if (!locked) throw notFound('No such message.')
  const row = (await messageById(tx, conversation, messageId)) as MessageRow
  return { conversation, row, ...locked }
}

const currentAttachmentIds = (row: MessageRow) => row.attachments.map((document) => document.uuid)

/**
 * `PATCH`: the author alone (403 for anyone else), within 15 minutes of posting (409
 * `edit-window-closed` after: the request is right, the message's time has passed).
 */
export async function editMessage(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  kind: string,
  messageId: string,
  input: MessageEdit,
): Promise<Message> {
  return db.transaction(async (tx) => {
    const found = await messageToChange(tx, viewer, studentId, kind, messageId)
    const { conversation, row: before } = found
    if (found.deleted) throw conflict('message-deleted', 'This message was deleted.')
    requireRule(conversation.access, 'messages.edit', found.author_id === viewer.id)
    if (!found.editable)
      throw conflict(
        'edit-window-closed',
        `A message can be edited for ${MESSAGE_EDIT_MINUTES} minutes after it was posted.`,
      )
    const attachmentIds = input.attachmentUUIDs ?? currentAttachmentIds(before)
    if (input.attachmentUUIDs) {
      await checkAttachments(tx, conversation, attachmentIds)
      await writeAttachments(tx, messageId, attachmentIds)
    }
    await tx.execute(
      sql`update messages set body = ${input.body ?? sql`body`}, edited_at = now() where id = ${messageId}`,
    )
    const after = (await messageById(tx, conversation, messageId))!
    await recordAudit(tx, {
      actorId: viewer.id,
      action: 'message.edited',
      subjectType: 'message',
      subjectId: messageId,
      studentId,
      before: audited(before, currentAttachmentIds(before)),
      after: audited(after, attachmentIds),
    })
    return toMessage(after, seesHiddenDocuments(conversation))
  })
}

/** `DELETE`: the author or an admin; "Message deleted" stays in its place, without body or attachments. */
export async function deleteMessage(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  kind: string,
  messageId: string,
): Promise<{ studentId: string; kind: ConversationKind }> {
  return db.transaction(async (tx) => {
    const found = await messageToChange(tx, viewer, studentId, kind, messageId)
    const { conversation, row } = found
    if (found.deleted) throw conflict('message-deleted', 'This message was deleted.')
    requireRule(conversation.access, 'messages.delete', found.author_id === viewer.id)
    await tx.execute(sql`delete from message_attachments where message_id = ${messageId}`)
    await tx.execute(
      sql`update messages set body = '', deleted_at = now(), deleted_by_id = ${viewer.id} where id = ${messageId}`,
    )
    await recordAudit(tx, {
      actorId: viewer.id,
      action: 'message.deleted',
      subjectType: 'message',
      subjectId: messageId,
      studentId,
      before: audited(row, currentAttachmentIds(row)),
    })
    return { studentId: conversation.studentId, kind: conversation.kind }
  })
}
