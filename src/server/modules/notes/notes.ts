import { type SQL, sql } from 'drizzle-orm'
import { NOTE_PAGE_DEFAULT, type NoteInput, type NotePage, type SessionNote } from '../../../shared/notes'
import { may } from '../../../shared/record-rules'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx, Tx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { fieldError, notFound } from '../../problems'
import {
  cursorTimestampSql,
  decodeCursor,
  encodeCursor,
  invalidCursor,
  isCursorTimestamp,
} from '../admin/cursor'
import { recordAudit } from '../audit/audit'
import { type AccessOnRecord, studentAccess, viewerIsGuardianSql } from '../students/record'
import { refuseOverCap } from '../students/record-caps'
import { requireRule } from '../students/record-rules'
import { isoSql, isUuid } from '../students/sql'

/**
 * Session notes (docs/product.md#session-notes). Staff on the team and admins read every note;
 * the student and their guardians read shared ones only, and an internal note does not exist for
 * them (404, never 403). Admins and staff on the team (FAOs too) write; the author edits their
 * own; the author or an admin deletes.
 */

interface NoteRow {
  id: string
  student_id: string
  author_id: string
  author_name: string
  date: string
  duration_minutes: number | null
  visibility: 'shared' | 'internal'
  body: string
  created_at: string
  updated_at: string
  created_at_key: string
  shared_notice_at: string | null
  session_id: string | null
}

const noteColumns = sql`n.id, n.student_id, n.author_id, a.name as author_name, to_char(n.date, 'YYYY-MM-DD') as date,
  n.duration_minutes, n.visibility, n.body, ${isoSql(sql`n.created_at`)} as created_at,
  ${isoSql(sql`n.updated_at`)} as updated_at, ${cursorTimestampSql(sql`n.created_at`)} as created_at_key,
  n.shared_notice_at, n.session_id`

/** A note as JSON, for screens that embed one (the guardian's dashboard). */
export const noteJsonSql = (alias: string) => {
  const n = sql.raw(alias)
  return sql`json_build_object('uuid', ${n}.id, 'studentUUID', ${n}.student_id,
    'author', json_build_object('name', (select name from users where id = ${n}.author_id), 'uuid', ${n}.author_id),
    'date', to_char(${n}.date, 'YYYY-MM-DD'), 'durationMinutes', ${n}.duration_minutes, 'visibility', ${n}.visibility,
    'body', ${n}.body, 'sessionUUID', ${n}.session_id, 'createdAt', ${isoSql(sql`${n}.created_at`)}, 'updatedAt', ${isoSql(sql`${n}.updated_at`)})`
}

function toNote(row: NoteRow): SessionNote {
  return {
    uuid: row.id,
    studentUUID: row.student_id,
    author: { name: row.author_name, uuid: row.author_id },
    date: row.date,
    durationMinutes: row.duration_minutes,
    visibility: row.visibility,
    body: row.body,
    sessionUUID: row.session_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

/** What the audit log keeps of a note: everything but the ids it already names. */
const audited = (row: NoteRow) => ({
  date: row.date,
  durationMinutes: row.duration_minutes,
  visibility: row.visibility,
  body: row.body,
  ...(row.session_id ? { sessionId: row.session_id } : {}),
})

/**
 * The session a note links: one of the same student's, read only by those who read sessions (an
 * FAO writes notes but is refused sessions). Undefined keeps what the note had.
 */
async function checkSessionLink(
  tx: Tx,
  access: AccessOnRecord,
  studentId: string,
  sessionId: string | null | undefined,
) {
  if (!sessionId) return
  requireRule(access, 'sessions.read')
  const [found] = await selectRows<{ id: string }>(
    tx,
    sql`select id from tutoring_sessions where id = ${sessionId} and student_id = ${studentId}`,
  )
  if (!found) throw fieldError('sessionUUID', "Choose one of this student's sessions.")
}

export async function listNotes(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  query: { cursor?: string; limit?: number },
): Promise<NotePage> {
  const access = await studentAccess(db, viewer, studentId)
  const limit = query.limit ?? NOTE_PAGE_DEFAULT
  const conditions: SQL[] = [sql`n.student_id = ${studentId}`]
  if (!may(access, 'notes.readInternal')) conditions.push(sql`n.visibility = 'shared'`)
  const after = decodeCursor(query.cursor, 3)
  if (after) {
    const [date, createdAt, id] = after as [string, string, string]
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !isCursorTimestamp(createdAt) || !isUuid(id))
      throw invalidCursor()
    conditions.push(
      sql`(n.date, n.created_at, n.id) < (${date}::date, (${createdAt}::timestamp at time zone 'UTC'), ${id}::uuid)`,
    )
  }
  const rows = await selectRows<NoteRow>(
    db,
    sql`select ${noteColumns} from session_notes n join users a on a.id = n.author_id
    where ${sql.join(conditions, sql` and `)}
    order by n.date desc, n.created_at desc, n.id desc limit ${limit + 1}`,
  )
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    notes: page.map(toNote),
    nextCursor: rows.length > limit && last ? encodeCursor([last.date, last.created_at_key, last.id]) : null,
  }
}

