import { z } from 'zod'

/** A number field arrives as text: empty means missing, anything else is checked as a number. */
export const fromText = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : undefined),
    schema,
  )
