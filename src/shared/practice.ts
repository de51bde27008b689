import { z } from 'zod'
import { sprProblem } from './practice-answers'
import { formProblems } from './practice-form-rules'
import { ACT_FORMATS, PRACTICE_SECTIONS, PRACTICE_TESTS, QUESTION_KINDS } from './practice-layouts'
import { orRequired, planDateField, requiredText, uuidField } from './validation'

/**
 * Practice tests (docs/product.md#practice-tests): forms with their keys and tables, attempts and
 * their answers, the review and the skills. A key (`answers` of a question) travels only in an
 * admin's form read and in a review no open attempt of the form keeps back.
 */
export const PRACTICE_FORM_NAME_MAX = 100
export const ATTEMPT_STATUSES = ['assigned', 'in-progress', 'submitted'] as const
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number]
/** At most this many answers in one save (a whole section, the longest being 75). */
export const ANSWERS_PER_SAVE_MAX = 100

const wholeNumber = (what: string) =>
  z
    .number({ error: orRequired(`Use a whole number for the ${what}.`) })
    .int(`Use a whole number for the ${what}.`)

export const practiceQuestionSchema = z.strictObject({
  number: wholeNumber('question number').min(1),
  kind: z.enum(QUESTION_KINDS, { error: orRequired('Use choice or spr.') }),
  answers: z
    .array(z.string('Use text.').trim().toUpperCase().min(1).max(20), 'Give the accepted answers as a list.')
    .min(1, 'Give at least one accepted answer.')
    .max(10, 'Give at most 10 accepted answers.'),
  skill: z.string('Use text.').trim().min(1),
})
export type PracticeQuestion = z.infer<typeof practiceQuestionSchema>

/** A row gives one score (`scaled`) or a range (`scaledLow`, `scaledHigh`); read back as a range. */
export const scaleRowInputSchema = z
  .strictObject({
    raw: wholeNumber('raw count').min(0),
    scaled: wholeNumber('scaled score').optional(),
    scaledLow: wholeNumber('scaled score').optional(),
    scaledHigh: wholeNumber('scaled score').optional(),
  })
  .superRefine((row, ctx) => {
    const range = row.scaledLow !== undefined || row.scaledHigh !== undefined
    if (row.scaled === undefined && !range) {
      ctx.addIssue({
        code: 'custom',
        path: ['scaled'],
        message: 'Give the scaled score, or scaledLow and scaledHigh.',
      })
    } else if (
      range &&
      (row.scaledLow === undefined || row.scaledHigh === undefined || row.scaled !== undefined)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['scaledLow'],
        message: 'A range gives scaledLow and scaledHigh, and no scaled.',
      })
    }
  })
  .transform((row) => ({
    raw: row.raw,
    scaledLow: row.scaled ?? row.scaledLow!,
    scaledHigh: row.scaled ?? row.scaledHigh!,
  }))
export const scaleRowSchema = z.object({ raw: z.number(), scaledLow: z.number(), scaledHigh: z.number() })

export const practiceFormInputSchema = z
  .strictObject({
    name: requiredText(PRACTICE_FORM_NAME_MAX),
    test: z.enum(PRACTICE_TESTS, { error: orRequired('Use SAT or ACT.') }),
    format: z.enum(ACT_FORMATS, { error: orRequired('Use legacy or enhanced.') }).nullish(),
    sections: z
      .array(
        z.strictObject({
          section: z.enum(PRACTICE_SECTIONS, {
            error: orRequired(`Use one of ${PRACTICE_SECTIONS.join(', ')}.`),
          }),
          questions: z.array(practiceQuestionSchema).max(100),
          scale: z.array(scaleRowInputSchema).max(101),
        }),
      )
      .min(1, 'Give the sections.')
      .max(4),
  })
  .superRefine((form, ctx) => {
    if (form.test === 'ACT' && !form.format) {
      ctx.addIssue({ code: 'custom', path: ['format'], message: 'An ACT form is legacy or enhanced.' })
      return
    }
    if (form.test === 'SAT' && form.format) {
      ctx.addIssue({ code: 'custom', path: ['format'], message: 'Only an ACT form has a format.' })
      return
    }
    for (const problem of formProblems(form)) {
      ctx.addIssue({
        code: 'custom',
        path: problem.path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
        message: problem.message,
      })
    }
  })
export type PracticeFormInput = z.infer<typeof practiceFormInputSchema>

const personRef = z.object({ name: z.string(), uuid: z.string() })
const sectionOutline = {
  section: z.enum(PRACTICE_SECTIONS),
  label: z.string(),
  minutes: z.number(),
}
/** A question as the form and the answer sheet show it: its number, kind and the letters it offers. */
const questionOutline = {
  number: z.number(),
  kind: z.enum(QUESTION_KINDS),
  letters: z.array(z.string()),
}

/** A form as listed: no questions, no key. */
export const practiceFormSummarySchema = z.object({
  uuid: z.string(),
  name: z.string(),
  test: z.enum(PRACTICE_TESTS),
  format: z.enum(ACT_FORMATS).nullable(),
  sections: z.array(z.object({ ...sectionOutline, questions: z.number() })),
  attempts: z.number(),
  updatedAt: z.string(),
})
export const practiceFormListSchema = z.object({ forms: z.array(practiceFormSummarySchema) })

