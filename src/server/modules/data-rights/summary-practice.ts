import type { PracticeAttemptDetail } from '../../../shared/practice'
import { date, mapEach, table, text, when } from './html-parts'

/** The record's practice test attempts in the readable export, every typed word escaped. */

function status(attempt: PracticeAttemptDetail): string {
  if (attempt.status === 'submitted' && attempt.submittedAt) return `Submitted ${when(attempt.submittedAt)}`
  const due = attempt.dueDate ? `, due ${date(attempt.dueDate)}` : ''
  return `${attempt.status === 'assigned' ? 'Assigned' : 'In progress'}${due}`
}

/** "Reading and Writing 530 (10 of 54) · Math 200 (0 of 44) · Total 730". */
function scores(attempt: PracticeAttemptDetail): string {
  if (!attempt.scores) return ''
  const sections = attempt.scores.sections.map((section) => {
    const scaled =
      section.scaledLow === section.scaledHigh
        ? `${section.scaledLow}`
        : `${section.scaledLow}-${section.scaledHigh}`
    return `${section.label} ${scaled} (${section.raw} of ${section.of})`
  })
  const total = attempt.form.test === 'SAT' ? 'Total' : 'Composite'
  return text([...sections, `${total} ${attempt.scores.total}`].join(' · '))
}

/** Questions missed and left blank, when the review may say so (never while the key is held back). */
function misses(attempt: PracticeAttemptDetail): string {
  if (!attempt.review || attempt.keyWithheld)
    return attempt.keyWithheld ? 'Held back while the form is open' : ''
  const wrong = attempt.review.filter((row) => row.result === 'wrong').length
  const blank = attempt.review.filter((row) => row.result === 'blank').length
  return text(`${wrong} wrong, ${blank} blank`)
}

export function practiceAttemptsTable(
  attempts: AsyncIterable<PracticeAttemptDetail>,
): AsyncGenerator<string> {
  return table(
    'Practice tests',
    ['Test', 'Status', 'Scores', 'Missed'],
    mapEach(attempts, (attempt) => [
      text(`${attempt.form.name} (${attempt.form.test})`),
      status(attempt),
      scores(attempt),
      misses(attempt),
    ]),
    'No practice tests.',
  )
}
