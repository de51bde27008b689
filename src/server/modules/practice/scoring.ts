import { isDeepStrictEqual } from 'node:util'
import { sql } from 'drizzle-orm'
import { layoutOf } from '../../../shared/practice-layouts'
import {
  type AttemptScore,
  type GivenAnswer,
  type SectionResult,
  scoreAttempt,
} from '../../../shared/practice-scoring'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { recordAudit } from '../audit/audit'
import type { StoredForm } from './form-store'

/**
 * Scoring an attempt and keeping its entry in the score history (docs/product.md#practice-tests):
 * a submission scores it and adds a `practice` entry dated the day it was submitted in the
 * student's zone; a corrected key rescores every submitted attempt of the form and changes the
 * entry it added, while the history still has it.
 */

export interface ScoredAttemptRow {
  id: string
  student_id: string
  sat_score_id: string | null
  act_score_id: string | null
  scores: { sections: SectionResult[]; total: number } | null
}

/** The answers given on an attempt. */
export async function answersOf(db: DbOrTx, attemptId: string): Promise<GivenAnswer[]> {
  return selectRows<GivenAnswer>(
    db,
    sql`select section, number, answer from practice_answers where attempt_id = ${attemptId}`,
  )
}

const sectionScores = (score: { sections: SectionResult[] }) =>
  Object.fromEntries(score.sections.map((section) => [section.section, section.score]))

/** The history entry's sections: SAT Reading and Writing is its `english`. */
function entrySections(form: StoredForm, score: AttemptScore) {
  const of = (section: string) => score.sections.find((entry) => entry.section === section)?.score ?? null
  if (form.test === 'SAT') return { english: of('reading-writing'), math: of('math') }
  return { english: of('english'), math: of('math'), reading: of('reading'), science: of('science') }
}

/** Adds the attempt's entry to the score history; its id. */
async function addHistoryEntry(
  tx: DbOrTx,
  viewer: Viewer,
  row: ScoredAttemptRow,
  form: StoredForm,
  score: AttemptScore,
) {
  const day = sql`(now() at time zone (select time_zone from users where id = ${row.student_id}))::date`
  const s = entrySections(form, score) as Record<string, number | null>
  const [entry] =
    form.test === 'SAT'
      ? await selectRows<{ id: string }>(
          tx,
          sql`insert into sat_scores (student_id, date, english, math, source, note, created_by_id)
          values (${row.student_id}, ${day}, ${s.english}, ${s.math}, 'practice', ${form.name}, ${viewer.id}) returning id`,
        )
      : await selectRows<{ id: string }>(
          tx,
          sql`insert into act_scores (student_id, date, english, math, reading, science, source, note, created_by_id)
          values (${row.student_id}, ${day}, ${s.english}, ${s.math}, ${s.reading}, ${s.science}, 'practice',
            ${form.name}, ${viewer.id}) returning id`,
        )
  return entry!.id
}

/** Changes the attempt's entry in the history to its new scores; false when the entry is gone. */
async function updateHistoryEntry(tx: DbOrTx, row: ScoredAttemptRow, form: StoredForm, score: AttemptScore) {
  const s = entrySections(form, score) as Record<string, number | null>
  if (form.test === 'SAT' && row.sat_score_id) {
    await tx.execute(sql`update sat_scores set english = ${s.english}, math = ${s.math}, updated_at = now()
      where id = ${row.sat_score_id}`)
    return row.sat_score_id
  }
  if (form.test === 'ACT' && row.act_score_id) {
    await tx.execute(sql`update act_scores set english = ${s.english}, math = ${s.math}, reading = ${s.reading},
      science = ${s.science}, updated_at = now() where id = ${row.act_score_id}`)
    return row.act_score_id
  }
  return null
}

const storedScores = (score: AttemptScore) => JSON.stringify({ sections: score.sections, total: score.total })

/** Scores a submission: the attempt's scores and skills, its history entry, the audit event. */
export async function submitScored(
  tx: DbOrTx,
  viewer: Viewer,
  row: ScoredAttemptRow,
  form: StoredForm,
  given: GivenAnswer[],
) {
  const score = scoreAttempt(form, given)
  const entryId = await addHistoryEntry(tx, viewer, row, form, score)
  const entryColumn = form.test === 'SAT' ? sql`sat_score_id` : sql`act_score_id`
  await tx.execute(sql`update practice_attempts set status = 'submitted', submitted_at = now(),
    submitted_by_id = ${viewer.id}, scores = ${storedScores(score)}::jsonb, skills = ${JSON.stringify(score.skills)}::jsonb,
    ${entryColumn} = ${entryId}, started_at = coalesce(started_at, now()), updated_at = now()
    where id = ${row.id}`)
  await recordAudit(tx, {
    actorId: viewer.id,
    action: 'practice-attempt.submitted',
    subjectType: 'practice_attempt',
    subjectId: row.id,
    studentId: row.student_id,
    after: {
      formName: form.name,
      test: form.test,
      sections: sectionScores(score),
      total: score.total,
      scoreId: entryId,
    },
  })
}

/**
 * Rescores every submitted attempt of a corrected form, in the caller's transaction; those whose
 * scores changed get their history entry changed and a `practice-attempt.rescored` event. Answers
 * how many changed.
 */
export async function rescoreForm(tx: DbOrTx, viewer: Viewer, form: StoredForm): Promise<number> {
  const rows = await selectRows<ScoredAttemptRow>(
    tx,
    sql`select id, student_id, sat_score_id, act_score_id, scores from practice_attempts
      where form_id = ${form.id} and status = 'submitted' order by submitted_at, id for update`,
  )
  let changed = 0
  for (const row of rows) {
    const score = scoreAttempt(form, await answersOf(tx, row.id))
    const before = row.scores!
    // Compared as values: the stored JSON comes back with its keys in PostgreSQL's order.
    const same =
      before.total === score.total &&
      isDeepStrictEqual(before.sections, JSON.parse(JSON.stringify(score.sections)))
    await tx.execute(sql`update practice_attempts set scores = ${storedScores(score)}::jsonb,
      skills = ${JSON.stringify(score.skills)}::jsonb, updated_at = now() where id = ${row.id}`)
    if (same) continue
    changed += 1
    const entryId = await updateHistoryEntry(tx, row, form, score)
    await recordAudit(tx, {
      actorId: viewer.id,
      action: 'practice-attempt.rescored',
      subjectType: 'practice_attempt',
      subjectId: row.id,
      studentId: row.student_id,
      before: {
        formName: form.name,
        test: form.test,
        sections: sectionScores(before),
        total: before.total,
        scoreId: entryId,
      },
      after: {
        formName: form.name,
        test: form.test,
        sections: sectionScores(score),
        total: score.total,
        scoreId: entryId,
      },
    })
  }
  return changed
}

/** The sections of a form in their official order, for the answer sheet. */
export const formSections = (form: StoredForm) =>
  layoutOf(form.test, form.format).filter((layout) =>
    form.questions.some((q) => q.section === layout.section),
  )
