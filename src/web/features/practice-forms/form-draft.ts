import type { PracticeForm, PracticeFormInput } from '../../../shared/practice'
import {
  type ActFormat,
  layoutOf,
  type PracticeSection,
  type PracticeTest,
  type SectionLayout,
} from '../../../shared/practice-layouts'

/**
 * The editor's draft of a practice form: every field as typed (text), one entry per section of
 * the test's official layout with its question count, so a new form starts with the right rows.
 * `bodyOf` turns it into the API's body; `fieldOf` puts a 400's problem on the field that shows it.
 */
export interface DraftQuestion {
  kind: 'choice' | 'spr'
  /** The key: a letter, or a response's accepted values separated by `;`. */
  answers: string
  skill: string
}
export interface DraftScaleRow {
  low: string
  /** Empty for a single score. */
  high: string
}
export interface DraftSection {
  section: PracticeSection
  /** False for an optional section left out (the enhanced ACT's Science). */
  included: boolean
  questions: DraftQuestion[]
  scale: DraftScaleRow[]
}
export interface FormDraft {
  name: string
  test: PracticeTest
  format: ActFormat | null
  sections: DraftSection[]
}

const emptySection = (layout: SectionLayout): DraftSection => ({
  section: layout.section,
  included: true,
  questions: Array.from({ length: layout.questions }, () => ({ kind: 'choice', answers: '', skill: '' })),
  scale: Array.from({ length: layout.questions + 1 }, () => ({ low: '', high: '' })),
})

/** Fresh sections for a test and format, each with its official counts. */
export const emptySections = (test: PracticeTest, format: ActFormat | null): DraftSection[] =>
  layoutOf(test, format).map(emptySection)

export const newDraft = (): FormDraft => ({
  name: '',
  test: 'SAT',
  format: null,
  sections: emptySections('SAT', null),
})

/** A saved form as a draft (admins read the key); a section the form leaves out is not included. */
export function draftOf(form: PracticeForm): FormDraft {
  const sections = layoutOf(form.test, form.format).map((layout) => {
    const saved = form.sections.find((entry) => entry.section === layout.section)
    if (!saved) return { ...emptySection(layout), included: false }
    return {
      section: layout.section,
      included: true,
      questions: saved.questions.map((question) => ({
        kind: question.kind,
        answers: (question.answers ?? []).join('; '),
        skill: question.skill,
      })),
      scale: saved.scale.map((row) => ({
        low: String(row.scaledLow),
        high: row.scaledHigh === row.scaledLow ? '' : String(row.scaledHigh),
      })),
    }
  })
  return { name: form.name, test: form.test, format: form.format, sections }
}

/** A typed number, or undefined for an empty field (the server names what is missing). */
const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()))

/** The body of `POST` and `PUT /v1/practice-tests`. */
export function bodyOf(draft: FormDraft): PracticeFormInput {
  return {
    name: draft.name,
    test: draft.test,
    format: draft.test === 'ACT' ? draft.format : null,
    sections: draft.sections
      .filter((section) => section.included)
      .map((section) => ({
        section: section.section,
        questions: section.questions.map((question, index) => ({
          number: index + 1,
          kind: question.kind,
          answers: question.answers
            .split(/[;,\s]+/)
            .map((answer) => answer.trim())
            .filter(Boolean),
          skill: question.skill,
        })),
        scale: section.scale.map((row, raw) => {
          const low = numberOf(row.low)
          const high = numberOf(row.high)
          return (
            high === undefined || high === low
              ? { raw, scaled: low }
              : { raw, scaledLow: low, scaledHigh: high }
          ) as PracticeFormInput['sections'][number]['scale'][number]
        }),
      })),
  }
}

/**
 * The editor's field for a problem's path: a response's n-th value and a question's number show
 * on its answer, a table row's raw count and low score on its first box, its high score on the second.
 */
export function fieldOf(path: string): string {
  return path
    .replace(/^(sections\.\d+\.questions\.\d+)\.(answers\.\d+|number)$/, '$1.answers')
    .replace(/^(sections\.\d+\.scale\.\d+)\.(raw|scaled|scaledLow)$/, '$1.low')
    .replace(/^(sections\.\d+\.scale\.\d+)\.scaledHigh$/, '$1.high')
}

/** The problems by field, the first kept when two land on one. */
export function problemsByField(problems: readonly { path: string; message: string }[]) {
  const byField: Record<string, string> = {}
  for (const problem of problems) {
    const field = fieldOf(problem.path)
    byField[field] ??= problem.message
  }
  return byField
}

/** The DOM id of a field's control, so the first problem can be focused. */
export const fieldId = (path: string) => `form-field-${path.replaceAll('.', '-')}`
