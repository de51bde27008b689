import type { AttemptStatus, PracticeAttempt } from '../../../shared/practice'
import type { PracticeTest } from '../../../shared/practice-layouts'

/** An attempt's status in words. */
export const STATUS_WORDS: Record<AttemptStatus, string> = {
  assigned: 'Assigned',
  'in-progress': 'In progress',
  submitted: 'Submitted',
}

/** A scaled score as the table gives it: one score, or a range as a range ("530–560"). */
export const scaledWords = (row: { scaledLow: number; scaledHigh: number }) =>
  row.scaledLow === row.scaledHigh ? String(row.scaledLow) : `${row.scaledLow}–${row.scaledHigh}`

/** "SAT total" or "ACT composite". */
export const totalLabel = (test: PracticeTest) => (test === 'SAT' ? 'SAT total' : 'ACT composite')

/** ["SAT total 1180", "Reading and Writing 570–600", "Math 610"]: a submitted attempt's scores in one line's parts. */
export function scoreParts(attempt: PracticeAttempt): string[] | null {
  if (!attempt.scores) return null
  const sections = attempt.scores.sections.map((section) => `${section.label} ${scaledWords(section)}`)
  return [`${totalLabel(attempt.form.test)} ${attempt.scores.total}`, ...sections]
}

/** "12 questions are blank" / "1 question is blank" / "No question is blank". */
export function blankWords(count: number): string {
  if (count === 0) return 'No question is blank.'
  return count === 1 ? '1 question is blank.' : `${count} questions are blank.`
}

/** "mm:ss" (or "h:mm:ss") of a duration in milliseconds, never below zero. */
export function clockWords(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000))
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = String(total % 60).padStart(2, '0')
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`
}
