import { sql } from 'drizzle-orm'
import type { Guardian, GuardianInviteBody } from '../../../shared/guardians'
import type { DbOrTx, Tx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { type UserInviteRow, userInvites } from '../../db/schema'
import { conflict, fieldError, notFound } from '../../problems'
import { recordAudit } from '../audit/audit'
import { auditedInvite, inviteExpiry } from '../invites/invites'
import { studentAccess } from '../students/record'
import { refuseOverCap } from '../students/record-caps'
import { requireRule } from '../students/record-rules'
import { isUuid } from '../students/sql'
import type { Viewer } from '../users/current-user'

/** Inviting and removing guardians: admins and educators on the student's team. */
async function requireFamilyManager(db: DbOrTx, viewer: Viewer, studentId: string) {
  const access = await studentAccess(db, viewer, studentId)
  requireRule(access, 'guardians.manage')
}

/**
 * Links a guardian to a student in the caller's transaction: grants the guardian profile when the
 * person has none yet, and records the link in the audit log. A second link to the same student
 * is a 409.
 */
export async function linkGuardian(
  tx: Tx,
  link: { guardianId: string; studentId: string; relationship: string; actorId: string | null },
): Promise<void> {
  await tx.execute(
    sql`insert into guardian_profiles (user_id) values (${link.guardianId}) on conflict do nothing`,
  )
  const added = await selectRows<{ guardian_id: string }>(
    tx,
    sql`insert into guardian_links (guardian_id, student_id, relationship, created_by_id)
    values (${link.guardianId}, ${link.studentId}, ${link.relationship}, ${link.actorId})
    on conflict do nothing returning guardian_id`,
  )
  if (added.length === 0) {
    throw conflict('already-guardian', 'This person is already a guardian of this student.')
  }
  await recordAudit(tx, {
    actorId: link.actorId,
    action: 'guardian.linked',
    subjectType: 'user',
    subjectId: link.guardianId,
    studentId: link.studentId,
    after: { guardianId: link.guardianId, relationship: link.relationship },
  })
}

export type GuardianInviteOutcome =
  | { kind: 'invited'; invite: UserInviteRow; studentName: string }
  | {
      kind: 'linked'
      guardian: Guardian & { email: string }
      studentName: string
      /** Whether to tell them by email (not when the account is disabled). */
      notify: boolean
    }

/**
 * `POST /v1/students/{id}/guardian-invites`. When an account with that email exists it is linked
 * at once; otherwise an invite bound to that email carries the student, and redeeming it creates
 * the account with the link. The caller sends the email after the transaction commits.
 */
export async function inviteGuardian(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  body: GuardianInviteBody,
): Promise<GuardianInviteOutcome> {
  await requireFamilyManager(db, viewer, studentId)
  return inviteOrLinkGuardian(db, viewer.id, studentId, body)
}

/** The invite-or-link itself, for a caller already allowed to do it (or the command line: no actor). */
export async function inviteOrLinkGuardian(
  db: DbOrTx,
  actorId: string | null,
  studentId: string,
  body: GuardianInviteBody,
): Promise<GuardianInviteOutcome> {
  return db.transaction(async (tx) => {
    const [student] = await selectRows<{ name: string }>(
      tx,
      sql`select u.name from users u where u.id = ${studentId}`,
    )
    await refuseOverCap(tx, studentId, 'guardians')
    const [existing] = await selectRows<{ id: string; name: string; email: string; disabled: boolean }>(
      tx,
      sql`select id, name, email, disabled_at is not null as disabled from users
      where lower(email) = ${body.email} for update`,
    )
    if (existing) {
      if (existing.id === studentId) throw fieldError('email', 'A student cannot be their own guardian.')
      await linkGuardian(tx, {
        guardianId: existing.id,
        studentId,
        relationship: body.relationship,
        actorId,
      })
      return {
        kind: 'linked',
        guardian: {
          name: existing.name,
          uuid: existing.id,
          relationship: body.relationship,
          email: existing.email,
        },
        studentName: student!.name,
        notify: !existing.disabled,
      }
    }
    const [invite] = await tx
      .insert(userInvites)
      .values({
        email: body.email,
        guardianStudentId: studentId,
        guardianRelationship: body.relationship,
        expiresAt: inviteExpiry(),
        createdById: actorId,
      })
      .returning()
    await recordAudit(tx, {
      actorId,
      action: 'invite.created',
      subjectType: 'invite',
      subjectId: invite!.id,
      studentId,
      after: { ...auditedInvite(invite!), relationship: body.relationship },
    })
    return { kind: 'invited', invite: invite!, studentName: student!.name }
  })
}

/** `DELETE /v1/students/{id}/guardians/{userId}`: ends that guardian's access to the student at once. */
export async function removeGuardian(db: DbOrTx, viewer: Viewer, studentId: string, guardianId: string) {
  await requireFamilyManager(db, viewer, studentId)
  if (!isUuid(guardianId)) throw notFound('That person is not a guardian of this student.')
  await db.transaction(async (tx) => {
    const removed = await selectRows<{ relationship: string }>(
      tx,
      sql`delete from guardian_links where student_id = ${studentId} and guardian_id = ${guardianId}
      returning relationship`,
    )
    if (removed.length === 0) throw notFound('That person is not a guardian of this student.')
    await recordAudit(tx, {
      actorId: viewer.id,
      action: 'guardian.unlinked',
      subjectType: 'user',
      subjectId: guardianId,
      studentId,
      before: { guardianId, relationship: removed[0]!.relationship },
    })
  })
}

/** The student's name, for invite emails about them (resend). */
export async function studentName(db: DbOrTx, studentId: string): Promise<string> {
  const [row] = await selectRows<{ name: string }>(db, sql`select name from users where id = ${studentId}`)
  return row?.name ?? 'a student'
}
