import { z } from 'zod'
import { formatPlainDate } from '../../../shared/dates'
import type { StudentAccess } from '../../../shared/record-rules'
import type { ActScore, SatScore, ScoreProgress, ScoreSource } from '../../../shared/scores'
import {
  ACT_SCIENCE_REQUIRED_MESSAGE,
  actScienceRequired,
  actScoreInputSchema,
  ENHANCED_ACT_DATE,
  satScoreInputSchema,
} from '../../../shared/scores'
import type { Student } from '../../../shared/students'
import { fromText } from '../../lib/text-number'
import type { TestKind } from './api/add-score'

/** The add-score forms: the shared rules (ranges, steps, date window) with text inputs. */
const entryFields = {
  source: satScoreInputSchema.shape.source,
  note: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    satScoreInputSchema.shape.note,
  ),
}
export const satScoreFormSchema = z.object({
  date: satScoreInputSchema.shape.date,
  english: fromText(satScoreInputSchema.shape.english),
  math: fromText(satScoreInputSchema.shape.math),
  ...entryFields,
})
export const actScoreFormSchema = z
  .object({
    date: actScoreInputSchema.shape.date,
    english: fromText(actScoreInputSchema.shape.english),
    math: fromText(actScoreInputSchema.shape.math),
    reading: fromText(actScoreInputSchema.shape.reading),
    // Empty science is null: optional for the enhanced ACT, and a PATCH with null clears it.
    science: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : null),
      actScoreInputSchema.shape.science,
    ),
    ...entryFields,
  })
  .superRefine((entry, context) => {
    if (actScienceRequired(entry.date) && entry.science == null) {
      context.addIssue({ code: 'custom', path: ['science'], message: ACT_SCIENCE_REQUIRED_MESSAGE })
    }
  })

/** How a source reads in the table and the form. */
export const SOURCE_LABELS: Record<ScoreSource, string> = {
  official: 'Official',
  practice: 'Practice',
  diagnostic: 'Diagnostic',
}

export interface ScoreSection {
  key: 'english' | 'math' | 'reading' | 'science'
  label: string
}

export interface TestInfo {
  kind: TestKind
  /** "SAT": headings read "SAT scores". */
  name: string
  sections: ScoreSection[]
  cumulativeLabel: string
  /** Placeholder-free hints under the fields. */
  sectionHelp: string
  /** An example note, in this test's own words (the SAT's practice app is not the ACT's). */
  noteExample: string
  /** The empty list's words, for who is reading: only some of them can add a score. */
  emptyText: Record<StudentAccess, string>
}

export const TESTS: Record<TestKind, TestInfo> = {
  sat: {
    kind: 'sat',
    name: 'SAT',
    sections: [
      // The digital SAT's first section; the API field keeps its original name.
      { key: 'english', label: 'Reading and Writing' },
      { key: 'math', label: 'Math' },
    ],
    cumulativeLabel: 'Total',
    sectionHelp: '200 to 800, in steps of 10.',
    noteExample: 'Bluebook test 4',
    emptyText: {
      admin: "No SAT scores yet. Add the first one after the student's diagnostic.",
      editor: "No SAT scores yet. Add the first one after the student's diagnostic.",
      self: 'No SAT scores yet. Add one when you get your results; your educator adds your diagnostic.',
      reader: "No SAT scores yet. They appear here as the student's educators add them.",
      guardian: 'No SAT scores yet. They appear here as the student and their educators add them.',
    },
  },
  act: {
    kind: 'act',
    name: 'ACT',
    sections: [
      { key: 'english', label: 'English' },
      { key: 'math', label: 'Math' },
      { key: 'reading', label: 'Reading' },
      { key: 'science', label: 'Science' },
    ],
    cumulativeLabel: 'Composite',
    sectionHelp: '1 to 36.',
    noteExample: 'Preparing for the ACT, test 2',
    emptyText: {
      admin: 'No ACT scores yet. Add one when the student has taken a practice or official test.',
      editor: 'No ACT scores yet. Add one when the student has taken a practice or official test.',
      self: 'No ACT scores yet. Add one when you have taken a practice or official test.',
      reader: "No ACT scores yet. They appear here as the student's educators add them.",
      guardian: 'No ACT scores yet. They appear here as the student and their educators add them.',
    },
  },
}

