import { sql } from 'drizzle-orm'
import {
  type ActScore,
  type ActSections,
  type SatScore,
  type SatSections,
  withActComposite,
  withSatCumulative,
} from '../../../shared/scores'
import type { DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { actScores, satScores } from '../../db/schema'
import { forbidden, notFound } from '../../problems'
import type { Viewer } from '../users/current-user'
import { type StudentAccess, studentAccess } from './record'

type SatEntry = SatSections & { date: string }
type ActEntry = ActSections & { date: string }

/** Scores: admins, educators on the team and the student; an FAO and guardians read only (docs/product.md#permissions). */
async function requireScoreWriter(db: DbOrTx, viewer: Viewer, studentId: string): Promise<StudentAccess> {
  const access = await studentAccess(db, viewer, studentId)
  if (access === 'reader')
    throw forbidden('Financial-aid officers can read this record but not change scores.')
  if (access === 'guardian') throw forbidden('Guardians can read scores but not change them.')
  return access
}

export async function addSatScore(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  entry: SatEntry,
): Promise<SatScore> {
  await requireScoreWriter(db, viewer, studentId)
  const { date, english, math } = entry
  await db.insert(satScores).values({ studentId, date, english, math, createdById: viewer.id })
  return withSatCumulative({ date, english, math })
}

export async function addActScore(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  entry: ActEntry,
): Promise<ActScore> {
  await requireScoreWriter(db, viewer, studentId)
  const { date, english, math, reading, science } = entry
  await db
    .insert(actScores)
    .values({ studentId, date, english, math, reading, science, createdById: viewer.id })
  return withActComposite({ date, english, math, reading, science })
}

/** Deletes one stored entry equal to the body (identical entries may exist); 404 when none is. */
export async function deleteSatScore(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  entry: SatEntry,
): Promise<void> {
  await requireScoreWriter(db, viewer, studentId)
  const deleted = await selectRows<{ id: string }>(
    db,
    sql`delete from sat_scores where id = (
      select id from sat_scores where student_id = ${studentId} and date = ${entry.date}
        and english = ${entry.english} and math = ${entry.math}
      order by created_at desc, id limit 1) returning id`,
  )
  if (deleted.length === 0) throw notFound('No SAT score with that date and sections.')
}

export async function deleteActScore(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  entry: ActEntry,
): Promise<void> {
  await requireScoreWriter(db, viewer, studentId)
  const deleted = await selectRows<{ id: string }>(
    db,
    sql`delete from act_scores where id = (
      select id from act_scores where student_id = ${studentId} and date = ${entry.date}
        and english = ${entry.english} and math = ${entry.math}
        and reading = ${entry.reading} and science = ${entry.science}
      order by created_at desc, id limit 1) returning id`,
  )
  if (deleted.length === 0) throw notFound('No ACT score with that date and sections.')
}
