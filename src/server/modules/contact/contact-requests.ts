import { desc, eq } from 'drizzle-orm'
import type { ContactBody, Inquiry } from '../../../shared/contact'
import type { Db, DbOrTx } from '../../db/client'
import { contactRequests, users } from '../../db/schema'
import { notFound } from '../../problems'
import { recordAudit } from '../audit/audit'

/** Stored before any email is tried: a failed delivery loses nothing (ADR 015). */
export async function storeContactRequest(db: DbOrTx, body: ContactBody) {
  const [row] = await db
    .insert(contactRequests)
    .values({
      name: body.name,
      email: body.email,
      phone: body.phone ?? null,
      service: body.service,
      message: body.message,
    })
    .returning()
  return row!
}

const inquiryColumns = {
  id: contactRequests.id,
  name: contactRequests.name,
  email: contactRequests.email,
  phone: contactRequests.phone,
  service: contactRequests.service,
  message: contactRequests.message,
  createdAt: contactRequests.createdAt,
  handledAt: contactRequests.handledAt,
  handledById: contactRequests.handledById,
  handledByName: users.name,
}

type InquiryRow = {
  [K in keyof typeof inquiryColumns]: (typeof inquiryColumns)[K]['_']['data'] | null
}

function toInquiry(row: InquiryRow): Inquiry {
  return {
    id: row.id!,
    name: row.name!,
    email: row.email!,
    phone: row.phone,
    service: row.service!,
    message: row.message!,
    createdAt: row.createdAt!.toISOString(),
    handledAt: row.handledAt?.toISOString() ?? null,
    handledBy: row.handledById ? { id: row.handledById, name: row.handledByName ?? '' } : null,
  }
}

export const INQUIRY_LIST_LIMIT = 500

/** Newest first (ADR 015); the most recent 500 are plenty for a coaching company's inbox. */
export async function listInquiries(db: Db): Promise<Inquiry[]> {
  const rows = await db
    .select(inquiryColumns)
    .from(contactRequests)
    .leftJoin(users, eq(users.id, contactRequests.handledById))
    .orderBy(desc(contactRequests.createdAt), desc(contactRequests.id))
    .limit(INQUIRY_LIST_LIMIT)
  return rows.map(toInquiry)
}

/** Marks an inquiry handled (or open again), recorded in the audit log in the same transaction. */
export async function setInquiryHandled(
  db: Db,
  id: string,
  handled: boolean,
  actorId: string,
): Promise<Inquiry> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ handledAt: contactRequests.handledAt })
      .from(contactRequests)
      .where(eq(contactRequests.id, id))
      .for('update')
    if (!before) throw notFound('No such inquiry.')
    if (Boolean(before.handledAt) === handled) return
    await tx
      .update(contactRequests)
      .set(handled ? { handledAt: new Date(), handledById: actorId } : { handledAt: null, handledById: null })
      .where(eq(contactRequests.id, id))
    await recordAudit(tx, {
      actorId,
      action: handled ? 'inquiry.handled' : 'inquiry.reopened',
      subjectType: 'contact_request',
      subjectId: id,
      before: { handled: !handled },
      after: { handled },
    })
  })
  const [row] = await db
    .select(inquiryColumns)
    .from(contactRequests)
    .leftJoin(users, eq(users.id, contactRequests.handledById))
    .where(eq(contactRequests.id, id))
  return toInquiry(row!)
}
