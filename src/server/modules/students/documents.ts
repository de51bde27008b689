import { and, eq } from 'drizzle-orm'
import {
  type DocumentInput,
  type DocumentUpdate,
  documentFilePath,
  type StudentDocument,
} from '../../../shared/documents'
import { may } from '../../../shared/record-rules'
import type { Viewer } from '../../auth/viewer'
import type { Db, DbOrTx } from '../../db/client'
import { documents, users } from '../../db/schema'
import type { FileStore } from '../../files/store'
import { fieldError, forbidden, notFound } from '../../problems'
import { recordAudit } from '../audit/audit'
import { type AccessOnRecord, studentAccess } from './record'
import { refuseOverCap } from './record-caps'
import { requireRule } from './record-rules'
import { isUuid } from './sql'

export type DocumentRow = typeof documents.$inferSelect

/** A file document's metadata as answers show it; null for a link. */
export const fileOf = (row: Pick<DocumentRow, 'fileKey' | 'fileName' | 'fileType' | 'fileSize'>) =>
  row.fileKey ? { name: row.fileName!, type: row.fileType!, size: row.fileSize! } : null

function toDocument(row: DocumentRow, creatorName: string): StudentDocument {
  return {
    uuid: row.id,
    studentUUID: row.studentId,
    creator: { name: creatorName, uuid: row.creatorId },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    hidden: row.hidden,
    pinned: row.pinned,
    name: row.name,
    url: row.url ?? documentFilePath(row.studentId, row.id),
    file: fileOf(row),
  }
}

export async function requireDocumentWriter(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
): Promise<AccessOnRecord> {
  const access = await studentAccess(db, viewer, studentId)
  requireRule(access, 'documents.add')
  return access
}

/** The student and their guardians may not set hidden or pinned: 403 naming the field (docs/product.md#permissions). */
function refuseStudentFlags(
  changes: { hidden?: boolean; pinned?: boolean },
  current = { hidden: false, pinned: false },
) {
  for (const field of ['hidden', 'pinned'] as const) {
    const value = changes[field]
    if (value !== undefined && value !== current[field]) {
      throw forbidden(`${field}: only staff can mark a document ${field}.`, `${field}-forbidden`)
    }
  }
}

/** What the audit log keeps of a document: enough to tell what changed, never the viewer's view. */
const audited = (row: DocumentRow) => ({
  name: row.name,
  url: row.url,
  ...(row.fileKey ? { file: fileOf(row)! } : {}),
  hidden: row.hidden,
  pinned: row.pinned,
})

/** What a new document holds: a link's `url`, or an uploaded file's metadata. */
type NewDocument = { name: string; hidden?: boolean | undefined; pinned?: boolean | undefined } & (
  | { url: string }
  | Pick<DocumentRow, 'fileKey' | 'fileName' | 'fileType' | 'fileSize'>
)

/**
 * Writes a new document and its audit event in `tx`, on the writer's rules (FAO refused, the family
 * never hidden or pinned) and under the cap.
 */
export async function writeNewDocument(
  tx: DbOrTx,
  viewer: Viewer,
  studentId: string,
  { hidden, pinned, ...content }: NewDocument,
): Promise<StudentDocument> {
  const access = await requireDocumentWriter(tx, viewer, studentId)
  if (!may(access, 'documents.setHiddenOrPinned')) refuseStudentFlags({ hidden, pinned })
  await refuseOverCap(tx, studentId, 'documents')
  const [row] = await tx
    .insert(documents)
    .values({ studentId, creatorId: viewer.id, ...content, hidden: hidden ?? false, pinned: pinned ?? false })
    .returning()
  await recordAudit(tx, {
    actorId: viewer.id,
    action: 'document.created',
    subjectType: 'document',
    subjectId: row!.id,
    studentId,
    after: audited(row!),
  })
  return toDocument(row!, viewer.name)
}

