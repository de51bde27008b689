import { z } from 'zod'
import { formatPlainDate } from './dates'
import { ACT_FORMATS, PRACTICE_TESTS } from './practice-layouts'

/**
 * The audit payloads of practice tests (docs/product.md#practice-tests) and their words. The
 * union in src/shared/audit.ts takes the payloads; src/shared/audit-sentence.ts the words.
 */
export const practiceFormAudit = z.strictObject({
  name: z.string(),
  test: z.enum(PRACTICE_TESTS),
  format: z.enum(ACT_FORMATS).nullable(),
})
export const practiceFormEditAudit = practiceFormAudit.extend({
  /** How many submitted attempts the change rescored (each has its own `practice-attempt.rescored`). */
  rescoredAttempts: z.number(),
})
export const practiceAssignAudit = z.strictObject({
  formId: z.string(),
  formName: z.string(),
  dueDate: z.string().nullable(),
  taskId: z.string(),
})
/** An attempt's scores: the score per section and the SAT total or ACT composite. */
export const practiceScoresAudit = z.strictObject({
  formName: z.string(),
  test: z.enum(PRACTICE_TESTS),
  sections: z.record(z.string(), z.number()),
  total: z.number(),
  /** The score history's entry it wrote or changed, while there is one. */
  scoreId: z.string().nullable(),
})

type Side = {
  name?: string
  formName?: string
  total?: number
  rescoredAttempts?: number
  dueDate?: string | null
}

const named = (side: Side) => {
  const name = side.name ?? side.formName
  return name ? `the practice test “${name}”` : 'a practice test'
}

/** "Avery Admin edited the practice test “Practice Test 4”, rescoring 3 attempts". */
export function practiceFormLine(actor: string, verb: string, side: Side): string {
  const count = side.rescoredAttempts ?? 0
  const rescored = count > 0 ? `, rescoring ${count} ${count === 1 ? 'attempt' : 'attempts'}` : ''
  return `${actor} ${verb} ${named(side)}${rescored}`
}

/** "Ezra Educator assigned the practice test “Practice Test 4” on Rosa's record, due Mar 1, 2026"; ": 1170" once scored. */
export function practiceAttemptLine(
  actor: string,
  action: 'practice-attempt.assigned' | 'practice-attempt.submitted' | 'practice-attempt.rescored',
  before: Side,
  after: Side,
  onIt: string,
): string {
  if (action === 'practice-attempt.assigned') {
    return `${actor} assigned ${named(after)}${onIt}${after.dueDate ? `, due ${formatPlainDate(after.dueDate)}` : ''}`
  }
  if (action === 'practice-attempt.submitted') {
    return `${actor} submitted ${named(after)}${onIt}${after.total !== undefined ? `: ${after.total}` : ''}`
  }
  const change =
    before.total !== undefined && after.total !== undefined ? `: ${before.total} → ${after.total}` : ''
  return `${actor} rescored ${named(after)}${onIt}${change}`
}
