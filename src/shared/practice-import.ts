import { z } from 'zod'
import { PRACTICE_FORM_NAME_MAX, practiceQuestionSchema, scaleRowSchema } from './practice'
import { ACT_FORMATS, PRACTICE_SECTIONS, PRACTICE_TESTS } from './practice-layouts'
import { orRequired, requiredText } from './validation'

/** A practice form from two CSV files (docs/product.md#practice-tests): the body, the preview. */
/** The two CSV texts of an import: questions and scale tables, with the form's name and test. */
export const practiceImportBodySchema = z.strictObject({
  name: requiredText(PRACTICE_FORM_NAME_MAX),
  test: z.enum(PRACTICE_TESTS, { error: orRequired('Use SAT or ACT.') }),
  format: z.enum(ACT_FORMATS, { error: orRequired('Use legacy or enhanced.') }).nullish(),
  questionsCsv: z.string('This field is required.').min(1).max(100_000),
  scaleCsv: z.string('This field is required.').min(1).max(50_000),
})
export const practiceImportProblemSchema = z.object({
  file: z.enum(['questions', 'scale']),
  /** The row's line in a spreadsheet (the header is row 1); null for a problem of the whole file. */
  row: z.number().nullable(),
  column: z.string().nullable(),
  message: z.string(),
})
export const practiceImportPreviewSchema = z.object({
  problems: z.array(practiceImportProblemSchema),
  /** The form as it would be saved, when the files have no problem. */
  form: z
    .object({
      name: z.string(),
      test: z.enum(PRACTICE_TESTS),
      format: z.enum(ACT_FORMATS).nullable(),
      sections: z.array(
        z.object({
          section: z.enum(PRACTICE_SECTIONS),
          questions: z.array(practiceQuestionSchema),
          scale: z.array(scaleRowSchema),
        }),
      ),
    })
    .nullable(),
})
