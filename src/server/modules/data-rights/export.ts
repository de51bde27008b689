import { sql } from 'drizzle-orm'
import type { AuditEvent } from '../../../shared/audit'
import type { CollegeEntry } from '../../../shared/colleges'
import type { Hours } from '../../../shared/hours'
import type { Message } from '../../../shared/messages'
import type { SessionNote } from '../../../shared/notes'
import type { PracticeAttemptDetail } from '../../../shared/practice'
import type { Student } from '../../../shared/students'
import type { Task } from '../../../shared/tasks'
import type { Session } from '../../../shared/tutoring'
import type { CurrentUser } from '../../../shared/users'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { notFound } from '../../problems'
import { listAuditEvents } from '../audit/audit-events'
import { listColleges } from '../colleges/colleges'
import { getHours } from '../hours/hours'
import { readableMessages } from '../messages/conversation'
import { listNotes } from '../notes/notes'
import { attemptDetails } from '../practice/review'
import { sessionPages } from '../sessions/sessions'
import { getStudent, guardianLinkCountsSql } from '../students/record'
import { isoSql } from '../students/sql'
import { taskPages } from '../tasks/tasks'
import { getCurrentUser } from '../users/current-user'
import { StreamedArray, StreamedObject } from './json-stream'

/**
 * The exports of docs/product.md#data-rights, as sources read while the answer is written: each
 * section is loaded when the writer reaches it, the long ones (notes, tasks, sessions, history) a page at a
 * time, so the largest record's export holds one page in memory, never the whole document.
 */

/** One student's record as its reader sees it, with everything hung on it (the JSON's shape). */
export interface RecordExport {
  record: Student
  notes: SessionNote[]
  tasks: Task[]
  colleges: CollegeEntry[]
  /** Tutoring sessions, soonest first, as the reader sees them (a family's link only their shared notes). */
  tutoringSessions: Session[]
  /** The hour packages, the ledger and the balance. */
  hours: Hours
  /** The messages of the conversations the reader may read (the family's: Family only). */
  messages: Message[]
  /**
   * Practice test attempts, newest assignment first, each with its answers, scores, skills and
   * review (without the correct answers while an attempt of its form is open, as the API).
   */
  practiceAttempts: PracticeAttemptDetail[]
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

/** A `RecordExport` to be read in order: the record, then its lists, each when asked for. */
export interface RecordSource {
  record(): Promise<Student>
  notes(): AsyncIterable<SessionNote>
  tasks(): AsyncIterable<Task>
  colleges(): Promise<CollegeEntry[]>
  tutoringSessions(): AsyncIterable<Session>
  hours(): Promise<Hours>
  messages(): AsyncIterable<Message>
  practiceAttempts(): AsyncIterable<PracticeAttemptDetail>
}

export interface StudentExportSource {
  exportedAt: string
  exportedBy: { name: string; uuid: string }
  account: CurrentUser
  student: RecordSource
  history(): AsyncIterable<AuditEvent>
}

export interface PersonalExportSource {
  exportedAt: string
  account: CurrentUser
  sessions: SessionExport[]
  records: RecordSource[]
  activity(): AsyncIterable<AuditEvent>
}

/** Pages this small keep a page of the longest items (20,000-character notes) under half a megabyte. */
const PAGE = 10

/** Every item of a keyset-paged list, one page loaded at a time. */
async function* allPages<T>(
  load: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor: string | null }>,
): AsyncGenerator<T> {
  let cursor: string | undefined
  do {
    const page = await load(cursor)
    yield* page.items
    cursor = page.nextCursor ?? undefined
  } while (cursor)
}

const auditTrail = (db: DbOrTx, filter: { studentId?: string; actorId?: string }) =>
  allPages(async (cursor) => {
    const page = await listAuditEvents(db, { ...filter, cursor, limit: PAGE })
    return { items: page.events, nextCursor: page.nextCursor }
  })

/** The record with its notes, tasks, college list, sessions, hours, messages and practice tests, each as this reader may see it. */
function recordSource(db: DbOrTx, viewer: Viewer, studentId: string, loaded?: Student): RecordSource {
  return {
    record: async () => loaded ?? (await getStudent(db, viewer, studentId)).student,
    notes: () =>
      allPages(async (cursor) => {
        const page = await listNotes(db, viewer, studentId, { cursor, limit: PAGE })
        return { items: page.notes, nextCursor: page.nextCursor }
      }),
    tasks: async function* () {
      for await (const page of taskPages(db, viewer, studentId, PAGE)) yield* page
    },
    colleges: () => listColleges(db, viewer, studentId),
    tutoringSessions: async function* () {
      for await (const page of sessionPages(db, viewer, studentId, PAGE)) yield* page
    },
    hours: () => getHours(db, viewer, studentId),
    messages: () => readableMessages(db, viewer, studentId),
    practiceAttempts: () => attemptDetails(db, viewer, studentId),
  }
}

/** Checks the student exists for this admin (404 before anything is written) and opens the source. */
export async function exportStudent(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
): Promise<StudentExportSource> {
  const { student } = await getStudent(db, viewer, studentId)
  const account = await getCurrentUser(db, studentId)
  if (!account) throw notFound('No such student.')
  return {
    exportedAt: new Date().toISOString(),
    exportedBy: { name: viewer.name, uuid: viewer.id },
    account,
    student: recordSource(db, viewer, studentId, student),
    history: () => auditTrail(db, { studentId }),
  }
}

export async function exportMe(db: DbOrTx, viewer: Viewer): Promise<PersonalExportSource> {
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
  return {
    exportedAt: new Date().toISOString(),
    account,
    sessions,
    records: studentIds.map((studentId) => recordSource(db, viewer, studentId)),
    activity: () => auditTrail(db, { actorId: viewer.id }),
  }
}

function recordJson(source: RecordSource): StreamedObject {
  return new StreamedObject(async function* () {
    yield ['record', await source.record()]
    yield ['notes', new StreamedArray(source.notes)]
    yield ['tasks', new StreamedArray(source.tasks)]
    yield ['colleges', await source.colleges()]
    yield ['tutoringSessions', new StreamedArray(source.tutoringSessions)]
    yield ['hours', await source.hours()]
    yield ['messages', new StreamedArray(source.messages)]
    yield ['practiceAttempts', new StreamedArray(source.practiceAttempts)]
  })
}

/** The JSON of `StudentExport`, to be written with `jsonPieces`. */
export function studentExportJson(source: StudentExportSource): StreamedObject {
  return new StreamedObject(async function* () {
    yield ['kind', 'student-record']
    yield ['exportedAt', source.exportedAt]
    yield ['exportedBy', source.exportedBy]
    yield ['account', source.account]
    yield ['student', recordJson(source.student)]
    yield ['history', new StreamedArray(source.history)]
  })
}

/** The JSON of `PersonalExport`, to be written with `jsonPieces`. */
export function personalExportJson(source: PersonalExportSource): StreamedObject {
  return new StreamedObject(async function* () {
    yield ['kind', 'personal-data']
    yield ['exportedAt', source.exportedAt]
    yield ['account', source.account]
    yield ['sessions', source.sessions]
    yield [
      'records',
      new StreamedArray(async function* () {
        for (const record of source.records) yield recordJson(record)
      }),
    ]
    yield ['activity', new StreamedArray(source.activity)]
  })
}