/** A form in full; `answers` (the key) only for admins, who edit it. */
export const practiceFormSchema = practiceFormSummarySchema.extend({
  sections: z.array(
    z.object({
      ...sectionOutline,
      questions: z.array(
        z.object({
          ...questionOutline,
          skill: z.string(),
          answers: z.array(z.string()).optional(),
        }),
      ),
      scale: z.array(scaleRowSchema),
    }),
  ),
  createdBy: personRef,
})
export type PracticeForm = z.infer<typeof practiceFormSchema>
/** A replaced form, with how many submitted attempts the change gave other scores. */
export const practiceFormUpdatedSchema = practiceFormSchema.extend({ rescoredAttempts: z.number() })

export const assignInputSchema = z.strictObject({
  formUUID: uuidField,
  dueDate: planDateField.nullish(),
})

export const answersInputSchema = z.strictObject({
  answers: z
    .array(
      z
        .strictObject({
          section: z.enum(PRACTICE_SECTIONS, {
            error: orRequired(`Use one of ${PRACTICE_SECTIONS.join(', ')}.`),
          }),
          number: wholeNumber('question number').min(1).max(100),
          // null leaves the question blank.
          answer: z
            .string('Use text, or null to leave it blank.')
            .trim()
            .max(6, 'Use at most 6 characters.')
            .nullable(),
        })
        .superRefine((entry, ctx) => {
          if (entry.answer === null || entry.answer === '' || /^[A-K]$/i.test(entry.answer)) return
          const problem = sprProblem(entry.answer)
          if (problem) ctx.addIssue({ code: 'custom', path: ['answer'], message: problem })
        })
        .transform((entry) => ({
          ...entry,
          answer: entry.answer === null || entry.answer === '' ? null : entry.answer.toUpperCase(),
        })),
    )
    .min(1, 'Send at least one answer.')
    .max(ANSWERS_PER_SAVE_MAX, `Send at most ${ANSWERS_PER_SAVE_MAX} answers at once.`),
})
export type AnswersInput = z.infer<typeof answersInputSchema>
/** What a save answers: how many answers it kept and the attempt's status after it. */
export const answersSavedSchema = z.object({ saved: z.number(), status: z.enum(ATTEMPT_STATUSES) })

const sectionScore = z.object({
  section: z.enum(PRACTICE_SECTIONS),
  label: z.string(),
  raw: z.number(),
  of: z.number(),
  scaledLow: z.number(),
  scaledHigh: z.number(),
  /** What the history got: the score, or the range's midpoint to the nearest 10. */
  score: z.number(),
})
export const skillRowSchema = z.object({
  section: z.enum(PRACTICE_SECTIONS),
  skill: z.string(),
  questions: z.number(),
  right: z.number(),
  blank: z.number(),
  percent: z.number(),
  pointsLost: z.number(),
})
export const reviewRowSchema = z.object({
  section: z.enum(PRACTICE_SECTIONS),
  number: z.number(),
  skill: z.string(),
  answer: z.string().nullable(),
  /** Null while an open attempt of the form keeps the key back. */
  correct: z.array(z.string()).nullable(),
  result: z.enum(['right', 'wrong', 'blank']).nullable(),
})

export const practiceAttemptSchema = z.object({
  uuid: z.string(),
  studentUUID: z.string(),
  form: z.object({
    uuid: z.string(),
    name: z.string(),
    test: z.enum(PRACTICE_TESTS),
    format: z.enum(ACT_FORMATS).nullable(),
  }),
  status: z.enum(ATTEMPT_STATUSES),
  dueDate: z.string().nullable(),
  taskUUID: z.string().nullable(),
  assignedBy: personRef,
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  submittedBy: personRef.nullable(),
  /** The score history's entry, while it is there. */
  scoreUUID: z.string().nullable(),
  /** Once submitted: the scores by section and the SAT total or ACT composite. */
  scores: z.object({ sections: z.array(sectionScore), total: z.number() }).nullable(),
})
export type PracticeAttempt = z.infer<typeof practiceAttemptSchema>
export const practiceAttemptListSchema = z.object({ attempts: z.array(practiceAttemptSchema) })

/** One attempt read in full: the answer sheet (letters, timers, answers given) and, once submitted, the review. */
export const practiceAttemptDetailSchema = practiceAttemptSchema.extend({
  sections: z.array(
    z.object({
      ...sectionOutline,
      questions: z.array(
        z.object({
          ...questionOutline,
          answer: z.string().nullable(),
        }),
      ),
      left: z.number(),
    }),
  ),
  skills: z.array(skillRowSchema).nullable(),
  review: z.array(reviewRowSchema).nullable(),
  /** True when an open attempt of the same form keeps the correct answers back. */
  keyWithheld: z.boolean(),
})
export type PracticeAttemptDetail = z.infer<typeof practiceAttemptDetailSchema>
export const attemptQuerySchema = z.object({
  review: z.enum(['all', 'misses'], { error: 'Use all or misses.' }).optional(),
})
