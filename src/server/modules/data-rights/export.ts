import { sql } from 'drizzle-orm'
import type { AuditEvent } from '../../../shared/audit'
import type { CollegeEntry } from '../../../shared/colleges'
import type { SessionNote } from '../../../shared/notes'
import type { Student } from '../../../shared/students'
import type { Task } from '../../../shared/tasks'
import type { CurrentUser } from '../../../shared/users'
import type { DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { notFound } from '../../problems'
import { listAuditEvents } from '../audit/audit-events'
import { listColleges } from '../colleges/colleges'
import { listNotes } from '../notes/notes'
import { getStudent, guardianLinkCountsSql } from '../students/record'
import { isoSql } from '../students/sql'
import { listTasks } from '../tasks/tasks'
import { getCurrentUser, type Viewer } from '../users/current-user'

/** One student's record as its reader sees it, with everything hung on it. */
export interface RecordExport {
  record: Student
  notes: SessionNote[]
  tasks: Task[]
  colleges: CollegeEntry[]
}

export interface SessionExport {
  createdAt: string
  lastSeenAt: string
  expiresAt: string
  userAgent: string | null
  ipAddress: string | null
}

/** `GET /v1/students/{id}/export`: an admin's copy of everything the product holds on a student. */
export interface StudentExport {
  kind: 'student-record'
  exportedAt: string
  exportedBy: { name: string; uuid: string }
  account: CurrentUser
  student: RecordExport
  history: AuditEvent[]
}

/** `GET /v1/users/me/export`: a person's own data, as they may read it. */
export interface PersonalExport {
  kind: 'personal-data'
  exportedAt: string
  account: CurrentUser
  sessions: SessionExport[]
  /** Their own record when they are a student, and their children's when they are a guardian. */
  records: RecordExport[]
  /** What they changed in the product, from the audit log. */
  activity: AuditEvent[]
}

/** Every page of a keyset-paged list, one after another. */
async function allPages<T>(
  load: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor: string | null }>,
): Promise<T[]> {
  const items: T[] = []
  let cursor: string | undefined
  do {
    const page = await load(cursor)
    items.push(...page.items)
    cursor = page.nextCursor ?? undefined
  } while (cursor)
  return items
}

const auditTrail = (db: DbOrTx, filter: { studentId?: string; actorId?: string }) =>
  allPages(async (cursor) => {
    const page = await listAuditEvents(db, { ...filter, cursor, limit: 100 })
    return { items: page.events, nextCursor: page.nextCursor }
  })

/** The record with its notes, tasks and college list, each as this reader may see it. */
async function recordFor(db: DbOrTx, viewer: Viewer, studentId: string): Promise<RecordExport> {
  const { student } = await getStudent(db, viewer, studentId)
  const notes = await allPages(async (cursor) => {
    const page = await listNotes(db, viewer, studentId, { cursor, limit: 100 })
    return { items: page.notes, nextCursor: page.nextCursor }
  })
  return {
    record: student,
    notes,
    tasks: await listTasks(db, viewer, studentId),
    colleges: await listColleges(db, viewer, studentId),
  }
}

export async function exportStudent(db: DbOrTx, viewer: Viewer, studentId: string): Promise<StudentExport> {
  const student = await recordFor(db, viewer, studentId)
  const account = await getCurrentUser(db, studentId)
  if (!account) throw notFound('No such student.')
  return {
    kind: 'student-record',
    exportedAt: new Date().toISOString(),
    exportedBy: { name: viewer.name, uuid: viewer.id },
    account,
    student,
    history: await auditTrail(db, { studentId }),
  }
}

export async function exportMe(db: DbOrTx, viewer: Viewer): Promise<PersonalExport> {
  const account = await getCurrentUser(db, viewer.id)
  if (!account) throw notFound('No such user.')
  const sessions = await selectRows<SessionExport>(
    db,
    sql`select ${isoSql(sql`created_at`)} as "createdAt", ${isoSql(sql`updated_at`)} as "lastSeenAt",
      ${isoSql(sql`expires_at`)} as "expiresAt", user_agent as "userAgent", ip_address as "ipAddress"
    from sessions where user_id = ${viewer.id} and expires_at > now() order by updated_at desc`,
  )
  const linked = await selectRows<{ id: string }>(
    db,
    sql`select student_id as id from guardian_links gl where guardian_id = ${viewer.id}
      and ${guardianLinkCountsSql(sql`gl.accepted_at`, viewer.id)} order by created_at`,
  )
  const studentIds = [...(viewer.roles.has('student') ? [viewer.id] : []), ...linked.map((row) => row.id)]
  const records: RecordExport[] = []
  for (const studentId of studentIds) records.push(await recordFor(db, viewer, studentId))
  return {
    kind: 'personal-data',
    exportedAt: new Date().toISOString(),
    account,
    sessions,
    records,
    activity: await auditTrail(db, { actorId: viewer.id }),
  }
}
