import {
  classYearRange,
  type PlannedTest,
  type StudentProfile,
  type StudentProfilePatchInput,
} from '../../../shared/student-profile'
import { fieldProblems } from '../../lib/api-client'

/** The profile as its fields hold it: text while typed, a key per test date row. */
export interface ProfileDraft {
  classYear: string
  school: string
  testDates: Array<{ key: number; test: PlannedTest; date: string }>
}

let nextKey = 0
export const newTestDateRow = (test: PlannedTest = 'SAT', date = '') => ({ key: ++nextKey, test, date })

export const draftOf = (profile?: StudentProfile): ProfileDraft => ({
  classYear: profile?.classYear ? String(profile.classYear) : '',
  school: profile?.school ?? '',
  testDates: (profile?.testDates ?? []).map((entry) => newTestDateRow(entry.test, entry.date)),
})

/** What to send: every field (a blank one clears it); rows with no date are left out. */
export const bodyOfDraft = (draft: ProfileDraft): Required<StudentProfilePatchInput> => ({
  classYear: draft.classYear ? Number(draft.classYear) : null,
  school: draft.school.trim() || null,
  testDates: draft.testDates.filter((row) => row.date).map(({ test, date }) => ({ test, date })),
})

/** Class years to choose from, soonest first. */
export function classYears(now: Date = new Date()): number[] {
  const { min, max } = classYearRange(now)
  return Array.from({ length: max - min + 1 }, (_, index) => min + index)
}

/**
 * The server's 400 as messages by field path, `prefix` taken off (onboarding's `studentProfile.`).
 * A test date's path names its place among the rows sent, which skips rows with no date.
 */
export function profileProblems(error: unknown, prefix = ''): Record<string, string> {
  const problems = fieldProblems(error)
  return Object.fromEntries(
    problems
      .filter((problem) => problem.path.startsWith(prefix))
      .map((problem) => [problem.path.slice(prefix.length), problem.message]),
  )
}

/** Today in the viewer's own calendar, as YYYY-MM-DD (the first date a new test date may have). */
export const localToday = (now: Date = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
