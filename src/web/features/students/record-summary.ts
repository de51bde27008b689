import type { Student } from '../../../shared/students'
import type { CurrentUser } from '../../../shared/users'

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

/**
 * What a reader who cannot see a record may do about it. Only educators and FAOs join a
 * student's team; a guardian is linked through a family invite, and anyone else asks an admin.
 */
export function recordNotFoundHelp(
  viewer: Pick<CurrentUser, 'profileEducator' | 'profileFao' | 'profileGuardian'>,
): string {
  if (viewer.profileEducator || viewer.profileFao)
    return "If you think you should see it, ask an admin to add you to the student's team."
  if (viewer.profileGuardian)
    return "If you are the student's parent or guardian, ask their educator or an admin to send you a family invite."
  return 'If you think you should see it, ask an admin.'
}

/** "Target 1450 · 70 to go" under a latest score; "Target 1450 · reached" at or above it. */
export function scoreGapWords(score: number, target: number | null): string {
  if (target == null) return 'No target set'
  const gap = target - score
  return `Target ${target} · ${gap > 0 ? `${gap} to go` : 'reached'}`
}
