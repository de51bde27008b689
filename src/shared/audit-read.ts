import { z } from 'zod'
import { type AuditChange, auditChangeSchema } from './audit'

/**
 * Reading a stored audit event's payloads back by the union in audit.ts, leniently: events
 * written before a payload changed shape, or emptied with a deleted record, still read.
 */

/** A side of a change as the web reads it: each field present only when it has its recorded shape. */
type Lenient<T> = T extends null ? Record<never, never> : Partial<T>
type Read<C> = C extends AuditChange
  ? { action: C['action']; before: Lenient<C['before']>; after: Lenient<C['after']> }
  : never
export type AuditChangeRead = Read<AuditChange>

/** The schemas a field may have on one side (both tests' for a score). */
function fieldsOf(schema: z.ZodType): Map<string, z.ZodType[]> {
  const fields = new Map<string, z.ZodType[]>()
  const objects =
    schema instanceof z.ZodObject ? [schema] : schema instanceof z.ZodDiscriminatedUnion ? schema.options : []
  for (const object of objects as z.ZodObject[]) {
    for (const [key, field] of Object.entries(object.shape))
      fields.set(key, [...(fields.get(key) ?? []), field])
  }
  return fields
}

function readSide(schema: z.ZodType, value: unknown): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {}
  const read: Record<string, unknown> = {}
  for (const [key, options] of fieldsOf(schema)) {
    if (!(key in value)) continue
    const field = (value as Record<string, unknown>)[key]
    if (options.some((option) => option.safeParse(field).success)) read[key] = field
  }
  return read
}

/**
 * An event's change, typed by its action, keeping each field of `before` and `after` that has the
 * shape the union gives it, so an event whose payloads were emptied (a deleted student's record)
 * or hold an odd field still reads. Null for an action outside the union.
 */
export function readAuditChange(event: {
  action: string
  before: unknown
  after: unknown
}): AuditChangeRead | null {
  const option = auditChangeSchema.options.find((candidate) =>
    (candidate.shape.action.options as readonly string[]).includes(event.action),
  )
  if (!option) return null
  return {
    action: event.action,
    before: readSide(option.shape.before, event.before),
    after: readSide(option.shape.after, event.after),
  } as AuditChangeRead
}
