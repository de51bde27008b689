import { randomBytes } from 'node:crypto'
import type { DbOrTx } from '../src/server/db/client'
import {
  actScores,
  collegeEntries,
  satScores,
  tasks,
  teamMembers,
  userInvites,
} from '../src/server/db/schema'
import { insertDocument } from '../src/server/db/seed/documents'
import { insertGuardianLink, insertNote } from '../src/server/db/seed/families'
import { insertUser, type SeededUser } from '../src/server/db/seed/users'
import type { Role } from '../src/shared/roles'

/**
 * Test data builders. People, documents, guardian links and notes are written by the same code as the demo seed
 * (`src/server/db/seed/`); these add generated names, emails and a default password.
 */
export interface UserSpec {
  roles: Role[]
  name?: string
  email?: string
  password?: string
  bio?: string
  onboarded?: boolean
}

export type CreatedUser = SeededUser

let sequence = 0
const DEFAULT_PASSWORD = 'correct horse battery'

export async function createUser(db: DbOrTx, spec: UserSpec): Promise<CreatedUser> {
  sequence += 1
  const tag = `${spec.roles.join('-') || 'user'}-${sequence}-${randomBytes(3).toString('hex')}`
  return insertUser(db, {
    ...spec,
    name: spec.name ?? `Test ${tag}`,
    email: spec.email ?? `${tag}@example.test`,
    password: spec.password ?? DEFAULT_PASSWORD,
    bio: spec.bio ?? 'Teaches SAT math and reading.',
  })
}

export async function addToTeam(db: DbOrTx, studentId: string, memberId: string): Promise<void> {
  await db.insert(teamMembers).values({ studentId, memberId }).onConflictDoNothing()
}

/** Links a guardian to a student (granting the guardian profile when missing). */
export async function addGuardian(
  db: DbOrTx,
  studentId: string,
  guardianId: string,
  relationship = 'Parent',
): Promise<void> {
  await insertGuardianLink(db, studentId, guardianId, relationship)
}

export interface TaskSpec {
  createdById: string
  assigneeId?: string
  title?: string
  details?: string | null
  dueDate?: string | null
  status?: 'open' | 'done'
}

/** A task on the student's plan, assigned to the student unless said otherwise. */
export async function createTask(db: DbOrTx, studentId: string, spec: TaskSpec): Promise<string> {
  sequence += 1
  const done = spec.status === 'done'
  const [row] = await db
    .insert(tasks)
    .values({
      studentId,
      createdById: spec.createdById,
      assigneeId: spec.assigneeId ?? studentId,
      title: spec.title ?? `Task ${sequence}`,
      details: spec.details ?? null,
      dueDate: spec.dueDate ?? null,
      status: done ? 'done' : 'open',
      completedAt: done ? new Date() : null,
    })
    .returning({ id: tasks.id })
  return row!.id
}

export async function createCollege(
  db: DbOrTx,
  studentId: string,
  spec: { name?: string; deadline?: string | null; round?: 'ED' | 'EA' | 'RD' } = {},
): Promise<string> {
  sequence += 1
  const [row] = await db
    .insert(collegeEntries)
    .values({
      studentId,
      name: spec.name ?? `College ${sequence}`,
      round: spec.round ?? 'RD',
      deadline: spec.deadline ?? null,
    })
    .returning({ id: collegeEntries.id })
  return row!.id
}

export interface NoteSpec {
  authorId: string
  date?: string
  visibility?: 'shared' | 'internal'
  body?: string
  durationMinutes?: number | null
  createdAt?: Date
}

export async function createNote(db: DbOrTx, studentId: string, spec: NoteSpec): Promise<string> {
  sequence += 1
  return insertNote(db, studentId, {
    ...spec,
    date: spec.date ?? '2026-01-15',
    visibility: spec.visibility ?? 'internal',
    body: spec.body ?? `Note ${sequence}`,
  })
}

export interface SatSpec {
  date: string
  english: number
  math: number
  source?: 'official' | 'practice' | 'diagnostic'
  note?: string | null
  /** Who added it; none for entries from before that was recorded. */
  createdById?: string | null
}
export interface ActSpec extends SatSpec {
  reading: number
  science: number
}

/** An SAT entry; answers its uuid. */
export async function createSatScore(db: DbOrTx, studentId: string, score: SatSpec): Promise<string> {
  const [row] = await db
    .insert(satScores)
    .values({ studentId, ...score })
    .returning({ id: satScores.id })
  return row!.id
}

export async function createActScore(db: DbOrTx, studentId: string, score: ActSpec): Promise<string> {
  const [row] = await db
    .insert(actScores)
    .values({ studentId, ...score })
    .returning({ id: actScores.id })
  return row!.id
}

export interface DocumentSpec {
  creatorId: string
  name?: string
  url?: string
  hidden?: boolean
  pinned?: boolean
  createdAt?: Date
}

export async function createDocument(db: DbOrTx, studentId: string, spec: DocumentSpec): Promise<string> {
  sequence += 1
  return insertDocument(db, studentId, {
    ...spec,
    name: spec.name ?? `Document ${sequence}`,
    url: spec.url ?? `https://docs.example.com/d/${sequence}`,
  })
}

export interface InviteSpec {
  roles?: Role[]
  email?: string | null
  expiresAt?: Date
  usedBy?: string
}

/** An invite row as an admin would have made it (14 days unless `expiresAt` says otherwise). */
export async function createInvite(db: DbOrTx, spec: InviteSpec = {}) {
  const roles = spec.roles ?? ['student']
  const [row] = await db
    .insert(userInvites)
    .values({
      student: roles.includes('student'),
      educator: roles.includes('educator'),
      fao: roles.includes('fao'),
      admin: roles.includes('admin'),
      email: spec.email ?? null,
      expiresAt: spec.expiresAt ?? new Date(Date.now() + 14 * 24 * 3_600_000),
      userId: spec.usedBy ?? null,
      usedAt: spec.usedBy ? new Date() : null,
    })
    .returning()
  return row!
}
