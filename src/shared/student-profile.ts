import { z } from 'zod'
import { todayAtOffset } from './dates'
import { guardianInviteBodySchema } from './guardians'
import { orRequired, requiredText } from './validation'

/** The student profile (docs/product.md#student-profile): graduation year, school, planned tests. */
export const PLANNED_TESTS = ['SAT', 'ACT'] as const
export type PlannedTest = (typeof PLANNED_TESTS)[number]
export const SCHOOL_MAX = 200
export const TEST_DATES_MAX = 10
/** How far a class year may sit from this year: a gap year behind, high school ahead. */
export const CLASS_YEAR_BEHIND = 2
export const CLASS_YEAR_AHEAD = 6

export const classYearRange = (now: Date = new Date()) => {
  const year = now.getUTCFullYear()
  return { min: year - CLASS_YEAR_BEHIND, max: year + CLASS_YEAR_AHEAD }
}

/** The latest time zone on Earth: a date that is still today somewhere is not "in the past". */
const LATEST_OFFSET_HOURS = -12
export const earliestNewTestDate = (now: Date = new Date()) => todayAtOffset(LATEST_OFFSET_HOURS, now)

export const testDateSchema = z.strictObject({
  test: z.enum(PLANNED_TESTS, { error: orRequired('Choose SAT or ACT.') }),
  date: z.iso.date({ error: orRequired('Use a date as YYYY-MM-DD.') }),
})
export type TestDate = z.infer<typeof testDateSchema>

/** `GET /v1/students/{id}/profile`. */
export const studentProfileSchema = z.object({
  classYear: z.number().nullable(),
  school: z.string().nullable(),
  testDates: z.array(z.object({ test: z.enum(PLANNED_TESTS), date: z.string() })),
})
export type StudentProfile = z.infer<typeof studentProfileSchema>

const classYearField = z
  .number({ error: orRequired('Enter a year such as 2027.') })
  .int('Enter a year such as 2027.')
  .refine((year) => year >= classYearRange().min && year <= classYearRange().max, {
    error: () => {
      const { min, max } = classYearRange()
      return `Use a class year from ${min} to ${max}.`
    },
  })

/**
 * `PATCH /v1/students/{id}/profile`: absent keeps, null (or an empty school) clears. `testDates`
 * replaces the list; a date not already on it may not be in the past (the server checks that).
 */
export const studentProfileFieldsSchema = z.strictObject({
  classYear: classYearField.nullable().optional(),
  school: z
    .string({ error: orRequired('Expected text.') })
    .trim()
    .max(SCHOOL_MAX, `Use at most ${SCHOOL_MAX} characters.`)
    .nullable()
    .optional()
    .transform((school) => (school === '' ? null : school)),
  testDates: z
    .array(testDateSchema, { error: orRequired('Expected a list of test dates.') })
    .max(TEST_DATES_MAX, `Plan at most ${TEST_DATES_MAX} test dates.`)
    .optional(),
})
export const studentProfilePatchSchema = studentProfileFieldsSchema.refine(
  (body) => Object.values(body).some((value) => value !== undefined),
  { message: 'Send at least one of classYear, school or testDates.', path: ['body'] },
)
export type StudentProfilePatch = z.infer<typeof studentProfilePatchSchema>
export type StudentProfilePatchInput = z.input<typeof studentProfilePatchSchema>

/** A parent named at onboarding: they get the same guardian invite the record's Family card sends. */
export const onboardingGuardianSchema = guardianInviteBodySchema.extend({
  name: requiredText(100).optional(),
})
export const ONBOARDING_GUARDIANS_MAX = 4