export type AnyScore = SatScore | ActScore

export function scoresOf(student: Student, kind: TestKind): AnyScore[] {
  return kind === 'sat' ? student.satScoresHistorical : student.actScoresHistorical
}

export const ACT_COMPOSITE_NOTE = `The composite is the mean of English, Math, Reading and Science, rounded half up; for tests from ${formatPlainDate(ENHANCED_ACT_DATE)} (the enhanced ACT) Science is left out.`

/**
 * The value of one section of an entry: SAT entries have no reading or science, and an enhanced
 * ACT may have no science (null).
 */
export function sectionValue(score: AnyScore, key: ScoreSection['key']): number | null | undefined {
  return (score as Record<string, unknown>)[key] as number | null | undefined
}

/** The sections an entry has, as "Math 30": an enhanced ACT without science leaves it out. */
export function sectionsText(test: TestInfo, score: AnyScore): string {
  return test.sections
    .flatMap((section) => {
      const value = sectionValue(score, section.key)
      return value == null ? [] : [`${section.label} ${value}`]
    })
    .join(', ')
}

/** The help under ACT Science: why it may be left empty. */
export const ACT_SCIENCE_HELP = `Optional for tests from ${formatPlainDate(ENHANCED_ACT_DATE)}: the enhanced ACT leaves Science out of the composite.`

/** "1450: 70 points to go" from the best official total, or "reached". */
export function pointsToTarget(best: number | null, target: number | null, by?: string): string | null {
  if (target === null) return null
  const goal = by ? `Target ${target} by ${by}` : `Target ${target}`
  if (best === null) return goal
  const gap = target - best
  if (gap <= 0) return `${goal}: reached`
  return `${goal}: ${gap} ${gap === 1 ? 'point' : 'points'} to go`
}

/** Whether an identical entry (same date and sections) is already on the list. */
export function isAlreadyRecorded(
  scores: AnyScore[],
  entry: Record<string, unknown>,
  keys: readonly string[],
) {
  return scores.some(
    (score) =>
      score.date === entry.date &&
      keys.every((key) => sectionValue(score, key as ScoreSection['key']) === entry[key]),
  )
}

const SOURCE_NOUNS: Record<ScoreSource, string> = {
  diagnostic: 'the diagnostic',
  practice: 'the practice test',
  official: 'the first test',
}

const NEWEST_NOUNS: Record<ScoreSource, string> = {
  diagnostic: 'a diagnostic',
  practice: 'a practice test',
  official: 'the official test',
}

/**
 * "Up 160 points since the diagnostic of Feb 1, 2025: total 1100 then, 1260 on the official test
 * of May 3, 2025.": the record's progress line, naming what the newest entry was (a half-finished
 * practice test is not read as a fall in official scores), or null with nothing to compare yet.
 */
export function progressWords(test: TestInfo, progress: ScoreProgress | null): string | null {
  if (!progress) return null
  const { from, to, gain } = progress
  const unit = (n: number) => (n === 1 ? 'point' : 'points')
  const change =
    gain === 0 ? 'No change' : `${gain > 0 ? 'Up' : 'Down'} ${Math.abs(gain)} ${unit(Math.abs(gain))}`
  return `${change} since ${SOURCE_NOUNS[from.source]} of ${formatPlainDate(from.date)}: ${test.cumulativeLabel.toLowerCase()} ${from.total} then, ${to.total} on ${NEWEST_NOUNS[to.source]} of ${formatPlainDate(to.date)}.`
}

/** "+110" / "−3" / "0": a median gain as the overview prints it (halves kept: a median of two). */
export function signedGain(gain: number): string {
  if (gain === 0) return '0'
  return `${gain > 0 ? '+' : '−'}${Math.abs(gain)}`
}
