import { type SQL, sql } from 'drizzle-orm'
import type { SessionClash } from '../../../shared/tutoring'
import type { Tx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { HttpProblem } from '../../problems'
import { mayReadRecordSql } from '../students/record'
import { isoSql } from '../students/sql'

/**
 * Scheduling clashes (docs/product.md#sessions). An educator is never in two overlapping scheduled
 * sessions: every write that places one takes a transaction-scoped advisory lock per educator
 * involved, then looks. Two writers for the same educator queue on the lock, so the second sees
 * the first's committed row and is refused, on PostgreSQL and the embedded database alike (whose
 * transactions already run one at a time).
 */

/** The lock of one educator's sessions until the transaction ends, as an SQL expression. */
export const educatorLockSql = (educatorId: string) =>
  sql`pg_advisory_xact_lock(hashtext('tutoring-educator'), hashtext(${educatorId}))`

/** One lock per educator, taken in id order so that two writers that need the same two never deadlock. */
export async function lockEducators(tx: Tx, educatorIds: readonly string[]): Promise<void> {
  for (const id of [...new Set(educatorIds)].sort()) await tx.execute(sql`select ${educatorLockSql(id)}`)
}

/** A proposed placement: a start and an end, for one educator and one student. */
export interface Placement {
  startsAt: Date
  endsAt: Date
}

const arrayLiteral = (values: readonly string[]) => `{${values.join(',')}}`

/**
 * The first scheduled session of `whose` (`educator_id` or `student_id` = `personId`) that
 * overlaps one of the placements (ends after its start and starts before its end), leaving out
 * the sessions being changed. The other student's name only when the viewer may read that record.
 */
function firstClashSql(
  whose: 'educator' | 'student',
  personId: string,
  placements: readonly Placement[],
  excludedIds: readonly string[],
  viewerId: string,
) {
  const column = whose === 'educator' ? sql`s.educator_id` : sql`s.student_id`
  return sql`(select ${whose} as "whose", s.id as "uuid", ${isoSql(sql`s.starts_at`)} as "startsAt",
      ${isoSql(sql`s.ends_at`)} as "endsAt", s.time_zone as "timeZone", e.name as "educatorName",
      case when ${mayReadRecordSql(sql`s.student_id`, sql`${viewerId}::uuid`)} then st.name end as "studentName",
      ${isoSql(sql`p.starts_at`)} as "requestedStartsAt"
    from unnest(${arrayLiteral(placements.map((p) => p.startsAt.toISOString()))}::timestamptz[],
      ${arrayLiteral(placements.map((p) => p.endsAt.toISOString()))}::timestamptz[]) with ordinality as p(starts_at, ends_at, ord)
    join tutoring_sessions s on ${column} = ${personId} and s.status = 'scheduled'
      and s.ends_at > p.starts_at and s.starts_at < p.ends_at
      and not (s.id = any(${arrayLiteral(excludedIds)}::uuid[]))
    join users e on e.id = s.educator_id join users st on st.id = s.student_id
    order by p.ord, s.starts_at, s.id limit 1)`
}

/** What clashes are looked for: the placements of one educator's and one student's sessions. */
export interface ClashQuery {
  educatorId: string
  studentId: string
  placements: readonly Placement[]
  excludedIds: readonly string[]
  allowStudentClash: boolean
  viewerId: string
}

/** A clash found, and whose sessions it is with. */
export type FoundClash = SessionClash & { whose: 'educator' | 'student' }

/**
 * The first clash for the educator and, unless `allowStudentClash`, for the student, as rows of
 * `FoundClash`: a query of its own, or a part of a larger statement (scheduling's insert).
 */
export function firstClashesSql(options: ClashQuery): SQL | null {
  const { placements, excludedIds, viewerId } = options
  if (placements.length === 0) return null
  const parts = [firstClashSql('educator', options.educatorId, placements, excludedIds, viewerId)]
  if (!options.allowStudentClash) {
    parts.push(firstClashSql('student', options.studentId, placements, excludedIds, viewerId))
  }
  return sql.join(parts, sql` union all `)
}

const when = (clash: SessionClash) =>
  `${new Date(clash.startsAt).toISOString().slice(0, 16).replace('T', ' ')} UTC`

/**
 * 409 `educator-clash` for an educator's clash among those found; else 409 `student-clash` for
 * the student's (found only when the scheduler did not confirm it, `allowStudentClash`).
 */
export function refuseFound(found: readonly FoundClash[]): void {
  const educator = found.find((clash) => clash.whose === 'educator')
  if (educator) {
    const { whose: _, ...clash } = educator
    const other = clash.studentName ? ` with ${clash.studentName}` : ''
    throw new HttpProblem(
      409,
      'educator-clash',
      `${clash.educatorName} already has a session${other} at ${when(clash)} (session ${clash.uuid}).`,
      undefined,
      undefined,
      { clash },
    )
  }
  const student = found.find((clash) => clash.whose === 'student')
  if (student) {
    const { whose: _, ...clash } = student
    throw new HttpProblem(
      409,
      'student-clash',
      `The student already has a session with ${clash.educatorName} at ${when(clash)} (session ${clash.uuid}). Send allowStudentClash: true to schedule it anyway.`,
      undefined,
      undefined,
      { clash },
    )
  }
}

/** Refuses placements that clash (`refuseFound`), in a statement of its own. Call with the educators' locks held. */
export async function refuseClashes(tx: Tx, options: ClashQuery): Promise<void> {
  const query = firstClashesSql(options)
  if (query) refuseFound(await selectRows<FoundClash>(tx, query))
}
