import { z } from 'zod'
import { RELATIONSHIP_MAX } from './guardians'
import { ROLE_LABELS, ROLES, type Role } from './roles'
import { NAME_MAX } from './users'
import { emailField, requiredText } from './validation'

/**
 * Bulk invites from a CSV file: the columns, how each cell is checked, and the preview's shape.
 * Both the server (which parses and checks) and the web page (which shows the preview) use it.
 */

/** Rows past the header one file may hold; a larger list goes in several files. */
export const IMPORT_MAX_ROWS = 1000
/** The CSV text's length limit, under the API's body limit. */
export const IMPORT_MAX_CHARS = 200_000

/** The roles a row may give; a guardian row also names its student (`guardian of`). */
const roleWords: Record<string, Role> = Object.fromEntries(
  ROLES.flatMap((role) => [
    [role, role],
    [ROLE_LABELS[role].toLowerCase(), role],
  ]),
)

/** "student" or "educator;fao": roles separated by semicolons (commas and "|" are read too). */
export const rolesCell = z
  .string('This field is required.')
  .trim()
  .min(1, { message: 'This field is required.', abort: true })
  .transform((text, ctx) => {
    const roles = new Set<Role>()
    for (const word of text.split(/[;,|]/).map((part) => part.trim().toLowerCase())) {
      if (word === '') continue
      const role = roleWords[word]
      if (!role) {
        ctx.addIssue({
          code: 'custom',
          message: `Unknown role "${word}": use ${ROLES.join(', ')}.`,
        })
        return z.NEVER
      }
      roles.add(role)
    }
    if (roles.size === 0) {
      ctx.addIssue({ code: 'custom', message: 'This field is required.' })
      return z.NEVER
    }
    return ROLES.filter((role) => roles.has(role))
  })

/** An empty cell in an optional column means the column is not used on that row. */
const optionalCell = <T extends z.ZodType>(field: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    field.optional(),
  )

/**
 * The columns a file may have, each checked by its shared field; the parser reads any listed
 * column. A guardian row names its student's email in `guardian of` and, optionally, the
 * relationship (Parent when empty).
 */
export const IMPORT_COLUMNS = {
  name: requiredText(NAME_MAX),
  email: emailField,
  roles: rolesCell,
  'guardian of': optionalCell(emailField),
  relationship: optionalCell(requiredText(RELATIONSHIP_MAX)),
} as const
export const DEFAULT_RELATIONSHIP = 'Parent'
export type ImportColumn = keyof typeof IMPORT_COLUMNS
export const REQUIRED_IMPORT_COLUMNS: ImportColumn[] = ['name', 'email', 'roles']

export const importRowSchema = z.object(IMPORT_COLUMNS)
export type ImportRow = z.infer<typeof importRowSchema>

/** The body of both import calls: the file's text, as the browser read it. */
export const importBodySchema = z.strictObject({
  csv: z
    .string('This field is required.')
    .min(1, 'This field is required.')
    .max(IMPORT_MAX_CHARS, `Use a file of at most ${IMPORT_MAX_CHARS / 1000} KB.`),
})
export type ImportBody = z.infer<typeof importBodySchema>

export const IMPORT_STATUSES = ['new', 'invited', 'user', 'error'] as const
export type ImportStatus = (typeof IMPORT_STATUSES)[number]

export const importProblemSchema = z.object({ column: z.string(), message: z.string() })

export const importPreviewRowSchema = z.object({
  /** The row's line in a spreadsheet: the header is row 1. */
  row: z.number(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.enum(ROLES)),
  /** A guardian row: the student's email and the relationship. */
  guardianOf: z.string().nullable().optional(),
  relationship: z.string().nullable().optional(),
  status: z.enum(IMPORT_STATUSES),
  problems: z.array(importProblemSchema),
})
export type ImportPreviewRow = z.infer<typeof importPreviewRowSchema>

export const importCountsSchema = z.object({
  new: z.number(),
  invited: z.number(),
  user: z.number(),
  error: z.number(),
})

/** `POST /v1/user-invites/import/preview`: every row with what sending would do with it. */
export const importPreviewSchema = z.object({
  rows: z.array(importPreviewRowSchema),
  counts: importCountsSchema,
})
export type ImportPreview = z.infer<typeof importPreviewSchema>

/** `POST /v1/user-invites/import`: what was done; rows already invited or users are skipped. */
export const importResultSchema = z.object({
  invited: z.number(),
  skipped: z.number(),
  errors: z.number(),
  /** Invites stored whose email could not be sent (the admin can resend them). */
  mailFailed: z.number(),
  /** The server writes mail to its outbox folder (no SMTP_URL): nobody received these invites. */
  outbox: z.boolean(),
})
export type ImportResult = z.infer<typeof importResultSchema>
