import { z } from 'zod'
import { orRequired, requiredText, uuidField } from './validation'

export const DOCUMENT_NAME_MAX = 200
export const DOCUMENT_URL_MAX = 2000
/** Documents one record may hold; the next add is a 409 `too-many-documents`. */
export const MAX_DOCUMENTS_PER_STUDENT = 200

/** Only absolute http(s) links: never `javascript:`, `data:` or a relative path (docs/product.md#documents). */
export const documentUrlField = z
  .string({ error: orRequired('Use a full link starting with https://') })
  .trim()
  .min(1)
  .max(DOCUMENT_URL_MAX)
  .refine((value) => {
    try {
      const url = new URL(value)
      // The same rule as the database's check (an http(s) scheme, then //, no spaces), so a link
      // the URL parser would repair, such as http:evil.example, is refused here and not there.
      return (
        (url.protocol === 'https:' || url.protocol === 'http:') &&
        url.hostname !== '' &&
        /^https?:\/\/[^\s]+$/i.test(value)
      )
    } catch {
      return false
    }
  }, 'Use a full link starting with https://')

export const documentSchema = z.object({
  uuid: z.string(),
  studentUUID: z.string(),
  creator: z.object({ name: z.string(), uuid: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
  hidden: z.boolean(),
  pinned: z.boolean(),
  name: z.string(),
  url: z.string(),
})
export type StudentDocument = z.infer<typeof documentSchema>

/** Read-only fields a client may send back; accepted and ignored (docs/api.md#requests). */
const readOnlyDocumentFields = {
  uuid: z.unknown().optional(),
  studentUUID: z.unknown().optional(),
  creator: z.unknown().optional(),
  createdAt: z.unknown().optional(),
  updatedAt: z.unknown().optional(),
}

export const documentInputSchema = z.strictObject({
  name: requiredText(DOCUMENT_NAME_MAX),
  url: documentUrlField,
  hidden: z.boolean().optional(),
  pinned: z.boolean().optional(),
  ...readOnlyDocumentFields,
})
export type DocumentInput = z.infer<typeof documentInputSchema>

/** `PUT`: the document's fields plus `creatorUUID`, which must equal the stored creator. */
export const documentUpdateSchema = documentInputSchema.extend({ creatorUUID: uuidField })
export type DocumentUpdate = z.infer<typeof documentUpdateSchema>

/** The form in the web app: name and link; staff also see hidden and pinned. */
export const documentFormSchema = z.object({
  name: requiredText(DOCUMENT_NAME_MAX),
  url: documentUrlField,
  hidden: z.boolean(),
  pinned: z.boolean(),
})
export type DocumentForm = z.infer<typeof documentFormSchema>
