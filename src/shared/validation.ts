import { z } from 'zod'

/**
 * The form messages of docs/product.md#form-messages. Every shared schema imports this module, so zod's own
 * default wording never reaches a person: a schema states its own message for anything else.
 */
export const MESSAGES = {
  required: 'This field is required.',
  email: 'Please provide a valid email address.',
} as const

function isEmpty(input: unknown): boolean {
  return input === undefined || input === null || (typeof input === 'string' && input.trim() === '')
}

z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && isEmpty(issue.input)) return MESSAGES.required
    if (issue.code === 'too_small' && issue.origin === 'string' && Number(issue.minimum) <= 1) {
      return MESSAGES.required
    }
    if (issue.code === 'invalid_format' && issue.format === 'email') return MESSAGES.email
    if (issue.code === 'too_small' && issue.origin === 'string')
      return `Use at least ${issue.minimum} characters.`
    if (issue.code === 'too_big' && issue.origin === 'string')
      return `Use at most ${issue.maximum} characters.`
    if (issue.code === 'too_small') return `Must be at least ${issue.minimum}.`
    if (issue.code === 'too_big') return `Must be at most ${issue.maximum}.`
    if (issue.code === 'unrecognized_keys') return `Unknown field: ${issue.keys.join(', ')}.`
    if (issue.code === 'invalid_type') return `Expected ${issue.expected}.`
    if (issue.code === 'invalid_format') return 'This value is not in the expected format.'
    return undefined
  },
})

/**
 * A schema's own message for a wrong value, while a missing one still says 'This field is
 * required.' (a schema-level message would otherwise win over the map above).
 */
export const orRequired =
  (message: string) =>
  (issue: { input?: unknown }): string =>
    isEmpty(issue.input) ? MESSAGES.required : message

/**
 * Characters that take no room on screen: format characters (zero-width space and joiners, word
 * joiner, BOM, soft hyphen …), separators, controls, and the blank letters some fonts draw as
 * nothing (Hangul fillers, the blank Braille pattern).
 */
const INVISIBLE = /[\p{Cf}\p{Z}\p{Cc}\s\u115F\u1160\u3164\uFFA0\u2800]/gu

/** Whether text holds at least one character a reader can see. */
export const hasVisibleCharacter = (text: string) => text.replace(INVISIBLE, '').length > 0

/**
 * A required, trimmed text field of at most `max` characters that must show something. Each
 * check states its own message: the one given to `z.string()` covers a missing value only, and
 * would otherwise win over the length message.
 */
export const requiredText = (max: number) =>
  z
    .string(MESSAGES.required)
    .trim()
    .min(1, { message: MESSAGES.required, abort: true })
    .max(max, `Use at most ${max} characters.`)
    .refine(hasVisibleCharacter, { message: 'Use at least one visible character.', abort: true })

export const emailField = z
  .string(MESSAGES.required)
  .trim()
  .min(1, MESSAGES.required)
  .max(254)
  .pipe(z.email(MESSAGES.email))
  .transform((email) => email.toLowerCase())

export const PASSWORD_MIN = 10
export const PASSWORD_MAX = 128
export const passwordField = z
  .string(MESSAGES.required)
  .min(1, MESSAGES.required)
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `Use at most ${PASSWORD_MAX} characters.`)

export const uuidField = z.uuid({ error: orRequired('Expected a UUID.') })

/** A JSON true or false; a missing one is 'This field is required.'. */
export const booleanField = z.boolean({ error: orRequired('Expected true or false.') })

/** A password as typed (a current one, or at login): required, any length up to the maximum. */
export const currentPasswordField = z.string(MESSAGES.required).min(1, MESSAGES.required).max(PASSWORD_MAX)

/** The "empty JSON body" that actions take; no body at all is accepted too. */
export const emptyBodySchema = z.strictObject({}).nullish()

/** One field problem, as in problem details' `errors` and in forms. */
export interface FieldProblem {
  path: string
  message: string
}

export function fieldProblems(error: z.ZodError): FieldProblem[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }))
}

/** The longest name a person may have (users, invites, people import). */
export const NAME_MAX = 100

/** A plain calendar date; any year from 2000 to 2100 (deadlines and target dates may be far ahead). */
export const planDateField = z.iso
  .date({ error: orRequired('Use a date as YYYY-MM-DD.'), abort: true })
  .refine((date) => date >= '2000-01-01' && date <= '2100-12-31', 'Use a date from 2000 to 2100.')
