import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import {
  type AdminInvite,
  type CreateInviteBody,
  INVITE_LIFETIME_DAYS,
  type Invite,
  type InvitePreview,
} from '../../../shared/invites'
import { GRANTABLE_ROLES, type Role } from '../../../shared/roles'
import type { DbOrTx } from '../../db/client'
import { type UserInviteRow, userInvites, users } from '../../db/schema'
import { conflict, notFound } from '../../problems'
import { recordAudit } from '../audit/audit'
import { refuseOverCap } from '../students/record-caps'

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
    name: row.name,
    userUUID: row.userId,
    usedAt: row.usedAt?.toISOString() ?? null,
    guardian: row.guardianStudentId !== null,
  }
}

/** The roles an invite gives: its profile flags, and Guardian when it names a student. */
export const inviteRoles = (row: UserInviteRow): Role[] => [
  ...GRANTABLE_ROLES.filter((role) => row[role]),
  ...(row.guardianStudentId ? (['guardian'] as const) : []),
]

/** Available = not used and not expired (docs/product.md#invites-and-sign-up). */
export const isAvailable = (row: Pick<UserInviteRow, 'usedAt' | 'expiresAt'>, now = new Date()) =>
  inviteStatus(row, now) === 'available'

export const availableCondition = () => and(isNull(userInvites.usedAt), gt(userInvites.expiresAt, sql`now()`))

/** What the audit log keeps of an invite. */
export const auditedInvite = (row: UserInviteRow) => ({
  roles: inviteRoles(row),
  email: row.email,
  expiresAt: row.expiresAt.toISOString(),
})

/** Creates an invite; one an admin creates is recorded in the audit log in the same transaction. */
export async function createInvite(
  db: DbOrTx,
  body: CreateInviteBody,
  createdById: string | null,
): Promise<UserInviteRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(userInvites)
      .values({
        student: body.student,
        educator: body.educator,
        fao: body.fao,
        admin: body.admin,
        email: body.email ?? null,
        name: body.name ?? null,
        usedAt: body.usedAt ? new Date(body.usedAt) : null,
        expiresAt: inviteExpiry(),
        createdById,
      })
      .returning()
    if (createdById) {
      await recordAudit(tx, {
        actorId: createdById,
        action: 'invite.created',
        subjectType: 'invite',
        subjectId: row!.id,
        after: auditedInvite(row!),
      })
    }
    return row!
  })
}

export async function listAvailableInvites(db: DbOrTx): Promise<UserInviteRow[]> {
  return db
    .select()
    .from(userInvites)
    .where(availableCondition())
    .orderBy(desc(userInvites.createdAt), desc(userInvites.id))
}

/** Every invite, newest first, with who used it (the admin's invite panel). */
export async function listAllInvites(db: DbOrTx): Promise<AdminInvite[]> {
  const guardianStudent = alias(users, 'guardian_student')
  const rows = await db
    .select({ invite: userInvites, usedByName: users.name, studentName: guardianStudent.name })
    .from(userInvites)
    .leftJoin(users, eq(users.id, userInvites.userId))
    .leftJoin(guardianStudent, eq(guardianStudent.id, userInvites.guardianStudentId))
    .orderBy(desc(userInvites.createdAt), desc(userInvites.id))
  return rows.map(({ invite, usedByName, studentName }) => ({
    ...toInvite(invite),
    guardianOf:
      invite.guardianStudentId && studentName !== null
        ? {
            uuid: invite.guardianStudentId,
            name: studentName,
            relationship: invite.guardianRelationship ?? '',
          }
        : null,
    usedBy: invite.userId && usedByName !== null ? { uuid: invite.userId, name: usedByName } : null,
    bootstrap: invite.bootstrap,
  }))
}

export async function deleteInvite(db: DbOrTx, id: string, actorId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(userInvites).where(eq(userInvites.id, id)).returning()
    if (!deleted) throw notFound('No such invite.')
    await recordAudit(tx, {
      actorId,
      action: 'invite.deleted',
      subjectType: 'invite',
      subjectId: id,
      // A guardian invite's events are in its student's History, as its creation is.
      studentId: deleted.guardianStudentId,
      before: auditedInvite(deleted),
    })
  })
}

/**
 * `POST /v1/user-invites/{id}/resend`: a fresh expiry from now (an expired invite comes back to
 * life); a used invite cannot be resent. The caller emails it when it has an address.
 */
export async function renewInvite(db: DbOrTx, id: string, actorId: string): Promise<UserInviteRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(userInvites).where(eq(userInvites.id, id)).for('update')
    if (!row) throw notFound('No such invite.')
    if (row.usedAt) throw conflict('invite-used', 'This invite has been used; create a new one instead.')
    // The setup link ended when the first admin arrived; reviving it would reopen an open admin link.
    if (row.bootstrap) {
      throw conflict(
        'bootstrap-invite',
        'The first-admin setup link cannot be renewed; create a new invite instead.',
      )
    }
    // An expired guardian invite no longer counts against the family's cap; renewing it does again.
    if (row.guardianStudentId && row.expiresAt <= new Date()) {
      await refuseOverCap(tx, row.guardianStudentId, 'guardians')
    }
    const [renewed] = await tx
      .update(userInvites)
      .set({ expiresAt: inviteExpiry() })
      .where(eq(userInvites.id, id))
      .returning()
    await recordAudit(tx, {
      actorId,
      action: 'invite.resent',
      subjectType: 'invite',
      subjectId: id,
      studentId: row.guardianStudentId,
      before: auditedInvite(row),
      after: auditedInvite(renewed!),
    })
    return renewed!
  })
}

export async function previewInvite(db: DbOrTx, id: string): Promise<InvitePreview> {
  const [row] = await db.select().from(userInvites).where(eq(userInvites.id, id))
  if (!row) throw notFound('No such invite.')
  const available = isAvailable(row)
  return {
    // An address is shown only while the invite can still be used.
    email: available ? row.email : null,
    roles: inviteRoles(row),
    available,
  }
}
