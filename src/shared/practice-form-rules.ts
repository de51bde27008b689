import { parseSpr } from './practice-answers'
import {
  type ActFormat,
  layoutOf,
  type PracticeTest,
  SCALE_RANGE,
  type SectionLayout,
  testLabel,
} from './practice-layouts'
import type { FieldProblem } from './validation'

/**
 * The rules a practice form's sections keep (docs/product.md#practice-tests), as field problems
 * naming the section, question or table row: the sections of its test and format, each with the
 * official number of questions numbered 1 to n, answers its question's kind allows, a skill of
 * the section's list, and a table with one row per raw count whose scores never fall.
 */

export interface FormSectionsInput {
  test: PracticeTest
  format?: ActFormat | null | undefined
  sections: ReadonlyArray<{
    section: string
    questions: ReadonlyArray<{
      number: number
      kind: 'choice' | 'spr'
      answers: readonly string[]
      skill: string
    }>
    scale: ReadonlyArray<{ raw: number; scaledLow: number; scaledHigh: number }>
  }>
}

type Question = FormSectionsInput['sections'][number]['questions'][number]

function questionProblems(layout: SectionLayout, question: Question, path: string): FieldProblem[] {
  const problems: FieldProblem[] = []
  if (!layout.skills.includes(question.skill)) {
    problems.push({
      path: `${path}.skill`,
      message: `Use a ${layout.label} skill: ${layout.skills.join('; ')}.`,
    })
  }
  if (question.kind === 'spr' && !layout.allowsSpr) {
    problems.push({ path: `${path}.kind`, message: `${layout.label} questions are multiple choice.` })
    return problems
  }
  question.answers.forEach((answer, index) => {
    const letters = layout.letters(question.number)
    const fits = question.kind === 'choice' ? letters.includes(answer) : parseSpr(answer) !== null
    if (!fits) {
      problems.push({
        path: `${path}.answers.${index}`,
        message:
          question.kind === 'choice'
            ? `Question ${question.number} of ${layout.label} takes ${letters.join(', ')}.`
            : 'Use a number: an integer, a decimal or a fraction such as 3/4.',
      })
    }
  })
  return problems
}

function scaleProblems(
  test: PracticeTest,
  layout: SectionLayout,
  scale: FormSectionsInput['sections'][number]['scale'],
  path: string,
): FieldProblem[] {
  const range = SCALE_RANGE[test]
  const words = `${range.min} to ${range.max}${range.step > 1 ? ` in steps of ${range.step}` : ''}`
  const problems: FieldProblem[] = []
  scale.forEach((row, index) => {
    const at = `${path}.scale.${index}`
    if (row.raw !== index) {
      problems.push({
        path: `${at}.raw`,
        message: `Row ${index + 1} must be raw ${index}: one row per raw count from 0, in order.`,
      })
      return
    }
    for (const key of ['scaledLow', 'scaledHigh'] as const) {
      const value = row[key]
      if (value < range.min || value > range.max || value % range.step !== 0) {
        problems.push({ path: `${at}.${key}`, message: `Raw ${row.raw}: use a score from ${words}.` })
      }
    }
    if (row.scaledLow > row.scaledHigh) {
      problems.push({
        path: `${at}.scaledHigh`,
        message: `Raw ${row.raw}: the range's high end is below its low end.`,
      })
    } else if (test === 'ACT' && row.scaledLow !== row.scaledHigh) {
      problems.push({
        path: `${at}.scaledHigh`,
        message: `Raw ${row.raw}: an ACT table gives one score per raw count.`,
      })
    }
    const before = scale[index - 1]
    if (before && (row.scaledLow < before.scaledLow || row.scaledHigh < before.scaledHigh)) {
      problems.push({
        path: `${at}.scaledLow`,
        message: `Raw ${row.raw} scores lower than raw ${before.raw}: scores never fall as raw rises.`,
      })
    }
  })
  if (scale.length !== layout.questions + 1) {
    problems.push({
      path: `${path}.scale`,
      message: `${layout.label} needs one row for each raw count from 0 to ${layout.questions}: ${layout.questions + 1} rows, not ${scale.length}.`,
    })
  }
  return problems
}

/** Every problem of the form's sections; empty when it keeps the rules. */
export function formProblems(form: FormSectionsInput): FieldProblem[] {
  const layouts = layoutOf(form.test, form.format)
  const label = testLabel(form.test, form.format)
  const problems: FieldProblem[] = []
  const seen = new Set<string>()
  form.sections.forEach((section, index) => {
    const path = `sections.${index}`
    const layout = layouts.find((entry) => entry.section === section.section)
    if (!layout) {
      const names = layouts.map((entry) => entry.section).join(', ')
      problems.push({ path: `${path}.section`, message: `The ${label} has the sections ${names}.` })
      return
    }
    if (seen.has(layout.section)) {
      problems.push({ path: `${path}.section`, message: `${layout.label} is already on this form.` })
      return
    }
    seen.add(layout.section)
    if (section.questions.length !== layout.questions) {
      problems.push({
        path: `${path}.questions`,
        message: `The ${label} ${layout.label} section has ${layout.questions} questions, not ${section.questions.length}.`,
      })
    }
    section.questions.forEach((question, q) => {
      const at = `${path}.questions.${q}`
      if (question.number !== q + 1) {
        problems.push({
          path: `${at}.number`,
          message: `${layout.label} question ${q + 1} must be number ${q + 1}: questions go in order.`,
        })
        return
      }
      problems.push(...questionProblems(layout, question, at))
    })
    problems.push(...scaleProblems(form.test, layout, section.scale, path))
  })
  for (const layout of layouts) {
    if (!layout.optional && !seen.has(layout.section)) {
      problems.push({ path: 'sections', message: `The ${label} needs its ${layout.label} section.` })
    }
  }
  return problems
}