export function addDocument(
  db: Db,
  viewer: Viewer,
  studentId: string,
  input: DocumentInput,
): Promise<StudentDocument> {
  const { name, url, hidden, pinned } = input
  return db.transaction((tx) => writeNewDocument(tx, viewer, studentId, { name, url, hidden, pinned }))
}

/**
 * The document as this writer may change it. The student and their guardians reach only their own
 * visible documents: a hidden one is invisible to them (404), someone else's is refused (403).
 */
async function documentToChange(db: DbOrTx, viewer: Viewer, studentId: string, documentId: string) {
  const access = await studentAccess(db, viewer, studentId)
  requireRule(access, 'documents.change')
  if (!isUuid(documentId)) throw notFound('No such document.')
  const [found] = await db
    .select({ document: documents, creatorName: users.name })
    .from(documents)
    .innerJoin(users, eq(users.id, documents.creatorId))
    .where(and(eq(documents.id, documentId), eq(documents.studentId, studentId)))
  if (!found || (found.document.hidden && !may(access, 'documents.readHidden'))) {
    throw notFound('No such document.')
  }
  requireRule(access, 'documents.change', found.document.creatorId === viewer.id)
  return { access, ...found }
}

export async function updateDocument(
  db: Db,
  viewer: Viewer,
  studentId: string,
  documentId: string,
  update: DocumentUpdate,
): Promise<StudentDocument> {
  return db.transaction(async (tx) => {
    const { access, document, creatorName } = await documentToChange(tx, viewer, studentId, documentId)
    if (update.creatorUUID !== document.creatorId) {
      throw fieldError('creatorUUID', "Must be the document's creator; the creator never changes.")
    }
    if (!may(access, 'documents.setHiddenOrPinned')) refuseStudentFlags(update, document)
    const isLink = document.url !== null
    // A link stays a link; a file's url is its download path, sent back as read.
    if (isLink && update.url.startsWith('/'))
      throw fieldError('url', 'Use a full link starting with https://')
    if (!isLink && update.url !== documentFilePath(studentId, documentId)) {
      throw fieldError('url', 'A file stays a file: upload a new document to replace it.')
    }
    const [row] = await tx
      .update(documents)
      .set({
        name: update.name,
        url: isLink ? update.url : null,
        hidden: update.hidden ?? document.hidden,
        pinned: update.pinned ?? document.pinned,
        updatedAt: new Date(),
      })
      .where(and(eq(documents.id, documentId), eq(documents.studentId, studentId)))
      .returning()
    if (!row) throw notFound('No such document.')
    await recordAudit(tx, {
      actorId: viewer.id,
      action: 'document.updated',
      subjectType: 'document',
      subjectId: row.id,
      studentId,
      before: audited(document),
      after: audited(row),
    })
    return toDocument(row, creatorName)
  })
}

/**
 * Deletes the document and, once the deletion is committed, its file. A file the store then fails
 * to remove is reported to `onOrphan` (the route logs it): the record no longer points at it.
 */
export async function deleteDocument(
  db: Db,
  files: FileStore,
  viewer: Viewer,
  studentId: string,
  documentId: string,
  onOrphan: (key: string, error: unknown) => void,
): Promise<void> {
  const fileKey = await db.transaction(async (tx) => {
    const { document } = await documentToChange(tx, viewer, studentId, documentId)
    const deleted = await tx
      .delete(documents)
      .where(and(eq(documents.id, documentId), eq(documents.studentId, studentId)))
      .returning({ id: documents.id })
    if (deleted.length === 0) throw notFound('No such document.')
    await recordAudit(tx, {
      actorId: viewer.id,
      action: 'document.deleted',
      subjectType: 'document',
      subjectId: documentId,
      studentId,
      before: audited(document),
    })
    return document.fileKey
  })
  if (fileKey) await files.remove(fileKey).catch((error: unknown) => onOrphan(fileKey, error))
}
