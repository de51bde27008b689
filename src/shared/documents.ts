import { z } from 'zod'
import { RECORD_CAPS } from './record-caps'
import { orRequired, requiredText, uuidField } from './validation'

export const DOCUMENT_NAME_MAX = 200
export const DOCUMENT_URL_MAX = 2000
/** Documents one record may hold; the next add is a 409 `too-many-documents`. */
export const MAX_DOCUMENTS_PER_STUDENT = RECORD_CAPS.documents

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

/** Uploaded files: at most 25 MB (docs/product.md#documents). */
export const DOCUMENT_FILE_MAX_BYTES = 25 * 1024 * 1024

/**
 * The file types a document may hold, by the type the server finds in the file's bytes, with the
 * words the list shows. The server never trusts the file's name or the browser's type.
 */
export const DOCUMENT_FILE_TYPES = {
  'application/pdf': 'PDF',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
  'application/msword': 'Word',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PowerPoint',
  'application/vnd.ms-powerpoint': 'PowerPoint',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel',
  'application/vnd.ms-excel': 'Excel',
  'text/plain': 'Text',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/heic': 'HEIC',
} as const
export type DocumentFileType = keyof typeof DOCUMENT_FILE_TYPES

/** The picker's `accept`: the extensions, and `image/*` so a phone offers its camera too. */
export const DOCUMENT_FILE_ACCEPT =
  'image/*,.pdf,.doc,.docx,.ppt,.pptx,.xls,.xlsx,.txt,.png,.jpg,.jpeg,.heic,application/pdf,text/plain'

/** Shown in the browser when asked (`?inline`); every other type is only ever an attachment. */
export const mayShowInline = (type: string) => type === 'application/pdf' || type.startsWith('image/')

/** The one address a stored file is read from: behind the same permission as the record. */
export const documentFilePath = (studentUuid: string, documentUuid: string) =>
  `/api/v1/students/${studentUuid}/documents/${documentUuid}/file`

/** A size as people read it: "840 bytes", "12 KB", "1.2 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  const megabytes = bytes / 1024 / 1024
  return `${megabytes < 10 ? megabytes.toFixed(1) : Math.round(megabytes)} MB`
}

/** What the list shows of a file: "PDF · 1.2 MB". */
export const describeFile = (file: { type: string; size: number }) =>
  `${DOCUMENT_FILE_TYPES[file.type as DocumentFileType] ?? 'File'} · ${formatFileSize(file.size)}`

export const documentFileSchema = z.object({ name: z.string(), type: z.string(), size: z.number() })
export type DocumentFile = z.infer<typeof documentFileSchema>

export const documentSchema = z.object({
  uuid: z.string(),
  studentUUID: z.string(),
  creator: z.object({ name: z.string(), uuid: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
  hidden: z.boolean(),
  pinned: z.boolean(),
  name: z.string(),
  /** A link's address; for an uploaded file, its download path (documentFilePath). */
  url: z.string(),
  /** The uploaded file, or null for a link. */
  file: documentFileSchema.nullable(),
})
export type StudentDocument = z.infer<typeof documentSchema>

/** Read-only fields a client may send back; accepted and ignored (docs/api.md#requests). */
const readOnlyDocumentFields = {
  uuid: z.unknown().optional(),
  studentUUID: z.unknown().optional(),
  creator: z.unknown().optional(),
  createdAt: z.unknown().optional(),
  updatedAt: z.unknown().optional(),
  file: z.unknown().optional(),
}

export const documentInputSchema = z.strictObject({
  name: requiredText(DOCUMENT_NAME_MAX),
  url: documentUrlField,
  hidden: z.boolean().optional(),
  pinned: z.boolean().optional(),
  ...readOnlyDocumentFields,
})
export type DocumentInput = z.infer<typeof documentInputSchema>

const DOWNLOAD_PATH = /^\/api\/v1\/students\/[0-9a-f-]{36}\/documents\/[0-9a-f-]{36}\/file$/

/**
 * `PUT`: the document's fields plus `creatorUUID`, which must equal the stored creator. A file's
 * `url` is its download path, sent back unchanged (the server refuses any other value for a file).
 */
export const documentUpdateSchema = documentInputSchema.extend({
  url: z.union([documentUrlField, z.string().regex(DOWNLOAD_PATH)], {
    error: orRequired('Use a full link starting with https://'),
  }),
  creatorUUID: uuidField,
})
export type DocumentUpdate = z.infer<typeof documentUpdateSchema>

/** The fields that travel with an upload (multipart form fields); `name` defaults to the file's name. */
export const documentUploadFieldsSchema = z.strictObject({
  name: requiredText(DOCUMENT_NAME_MAX).optional(),
  hidden: z.enum(['true', 'false'], { error: 'Use true or false.' }).optional(),
  pinned: z.enum(['true', 'false'], { error: 'Use true or false.' }).optional(),
})

/** The form in the web app: name and link; staff also see hidden and pinned. */
export const documentFormSchema = z.object({
  name: requiredText(DOCUMENT_NAME_MAX),
  url: documentUrlField,
  hidden: z.boolean(),
  pinned: z.boolean(),
})
export type DocumentForm = z.infer<typeof documentFormSchema>
