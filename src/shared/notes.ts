import { z } from 'zod'
import { todayAtOffset } from './dates'
import { cursorField, pageLimit } from './paging'
import { orRequired, requiredText, uuidField } from './validation'

/**
 * Session notes: what happened in a coaching session. `internal` notes are for staff on the team
 * and admins only; `shared` ones are also read by the student and their guardians.
 */
export const NOTE_VISIBILITIES = ['shared', 'internal'] as const
export type NoteVisibility = (typeof NOTE_VISIBILITIES)[number]
export const NOTE_BODY_MAX = 20_000
export const NOTE_DURATION_MAX = 600
export const NOTE_FIRST_DATE = '2000-01-01'
export const NOTE_PAGE_DEFAULT = 20
export const NOTE_PAGE_MAX = 100

export const noteSchema = z.object({
  uuid: z.string(),
  studentUUID: z.string(),
  author: z.object({ name: z.string(), uuid: z.string() }),
  date: z.string(),
  durationMinutes: z.number().nullable(),
  visibility: z.enum(NOTE_VISIBILITIES),
  body: z.string(),
  /** The tutoring session the note is about, when it names one. */
  sessionUUID: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type SessionNote = z.infer<typeof noteSchema>

/** A session's date: a plain date, not after today in the earliest time zone (as score dates). */
const noteDate = z.iso
  .date({ error: orRequired('Use a date as YYYY-MM-DD.'), abort: true })
  .refine((date) => date >= NOTE_FIRST_DATE, `Use a date on or after ${NOTE_FIRST_DATE}.`)
  .refine((date) => date <= todayAtOffset(14), 'The date cannot be in the future.')

/** `POST` and `PUT` bodies; read-only fields a client sends back are accepted and ignored. */
export const noteInputSchema = z.strictObject({
  date: noteDate,
  durationMinutes: z
    .number({ error: orRequired('Enter a number of minutes.') })
    .int('Use a whole number of minutes.')
    .min(1, `Use 1 to ${NOTE_DURATION_MAX} minutes.`)
    .max(NOTE_DURATION_MAX, `Use 1 to ${NOTE_DURATION_MAX} minutes.`)
    .nullish(),
  visibility: z.enum(NOTE_VISIBILITIES, { error: orRequired('Use shared or internal.') }),
  body: requiredText(NOTE_BODY_MAX),
  /** A session of the same student; null unlinks; left out, a change keeps the link it had. */
  sessionUUID: uuidField.nullish(),
  uuid: z.unknown().optional(),
  studentUUID: z.unknown().optional(),
  author: z.unknown().optional(),
  createdAt: z.unknown().optional(),
  updatedAt: z.unknown().optional(),
})
export type NoteInput = z.infer<typeof noteInputSchema>

export const noteListQuerySchema = z.object({
  cursor: cursorField,
  limit: pageLimit(NOTE_PAGE_MAX).optional(),
})

/** Notes a page of the record's Notes section holds ("Load more" asks for the next). */
export const NOTE_PAGE_SIZE = 10

export const notePageSchema = z.object({
  notes: z.array(noteSchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
})
export type NotePage = z.infer<typeof notePageSchema>
