import { answerIsRight } from './practice-answers'
import {
  type ActFormat,
  layoutOf,
  type PracticeSection,
  type PracticeTest,
  type QuestionKind,
} from './practice-layouts'
import { actComposite, ENHANCED_ACT_DATE, satCumulative } from './scores'

/**
 * Scoring a practice attempt (docs/product.md#practice-tests): raw per section (questions right),
 * scaled by the form's table, the SAT total and the ACT composite by the product's score rules.
 * Pure: the server scores with it, and the tests hold it to hand-computed answers.
 */

export interface KeyQuestion {
  section: PracticeSection
  number: number
  kind: QuestionKind
  /** The accepted answers: letters, or the values of a student-produced response. */
  answers: readonly string[]
  skill: string
}
export interface ScaleRow {
  section: PracticeSection
  raw: number
  scaledLow: number
  scaledHigh: number
}
export interface GivenAnswer {
  section: PracticeSection
  number: number
  answer: string | null
}
export interface ScoredForm {
  test: PracticeTest
  format: ActFormat | null
  questions: readonly KeyQuestion[]
  scale: readonly ScaleRow[]
}

export type QuestionResult = 'right' | 'wrong' | 'blank'
export interface SectionResult {
  section: PracticeSection
  raw: number
  of: number
  scaledLow: number
  scaledHigh: number
  /** What the score history gets: the scaled score, or a range's midpoint to the nearest 10. */
  score: number
}
export interface SkillResult {
  section: PracticeSection
  skill: string
  questions: number
  right: number
  blank: number
  /** Scaled points the section would gain with this skill's misses right. */
  pointsLost: number
}
export interface AttemptScore {
  sections: SectionResult[]
  /** The SAT total (400-1600) or the ACT composite (1-36). */
  total: number
  skills: SkillResult[]
  results: Array<{ section: PracticeSection; number: number; result: QuestionResult }>
}

/** A range's midpoint rounded to the nearest 10 (half up); a single score as it is. */
export function rangeScore(low: number, high: number): number {
  if (low === high) return low
  return Math.floor((low + high) / 20 + 0.5) * 10
}

function scaledAt(scale: readonly ScaleRow[], section: PracticeSection, raw: number) {
  const row = scale.find((entry) => entry.section === section && entry.raw === raw)
  if (!row) throw new Error(`The ${section} table has no row for raw ${raw}.`)
  return {
    scaledLow: row.scaledLow,
    scaledHigh: row.scaledHigh,
    score: rangeScore(row.scaledLow, row.scaledHigh),
  }
}

/** The composite of an ACT format by the product's rule for it (the enhanced one leaves science out). */
export function practiceActComposite(
  format: ActFormat,
  sections: { english: number; math: number; reading: number; science: number | null },
): number {
  // The product's composite rule goes by a test's date: a legacy form counts as a test before the
  // enhanced ACT began, an enhanced one as a test from that day.
  const date = format === 'enhanced' ? ENHANCED_ACT_DATE : '2025-08-31'
  return actComposite(sections, date)
}

export function practiceTotal(
  test: PracticeTest,
  format: ActFormat | null,
  sections: readonly SectionResult[],
): number {
  const score = (section: PracticeSection) => sections.find((entry) => entry.section === section)?.score
  if (test === 'SAT') return satCumulative({ english: score('reading-writing')!, math: score('math')! })
  return practiceActComposite(format ?? 'enhanced', {
    english: score('english')!,
    math: score('math')!,
    reading: score('reading')!,
    science: score('science') ?? null,
  })
}

/** Scores an attempt: every question of the form, blank where no answer was given. */
export function scoreAttempt(form: ScoredForm, given: readonly GivenAnswer[]): AttemptScore {
  const answerOf = new Map(given.map((entry) => [`${entry.section}:${entry.number}`, entry.answer]))
  const results = form.questions.map((question) => {
    const answer = answerOf.get(`${question.section}:${question.number}`) ?? null
    const result: QuestionResult =
      answer === null || answer.trim() === ''
        ? 'blank'
        : answerIsRight(question.kind, question.answers, answer)
          ? 'right'
          : 'wrong'
    return { question, result }
  })
  const present = layoutOf(form.test, form.format).filter((layout) =>
    form.questions.some((question) => question.section === layout.section),
  )
  const sections = present.map((layout) => {
    const mine = results.filter(({ question }) => question.section === layout.section)
    const raw = mine.filter(({ result }) => result === 'right').length
    return { section: layout.section, raw, of: mine.length, ...scaledAt(form.scale, layout.section, raw) }
  })
  const skills: SkillResult[] = []
  for (const section of sections) {
    for (const skill of layoutOf(form.test, form.format).find((l) => l.section === section.section)!.skills) {
      const tagged = results.filter(
        ({ question }) => question.section === section.section && question.skill === skill,
      )
      if (tagged.length === 0) continue
      const right = tagged.filter(({ result }) => result === 'right').length
      const missed = tagged.length - right
      const gained = scaledAt(form.scale, section.section, section.raw + missed).score
      skills.push({
        section: section.section,
        skill,
        questions: tagged.length,
        right,
        blank: tagged.filter(({ result }) => result === 'blank').length,
        pointsLost: gained - section.score,
      })
    }
  }
  return {
    sections,
    total: practiceTotal(form.test, form.format, sections),
    skills,
    results: results.map(({ question, result }) => ({
      section: question.section,
      number: question.number,
      result,
    })),
  }
}
