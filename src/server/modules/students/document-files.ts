import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { unlink } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { and, eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import {
  DOCUMENT_FILE_MAX_BYTES,
  DOCUMENT_NAME_MAX,
  documentUploadFieldsSchema,
  type StudentDocument,
} from '../../../shared/documents'
import { may } from '../../../shared/record-rules'
import type { Viewer } from '../../auth/viewer'
import type { Db } from '../../db/client'
import { documents } from '../../db/schema'
import { detectDocumentFileType } from '../../files/detect-type'
import type { FileStore } from '../../files/store'
import { findBadInput } from '../../plugins/input-guard'
import { badRequest, fieldError, HttpProblem, notFound } from '../../problems'
import { requireDocumentWriter, writeNewDocument } from './documents'
import { studentAccess } from './record'
import { isUuid } from './sql'

interface ReceivedFile {
  tempFile: string
  /** The name the uploader's device gave it, cleaned (never a path). */
  name: string
  size: number
}

const tooLarge = () =>
  new HttpProblem(
    413,
    'file-too-large',
    `The file is larger than ${DOCUMENT_FILE_MAX_BYTES / 1024 / 1024} MB.`,
  )

const oneFileOnly = (field: string) => fieldError(field, 'Send one file, in the field named file.')

/** A file name to keep and show: the last path segment, without control characters, at most 200 characters. */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? ''
  const cleaned = base
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, DOCUMENT_NAME_MAX)
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? 'Untitled file' : cleaned
}

/**
 * Reads a multipart upload: the one `file` part streamed to a temporary file under `incomingDir`
 * (never held in memory), and the text fields. Any failure removes the temporary file.
 */
async function receiveUpload(request: FastifyRequest, incomingDir: string) {
  const fields: Record<string, string> = {}
  let received: ReceivedFile | null = null
  const tempFile = path.join(incomingDir, randomUUID())
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value)
        continue
      }
      if (part.fieldname !== 'file' || received) {
        part.file.resume()
        throw oneFileOnly(part.fieldname)
      }
      await pipeline(part.file, createWriteStream(tempFile, { flags: 'wx' }))
      if (part.file.truncated) throw tooLarge()
      received = { tempFile, name: cleanFileName(part.filename), size: part.file.bytesRead }
    }
  } catch (error) {
    await unlink(tempFile).catch(() => {})
    const code = (error as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge()
    // The parser's limit of one file: a second file is a bad request, not a large one.
    if (code === 'FST_FILES_LIMIT') throw oneFileOnly('file')
    throw error
  }
  if (!received) throw badRequest([{ path: 'file', message: 'This field is required.' }])
  return { fields, file: received }
}

function checkFields(fields: Record<string, string>) {
  const bad = findBadInput(fields)
  if (bad) throw badRequest([bad], `${bad.path}: ${bad.message}`)
  const parsed = documentUploadFieldsSchema.safeParse(fields)
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({
      path: issue.path.join('.') || 'body',
      message: issue.message,
    }))
    throw badRequest(errors, `Invalid body: ${errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`)
  }
  const flag = (value: 'true' | 'false' | undefined) => (value === undefined ? undefined : value === 'true')
  return { name: parsed.data.name, hidden: flag(parsed.data.hidden), pinned: flag(parsed.data.pinned) }
}

export interface UploadContext {
  db: Db
  files: FileStore
  incomingDir: string
  log: (key: string, error: unknown) => void
}

/**
 * `POST …/documents` as multipart/form-data (docs/api.md#uploaded-files). Who may add is checked
 * before a byte is stored; the file is stored before the row is written, and removed again when
 * the row cannot be (so no row without a file, and no file without a row).
 */
export async function uploadDocument(
  { db, files, incomingDir, log }: UploadContext,
  request: FastifyRequest,
  viewer: Viewer,
  studentId: string,
): Promise<StudentDocument> {
  await requireDocumentWriter(db, viewer, studentId)
  const { fields, file } = await receiveUpload(request, incomingDir)
  // The canonical (lower-case) id: every route takes the id in either case, the store's keys in one.
  const key = `${studentId.toLowerCase()}/${randomUUID()}`
  // From the moment the store is asked, a failure must take the file back out (a missing key is fine).
  let storing = false
  try {
    const input = checkFields(fields)
    if (file.size === 0) throw badRequest([{ path: 'file', message: 'The file is empty.' }])
    const detected = await detectDocumentFileType(file.tempFile)
    if ('refused' in detected) throw new HttpProblem(415, 'unsupported-file-type', detected.refused)
    storing = true
    await files.put(key, file.tempFile, file.size, detected.type)
    return await db.transaction((tx) =>
      writeNewDocument(tx, viewer, studentId, {
        ...input,
        name: input.name ?? file.name,
        fileKey: key,
        fileName: file.name,
        fileType: detected.type,
        fileSize: file.size,
      }),
    )
  } catch (error) {
    if (storing) await files.remove(key).catch((removeError: unknown) => log(key, removeError))
    throw error
  } finally {
    await unlink(file.tempFile).catch(() => {})
  }
}

/** The file of a document, to whoever may read the document: hidden stays hidden from the family (404). */
export async function readDocumentFile(
  db: Db,
  files: FileStore,
  viewer: Viewer,
  studentId: string,
  documentId: string,
): Promise<{ name: string; type: string; size: number; body: Readable }> {
  const access = await studentAccess(db, viewer, studentId)
  if (!isUuid(documentId)) throw notFound('No such document.')
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.studentId, studentId)))
  if (!row?.fileKey || (row.hidden && !may(access, 'documents.readHidden')))
    throw notFound('No such document.')
  return {
    name: row.fileName!,
    type: row.fileType!,
    size: row.fileSize!,
    body: await readStored(files, row.fileKey),
  }
}

/**
 * The stored bytes. A row whose file is not in the store (a database restored without its
 * files, a bucket emptied by hand) answers 404 `file-missing`, not a 500; any other failure of
 * the store stays a 500.
 */
async function readStored(files: FileStore, key: string): Promise<Readable> {
  try {
    return await files.read(key)
  } catch (error) {
    if (await files.exists(key).catch(() => true)) throw error
    throw new HttpProblem(
      404,
      'file-missing',
      'The file of this document is missing from storage. An admin can restore it from a backup, or it can be uploaded again.',
    )
  }
}
