import { and, eq } from 'drizzle-orm'
import type { DocumentInput, DocumentUpdate, StudentDocument } from '../../../shared/documents'
import type { DbOrTx } from '../../db/client'
import { documents, users } from '../../db/schema'
import { fieldError, forbidden, notFound } from '../../problems'
import type { Viewer } from '../users/current-user'
import { isFamily, type StudentAccess, studentAccess } from './record'
import { isUuid } from './sql'

type DocumentRow = typeof documents.$inferSelect

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
    url: row.url,
  }
}

async function requireDocumentWriter(db: DbOrTx, viewer: Viewer, studentId: string): Promise<StudentAccess> {
  const access = await studentAccess(db, viewer, studentId)
  if (access === 'reader')
    throw forbidden('Financial-aid officers can read this record but not change documents.')
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

export async function addDocument(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  input: DocumentInput,
): Promise<StudentDocument> {
  const access = await requireDocumentWriter(db, viewer, studentId)
  if (isFamily(access)) refuseStudentFlags(input)
  const [row] = await db
    .insert(documents)
    .values({
      studentId,
      creatorId: viewer.id,
      name: input.name,
      url: input.url,
      hidden: input.hidden ?? false,
      pinned: input.pinned ?? false,
    })
    .returning()
  return toDocument(row!, viewer.name)
}

/**
 * The document as this writer may change it. The student and their guardians reach only their own
 * visible documents: a hidden one is invisible to them (404), someone else's is refused (403).
 */
async function documentToChange(db: DbOrTx, viewer: Viewer, studentId: string, documentId: string) {
  const access = await requireDocumentWriter(db, viewer, studentId)
  if (!isUuid(documentId)) throw notFound('No such document.')
  const [found] = await db
    .select({ document: documents, creatorName: users.name })
    .from(documents)
    .innerJoin(users, eq(users.id, documents.creatorId))
    .where(and(eq(documents.id, documentId), eq(documents.studentId, studentId)))
  if (!found || (isFamily(access) && found.document.hidden)) throw notFound('No such document.')
  if (isFamily(access) && found.document.creatorId !== viewer.id) {
    throw forbidden('You can change only the documents you added.')
  }
  return { access, ...found }
}

export async function updateDocument(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  documentId: string,
  update: DocumentUpdate,
): Promise<StudentDocument> {
  const { access, document, creatorName } = await documentToChange(db, viewer, studentId, documentId)
  if (update.creatorUUID !== document.creatorId) {
    throw fieldError('creatorUUID', "Must be the document's creator; the creator never changes.")
  }
  if (isFamily(access)) refuseStudentFlags(update, document)
  const [row] = await db
    .update(documents)
    .set({
      name: update.name,
      url: update.url,
      hidden: update.hidden ?? document.hidden,
      pinned: update.pinned ?? document.pinned,
      updatedAt: new Date(),
    })
    .where(and(eq(documents.id, documentId), eq(documents.studentId, studentId)))
    .returning()
  if (!row) throw notFound('No such document.')
  return toDocument(row, creatorName)
}

export async function deleteDocument(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  documentId: string,
): Promise<void> {
  await documentToChange(db, viewer, studentId, documentId)
  const deleted = await db
    .delete(documents)
    .where(and(eq(documents.id, documentId), eq(documents.studentId, studentId)))
    .returning({ id: documents.id })
  if (deleted.length === 0) throw notFound('No such document.')
}
