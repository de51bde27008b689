import type { DbOrTx } from '../client'
import { documents } from '../schema'

/** A document on a student's record, written straight to the table (demo seed and tests). */
export interface DocumentSeed {
  creatorId: string
  name: string
  url: string
  hidden?: boolean
  pinned?: boolean
  /** Also the updatedAt; the database's now() when not given. */
  createdAt?: Date
}

export async function insertDocument(db: DbOrTx, studentId: string, seed: DocumentSeed): Promise<string> {
  const [row] = await db
    .insert(documents)
    .values({
      studentId,
      creatorId: seed.creatorId,
      name: seed.name,
      url: seed.url,
      hidden: seed.hidden ?? false,
      pinned: seed.pinned ?? false,
      ...(seed.createdAt ? { createdAt: seed.createdAt, updatedAt: seed.createdAt } : {}),
    })
    .returning({ id: documents.id })
  return row!.id
}
