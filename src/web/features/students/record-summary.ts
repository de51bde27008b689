import type { Student } from '../../../shared/students'

/** One line under the page title: what is on the record. */
export function recordSummary(student: Student): string {
  const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
  const parts = [
    count(student.satScoresHistorical.length, 'SAT test'),
    count(student.actScoresHistorical.length, 'ACT test'),
    count(student.documents.length, 'document'),
  ]
  return `${student.archived ? 'Archived student. ' : ''}${parts.join(', ')}.`
}