async function requireNoteWriter(db: DbOrTx, viewer: Viewer, studentId: string): Promise<AccessOnRecord> {
  const access = await studentAccess(db, viewer, studentId)
  requireRule(access, 'notes.write')
  return access
}

async function loadNote(tx: Tx, studentId: string, noteId: string): Promise<NoteRow | undefined> {
  const [row] = await selectRows<NoteRow>(
    tx,
    sql`select ${noteColumns} from session_notes n join users a on a.id = n.author_id
    where n.id = ${noteId} and n.student_id = ${studentId} for update of n`,
  )
  return row
}

/**
 * The note as this caller may change it. The family never reaches an internal note (404); for a
 * shared one they are refused (403), as they are for writing any note.
 */
async function noteToChange(tx: Tx, viewer: Viewer, studentId: string, noteId: string) {
  const access = await studentAccess(tx, viewer, studentId)
  if (!isUuid(noteId)) throw notFound('No such note.')
  const row = await loadNote(tx, studentId, noteId)
  if (!row || (row.visibility !== 'shared' && !may(access, 'notes.readInternal'))) {
    throw notFound('No such note.')
  }
  requireRule(access, 'notes.write')
  return { access, row }
}

export interface NoteWrite {
  note: SessionNote
  /** Set when this write shared the note with the family for the first time: announce it. */
  announce: boolean
}

export async function createNote(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  input: NoteInput,
): Promise<NoteWrite> {
  const access = await requireNoteWriter(db, viewer, studentId)
  return db.transaction(async (tx) => {
    await checkSessionLink(tx, access, studentId, input.sessionUUID)
    await refuseOverCap(tx, studentId, 'notes')
    const shared = input.visibility === 'shared'
    const [inserted] = await selectRows<{ id: string }>(
      tx,
      sql`insert into session_notes (student_id, author_id, date, duration_minutes, visibility, body, shared_notice_at, session_id)
      values (${studentId}, ${viewer.id}, ${input.date}, ${input.durationMinutes ?? null}, ${input.visibility},
        ${input.body}, ${shared ? sql`now()` : null}, ${input.sessionUUID ?? null})
      returning id`,
    )
    const row = (await loadNote(tx, studentId, inserted!.id))!
    await recordAudit(tx, {
      actorId: viewer.id,
      action: 'note.created',
      subjectType: 'note',
      subjectId: row.id,
      studentId,
      after: audited(row),
    })
    return { note: toNote(row), announce: shared }
  })
}

export async function updateNote(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  noteId: string,
  input: NoteInput,
): Promise<NoteWrite> {
  return db.transaction(async (tx) => {
    const { access, row: before } = await noteToChange(tx, viewer, studentId, noteId)
    requireRule(access, 'notes.edit', before.author_id === viewer.id)
    await checkSessionLink(tx, access, studentId, input.sessionUUID)
    const announce = input.visibility === 'shared' && before.shared_notice_at === null
    await tx.execute(
      sql`update session_notes set date = ${input.date}, duration_minutes = ${input.durationMinutes ?? null},
        visibility = ${input.visibility}, body = ${input.body}, updated_at = now(),
        shared_notice_at = ${announce ? sql`now()` : sql`shared_notice_at`},
        session_id = ${input.sessionUUID === undefined ? sql`session_id` : input.sessionUUID}
      where id = ${noteId}`,
    )
    const after = (await loadNote(tx, studentId, noteId))!
    await recordAudit(tx, {
      actorId: viewer.id,
      action: 'note.updated',
      subjectType: 'note',
      subjectId: noteId,
      studentId,
      before: audited(before),
      after: audited(after),
    })
    return { note: toNote(after), announce }
  })
}

export async function deleteNote(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  noteId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { access, row } = await noteToChange(tx, viewer, studentId, noteId)
    requireRule(access, 'notes.delete', row.author_id === viewer.id)
    await tx.execute(sql`delete from session_notes where id = ${noteId}`)
    await recordAudit(tx, {
      actorId: viewer.id,
      action: 'note.deleted',
      subjectType: 'note',
      subjectId: noteId,
      studentId,
      before: audited(row),
    })
  })
}

/**
 * Who hears of a newly shared note: the student and their guardians who have not turned the
 * emails off, with enabled accounts, while the student is not archived; never the author.
 */
export async function sharedNoteRecipients(db: DbOrTx, studentId: string, authorId: string) {
  return selectRows<{ email: string; student_name: string }>(
    db,
    sql`select u.email, s.name as student_name from users u
    join student_profiles sp on sp.user_id = ${studentId} and sp.archived_at is null
    join users s on s.id = sp.user_id
    where (u.id = ${studentId} or ${viewerIsGuardianSql(sql`${studentId}`, sql`u.id`)})
      and u.id <> ${authorId} and u.disabled_at is null and u.email_on_shared_notes`,
  )
}
