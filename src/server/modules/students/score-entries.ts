import { sql } from 'drizzle-orm'
import type { RecordAction } from '../../../shared/record-rules'
import {
  actScoreInputSchema,
  type ScoreSource,
  satScoreInputSchema,
  withActComposite,
  withSatCumulative,
} from '../../../shared/scores'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { notFound } from '../../problems'
import { type AccessOnRecord, studentAccess } from './record'
import { requireRule } from './record-rules'
import { isUuid } from './sql'

/**
 * One SAT or ACT entry as the score writes (scores.ts) read it: the two tests' tables and
 * sections, the row, who may write, and loading an entry to change it.
 */
export type TestKind = 'sat' | 'act'

export const TESTS = {
  sat: {
    label: 'SAT',
    table: sql.raw('sat_scores'),
    sections: ['english', 'math'] as const,
    input: satScoreInputSchema,
    withTotal: (row: ScoreRow) =>
      withSatCumulative({ ...entryBase(row), english: row.english, math: row.math }),
  },
  act: {
    label: 'ACT',
    table: sql.raw('act_scores'),
    sections: ['english', 'math', 'reading', 'science'] as const,
    input: actScoreInputSchema,
    withTotal: (row: ScoreRow) =>
      withActComposite({
        ...entryBase(row),
        english: row.english,
        math: row.math,
        reading: row.reading!,
        science: row.science ?? null,
      }),
  },
} as const

export interface ScoreRow {
  id: string
  date: string
  english: number
  math: number
  reading?: number
  science?: number | null
  source: ScoreSource
  note: string | null
  created_by_id: string | null
  added_by_name: string | null
}

/** What a score change body may hold, for either test. */
export interface ScoreFields {
  date?: string
  english?: number
  math?: number
  reading?: number
  science?: number | null
  source?: ScoreSource | undefined
  note?: string | null | undefined
}

function entryBase(row: ScoreRow) {
  return {
    uuid: row.id,
    date: row.date,
    source: row.source,
    note: row.note,
    addedBy:
      row.created_by_id && row.added_by_name !== null
        ? { name: row.added_by_name, uuid: row.created_by_id }
        : null,
  }
}

/** Scores: admins, educators on the team and the student; an FAO and guardians read only. */
export async function requireScoreWriter(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  action: RecordAction & `scores.${string}`,
): Promise<AccessOnRecord> {
  const access = await studentAccess(db, viewer, studentId)
  requireRule(access, action)
  return access
}

/** A student changes only the entries they added (one their educator entered is not theirs to undo). */
export function requireOwnEntry(access: AccessOnRecord, viewer: Viewer, row: ScoreRow) {
  requireRule(access, 'scores.change', row.created_by_id === viewer.id)
}

export const rowColumns = (kind: TestKind) =>
  sql.raw(`s.id, to_char(s.date, 'YYYY-MM-DD') as date, s.english, s.math,
    ${kind === 'act' ? 's.reading, s.science,' : ''} s.source, s.note, s.created_by_id,
    (select name from users where id = s.created_by_id) as added_by_name`)

export async function loadEntry(
  db: DbOrTx,
  kind: TestKind,
  studentId: string,
  entryId: string,
): Promise<ScoreRow> {
  if (!isUuid(entryId)) throw notFound(`No such ${TESTS[kind].label} score.`)
  const [row] = await selectRows<ScoreRow>(
    db,
    sql`select ${rowColumns(kind)} from ${TESTS[kind].table} s
      where s.id = ${entryId} and s.student_id = ${studentId} for update`,
  )
  if (!row) throw notFound(`No such ${TESTS[kind].label} score.`)
  return row
}
