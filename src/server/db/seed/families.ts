import type { NoteVisibility } from '../../../shared/notes'
import type { DbOrTx } from '../client'
import { guardianLinks, guardianProfiles, sessionNotes } from '../schema'

/**
 * A student's family and session notes, written straight to the tables (no invite, no audit row,
 * no email): the demo seed uses them, and the tests' factories build on them.
 */

/** Links a guardian to a student, granting the guardian profile when the person has none. */
export async function insertGuardianLink(
  db: DbOrTx,
  studentId: string,
  guardianId: string,
  relationship: string,
): Promise<void> {
  await db.insert(guardianProfiles).values({ userId: guardianId }).onConflictDoNothing()
  await db.insert(guardianLinks).values({ studentId, guardianId, relationship }).onConflictDoNothing()
}

export interface NoteSeed {
  authorId: string
  date: string
  visibility: NoteVisibility
  body: string
  durationMinutes?: number | null
  /** Also the updatedAt; the database's now() when not given. */
  createdAt?: Date
}

export async function insertNote(db: DbOrTx, studentId: string, seed: NoteSeed): Promise<string> {
  const [row] = await db
    .insert(sessionNotes)
    .values({
      studentId,
      authorId: seed.authorId,
      date: seed.date,
      visibility: seed.visibility,
      body: seed.body,
      durationMinutes: seed.durationMinutes ?? null,
      ...(seed.createdAt ? { createdAt: seed.createdAt, updatedAt: seed.createdAt } : {}),
    })
    .returning({ id: sessionNotes.id })
  return row!.id
}
