import { sql } from 'drizzle-orm'
import type { PracticeAttemptDetail } from '../../../shared/practice'
import { type GivenAnswer, type SkillResult, scoreAttempt } from '../../../shared/practice-scoring'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { studentAccess } from '../students/record'
import { requireRule } from '../students/record-rules'
import { type AttemptRow, loadAttempt, readAttempts, toAttempt } from './attempts'
import { loadForm, type StoredForm } from './form-store'
import { answersOf, formSections } from './scoring'

/**
 * One attempt read in full: the answer sheet (each question's letters and the answer given, the
 * questions left per section) and, once submitted, the skills and the review. The key never
 * leaves the server while any attempt of the form is open (assigned or in progress): the review
 * then shows the answers given without the correct ones or right and wrong.
 */

export const skillRows = (skills: SkillResult[]) =>
  skills.map((skill) => ({ ...skill, percent: Math.round((100 * skill.right) / skill.questions) }))

async function keyWithheld(db: DbOrTx, formId: string): Promise<boolean> {
  const [row] = await selectRows<{ open: boolean }>(
    db,
    sql`select exists(select 1 from practice_attempts where form_id = ${formId} and status <> 'submitted') as open`,
  )
  return row!.open
}

export async function attemptDetail(
  db: DbOrTx,
  row: AttemptRow,
  only: 'all' | 'misses' = 'all',
  /** The form and the answers when the caller has them already (a submission). */
  read?: { form: StoredForm; given: GivenAnswer[] },
): Promise<PracticeAttemptDetail> {
  const form = read?.form ?? (await loadForm(db, row.form_id))
  const given = read?.given ?? (await answersOf(db, row.id))
  const answerOf = new Map(given.map((entry) => [`${entry.section}:${entry.number}`, entry.answer]))
  const sections = formSections(form).map((layout) => {
    const questions = form.questions
      .filter((question) => question.section === layout.section)
      .map((question) => ({
        number: question.number,
        kind: question.kind,
        letters: question.letters.split(''),
        answer: answerOf.get(`${question.section}:${question.number}`) ?? null,
      }))
    return {
      section: layout.section,
      label: layout.label,
      minutes: layout.minutes,
      questions,
      left: questions.filter((question) => question.answer === null).length,
    }
  })
  const submitted = row.status === 'submitted'
  const withheld = submitted && (await keyWithheld(db, row.form_id))
  let review: PracticeAttemptDetail['review'] = null
  if (submitted) {
    const results = scoreAttempt(form, given).results
    review = form.questions.flatMap((question, index) => {
      const result = results[index]!.result
      // Leaving out the right ones would tell them while the key is kept back.
      if (only === 'misses' && !withheld && result === 'right') return []
      return [
        {
          section: question.section,
          number: question.number,
          skill: question.skill,
          answer: answerOf.get(`${question.section}:${question.number}`) ?? null,
          correct: withheld ? null : [...question.answers],
          result: withheld ? null : result,
        },
      ]
    })
  }
  return {
    ...toAttempt(row),
    sections,
    skills: submitted ? skillRows(row.skills as SkillResult[]) : null,
    review,
    keyWithheld: withheld,
  }
}

export async function getAttempt(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  attemptId: string,
  only: 'all' | 'misses' = 'all',
): Promise<PracticeAttemptDetail> {
  requireRule(await studentAccess(db, viewer, studentId), 'practice.read')
  return attemptDetail(db, await loadAttempt(db, studentId, attemptId), only)
}

/** Every attempt of a student read in full, newest assignment first, one at a time (the exports). */
export async function* attemptDetails(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
): AsyncGenerator<PracticeAttemptDetail> {
  requireRule(await studentAccess(db, viewer, studentId), 'practice.read')
  for (const row of await readAttempts(db, sql`a.student_id = ${studentId}`))
    yield await attemptDetail(db, row)
}
