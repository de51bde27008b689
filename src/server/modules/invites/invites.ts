import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import {
  type CreateInviteBody,
  INVITE_LIFETIME_DAYS,
  type Invite,
  type InvitePreview,
} from '../../../shared/invites'
import { ROLES } from '../../../shared/roles'
import type { DbOrTx } from '../../db/client'
import { type UserInviteRow, userInvites } from '../../db/schema'
import { notFound } from '../../problems'

export const inviteLink = (appOrigin: string, inviteId: string) => `${appOrigin}/login?invite=${inviteId}`

export function inviteExpiry(from: Date = new Date()): Date {
  return new Date(from.getTime() + INVITE_LIFETIME_DAYS * 24 * 3_600_000)
}

export type InviteStatus = 'available' | 'used' | 'expired'

export function inviteStatus(
  row: Pick<UserInviteRow, 'usedAt' | 'expiresAt'>,
  now = new Date(),
): InviteStatus {
  if (row.usedAt) return 'used'
  return row.expiresAt > now ? 'available' : 'expired'
}

export function toInvite(row: UserInviteRow): Invite & { status: InviteStatus } {
  return {
    status: inviteStatus(row),
    uuid: row.id,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    student: row.student,
    educator: row.educator,
    fao: row.fao,
    admin: row.admin,
    email: row.email,
    userUUID: row.userId,
    usedAt: row.usedAt?.toISOString() ?? null,
  }
}

/** Available = not used and not expired (DESIGN.md section 4 "Invites"). */
export const isAvailable = (row: Pick<UserInviteRow, 'usedAt' | 'expiresAt'>, now = new Date()) =>
  inviteStatus(row, now) === 'available'

export const availableCondition = () => and(isNull(userInvites.usedAt), gt(userInvites.expiresAt, sql`now()`))

export async function createInvite(
  db: DbOrTx,
  body: CreateInviteBody,
  createdById: string | null,
): Promise<UserInviteRow> {
  const [row] = await db
    .insert(userInvites)
    .values({
      student: body.student,
      educator: body.educator,
      fao: body.fao,
      admin: body.admin,
      email: body.email ?? null,
      usedAt: body.usedAt ? new Date(body.usedAt) : null,
      expiresAt: inviteExpiry(),
      createdById,
    })
    .returning()
  return row!
}

export async function listAvailableInvites(db: DbOrTx): Promise<UserInviteRow[]> {
  return db
    .select()
    .from(userInvites)
    .where(availableCondition())
    .orderBy(desc(userInvites.createdAt), desc(userInvites.id))
}

export async function listAllInvites(db: DbOrTx): Promise<UserInviteRow[]> {
  return db.select().from(userInvites).orderBy(desc(userInvites.createdAt), desc(userInvites.id))
}

export async function deleteInvite(db: DbOrTx, id: string): Promise<void> {
  const deleted = await db.delete(userInvites).where(eq(userInvites.id, id)).returning({ id: userInvites.id })
  if (deleted.length === 0) throw notFound('No such invite.')
}

export async function previewInvite(db: DbOrTx, id: string): Promise<InvitePreview> {
  const [row] = await db.select().from(userInvites).where(eq(userInvites.id, id))
  if (!row) throw notFound('No such invite.')
  const available = isAvailable(row)
  return {
    // An address is shown only while the invite can still be used.
    email: available ? row.email : null,
    roles: ROLES.filter((role) => row[role]),
    available,
  }
}
