import { type SQL, sql } from 'drizzle-orm'
import { AUDIT_PAGE_DEFAULT, type AuditEvent, type AuditPage } from '../../../shared/audit'
import type { DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { fieldError } from '../../problems'
import { decodeCursor, encodeCursor, invalidCursor, isCursorTimestamp } from '../admin/cursor'
import { isoSql, isUuid } from '../students/sql'

interface AuditRow {
  id: string
  created_at: string
  /** Full precision, for the cursor. */
  created_at_key: string
  actor_id: string | null
  actor_name: string | null
  action: string
  subject_type: string
  subject_id: string | null
  subject_name: string | null
  student_id: string | null
  student_name: string | null
  before: unknown
  after: unknown
}

export interface AuditQuery {
  studentId?: string
  actorId?: string
  cursor?: string
  limit?: number
}

function uuidFilter(field: string, value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined
  if (!isUuid(value)) throw fieldError(field, 'Expected a UUID.')
  return value
}

/** Who changed what, newest first, in keyset pages (docs/api.md#paging-and-cursors). */
export async function listAuditEvents(db: DbOrTx, query: AuditQuery): Promise<AuditPage> {
  const limit = query.limit ?? AUDIT_PAGE_DEFAULT
  const conditions: SQL[] = [sql`true`]
  const studentId = uuidFilter('studentId', query.studentId)
  const actorId = uuidFilter('actorId', query.actorId)
  if (studentId) conditions.push(sql`e.student_id = ${studentId}`)
  if (actorId) conditions.push(sql`e.actor_id = ${actorId}`)
  const before = decodeCursor(query.cursor, 2)
  if (before) {
    if (!isUuid(before[1]!) || !isCursorTimestamp(before[0]!)) throw invalidCursor()
    conditions.push(
      sql`(e.created_at, e.id) < ((${before[0]}::timestamp at time zone 'UTC'), ${before[1]}::uuid)`,
    )
  }
  const rows = await selectRows<AuditRow>(
    db,
    sql`select e.id, ${isoSql(sql`e.created_at`)} as created_at,
      to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as created_at_key,
      e.actor_id, actor.name as actor_name, e.action, e.subject_type, e.subject_id,
      subject.name as subject_name, e.student_id, student.name as student_name, e.before, e.after
    from audit_events e
    left join users actor on actor.id = e.actor_id
    left join users subject on subject.id = e.subject_id and e.subject_type in ('user', 'student')
    left join users student on student.id = e.student_id
    where ${sql.join(conditions, sql` and `)}
    order by e.created_at desc, e.id desc limit ${limit + 1}`,
  )
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    events: page.map(toAuditEvent),
    nextCursor: rows.length > limit && last ? encodeCursor([last.created_at_key, last.id]) : null,
  }
}

function toAuditEvent(row: AuditRow): AuditEvent {
  return {
    uuid: row.id,
    createdAt: row.created_at,
    actor: row.actor_id && row.actor_name !== null ? { uuid: row.actor_id, name: row.actor_name } : null,
    action: row.action,
    subjectType: row.subject_type,
    subjectId: row.subject_id,
    subjectName: row.subject_name,
    studentId: row.student_id,
    studentName: row.student_name,
    before: row.before,
    after: row.after,
  }
}
