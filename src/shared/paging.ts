import { z } from 'zod'

/** A query parameter given twice arrives as a list: say so instead of zod's default wording. */
export const oneValue = (what: string) => `Give ${what} once, as text.`

/** `?limit=`: a whole number from 1 to `max`, given as text. */
export const pageLimit = (max: number) =>
  z
    .string(oneValue('limit'))
    .regex(/^\d+$/, `Use a whole number from 1 to ${max}.`)
    .transform(Number)
    .pipe(z.number().int().min(1, `Use a whole number from 1 to ${max}.`).max(max, `Use at most ${max}.`))

/** `?cursor=`: the opaque `nextCursor` of the previous page, passed back as it came. */
export const cursorField = z.string(oneValue('cursor')).max(512, 'That cursor is not valid.').optional()
