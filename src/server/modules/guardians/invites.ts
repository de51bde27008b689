import { sql } from 'drizzle-orm'
import type { PendingGuardianInvite } from '../../../shared/guardians'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import type { UserInviteRow } from '../../db/schema'
import { notFound } from '../../problems'
import { deleteInvite, inviteLink, inviteStatus, renewInvite } from '../invites/invites'
import { studentAccess } from '../students/record'
import { requireRule } from '../students/record-rules'
import { isUuid } from '../students/sql'
import { requireFamilyManager } from './guardians'

/**
 * `GET /v1/students/{id}/guardian-invites`: the student's guardian invites nobody has used yet,
 * newest first, expired ones included (they can be resent). Family managers see them all; the
 * student sees the ones they sent themself (at onboarding), without the link, which is the
 * parent's to use.
 */
export async function listGuardianInvites(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  appOrigin: string,
): Promise<PendingGuardianInvite[]> {
  const access = await studentAccess(db, viewer, studentId)
  const isStudent = access.kind === 'self'
  if (!isStudent) requireRule(access, 'guardians.manage')
  const rows = await selectRows<{
    id: string
    email: string
    name: string | null
    relationship: string | null
    created_at: Date | string
    expires_at: Date | string
  }>(
    db,
    sql`select id, email, name, guardian_relationship as relationship, created_at, expires_at from user_invites
    where guardian_student_id = ${studentId} and used_at is null and email is not null
      ${isStudent ? sql`and created_by_id = ${viewer.id}` : sql``}
    order by created_at desc, id desc`,
  )
  return rows.map((row) => {
    const expiresAt = new Date(row.expires_at)
    return {
      uuid: row.id,
      email: row.email,
      name: row.name,
      relationship: row.relationship ?? '',
      createdAt: new Date(row.created_at).toISOString(),
      expiresAt: expiresAt.toISOString(),
      status: inviteStatus({ usedAt: null, expiresAt }) === 'available' ? 'available' : 'expired',
      ...(isStudent ? {} : { link: inviteLink(appOrigin, row.id) }),
    }
  })
}

/** Refuses an invite that is not an unused guardian invite of this student (404, as if absent). */
async function requireStudentsInvite(db: DbOrTx, viewer: Viewer, studentId: string, inviteId: string) {
  await requireFamilyManager(db, viewer, studentId)
  const missing = () => notFound('No such invite for this student.')
  if (!isUuid(inviteId)) throw missing()
  const [row] = await selectRows<{ id: string }>(
    db,
    sql`select id from user_invites
    where id = ${inviteId} and guardian_student_id = ${studentId} and used_at is null`,
  )
  if (!row) throw missing()
}

/**
 * `POST /v1/students/{id}/guardian-invites/{inviteId}/resend`: 14 more days from now (an expired
 * invite comes back), audited; the caller emails it again.
 */
export async function resendGuardianInvite(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  inviteId: string,
): Promise<UserInviteRow> {
  await requireStudentsInvite(db, viewer, studentId, inviteId)
  return renewInvite(db, inviteId, viewer.id)
}

/** `DELETE /v1/students/{id}/guardian-invites/{inviteId}`: the link stops working at once, audited. */
export async function cancelGuardianInvite(db: DbOrTx, viewer: Viewer, studentId: string, inviteId: string) {
  await requireStudentsInvite(db, viewer, studentId, inviteId)
  await deleteInvite(db, inviteId, viewer.id)
}
