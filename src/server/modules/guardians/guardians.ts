import { sql } from 'drizzle-orm'
import type { Guardian, GuardianInviteBody } from '../../../shared/guardians'
import { DELETED_USER_ID } from '../../../shared/users'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx, Tx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { type UserInviteRow, userInvites } from '../../db/schema'
import { conflict, fieldError, HttpProblem, notFound } from '../../problems'
import { recordAudit } from '../audit/audit'
import { auditedInvite, inviteExpiry } from '../invites/invites'
import { studentAccess } from '../students/record'
import { refuseOverCap } from '../students/record-caps'
import { requireRule } from '../students/record-rules'
import { isUuid } from '../students/sql'

/** Inviting and removing guardians: admins and educators on the student's team. */
export async function requireFamilyManager(db: DbOrTx, viewer: Viewer, studentId: string) {
  const access = await studentAccess(db, viewer, studentId)
  requireRule(access, 'guardians.manage')
}

/**
 * Refuses a person who may never be this student's guardian, naming the field `path`: the student
 * themself, any other student (a minor is nobody's guardian), and staff on the student's team
 * (docs/product.md#guardians).
 */
export async function requireEligibleGuardian(tx: Tx, personId: string, studentId: string, path: string) {
  if (personId === studentId) throw fieldError(path, 'A student cannot be their own guardian.')
  // Waits for a team change of this person in progress (team.ts holds `for share` on the row).
  await tx.execute(sql`select 1 from users where id = ${personId} for update`)
  const [person] = await selectRows<{ is_student: boolean; on_team: boolean }>(
    tx,
    sql`select exists(select 1 from student_profiles where user_id = ${personId}) as is_student,
      exists(select 1 from team_members where student_id = ${studentId} and member_id = ${personId}) as on_team`,
  )
  if (person?.is_student) throw guardianNotAllowed(path, 'A student account cannot be a guardian.')
  if (person?.on_team) {
    throw guardianNotAllowed(path, "Staff on this student's team cannot be their guardian.")
  }
}

const guardianNotAllowed = (path: string, message: string) =>
  new HttpProblem(409, 'guardian-not-allowed', `${path}: ${message}`, [{ path, message }])

/**
 * Links a guardian to a student in the caller's transaction, accepted: by an admin or the command
 * line, by redeeming an invite, or by the person accepting one (`guardian.accepted`, the person
 * as actor and `invitedById` the inviter). Grants the guardian profile when the person has none
 * yet and records the link in the audit log. A second link to the same student is a 409.
 */
export async function linkGuardian(
  tx: Tx,
  link: {
    guardianId: string
    studentId: string
    relationship: string
    actorId: string | null
    acceptedInvite?: { id: string; invitedById: string | null }
  },
): Promise<void> {
  await tx.execute(
    sql`insert into guardian_profiles (user_id) values (${link.guardianId}) on conflict do nothing`,
  )
  const createdById = link.acceptedInvite ? link.acceptedInvite.invitedById : link.actorId
  const added = await selectRows<{ guardian_id: string }>(
    tx,
    sql`insert into guardian_links (guardian_id, student_id, relationship, created_by_id, accepted_at)
    values (${link.guardianId}, ${link.studentId}, ${link.relationship}, ${createdById}, now())
    on conflict do nothing returning guardian_id`,
  )
  if (added.length === 0) {
    throw conflict('already-guardian', 'This person is already a guardian of this student.')
  }
  const accepted = link.acceptedInvite
  const event = {
    actorId: link.actorId,
    subjectType: 'user',
    subjectId: link.guardianId,
    studentId: link.studentId,
  } as const
  const linked = { guardianId: link.guardianId, relationship: link.relationship }
  await recordAudit(
    tx,
    accepted
      ? {
          ...event,
          action: 'guardian.accepted',
          after: { ...linked, inviteId: accepted.id, invitedById: accepted.invitedById },
        }
      : { ...event, action: 'guardian.linked', after: linked },
  )
}

export type GuardianInviteOutcome =
  | {
      kind: 'invited'
      invite: UserInviteRow
      studentName: string
      /**
       * Set when an account with the invite's email exists: it is mailed an invitation to accept
       * instead of one to create an account, or nothing when it is disabled. Never in an answer.
       */
      acceptBy?: { inviterName: string | null; disabled: boolean }
    }
  | {
      kind: 'linked'
      guardian: Guardian & { email: string }
      studentName: string
      /** Whether to tell them by email (not when the account is disabled). */
      notify: boolean
    }

/**
 * `POST /v1/students/{id}/guardian-invites`. Admins link an existing account at once; for an
 * educator every email gets an invite bound to it, answered alike whether or not an account has
 * that email: an existing account becomes a guardian only when its owner accepts the invite while
 * logged in (accept.ts). The caller sends the email after the transaction commits.
 */
export async function inviteGuardian(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  body: GuardianInviteBody,
): Promise<GuardianInviteOutcome> {
  await requireFamilyManager(db, viewer, studentId)
  if (viewer.roles.has('admin')) return inviteOrLinkGuardian(db, viewer.id, studentId, body)
  return db.transaction(async (tx) => {
    await refuseOverCap(tx, studentId, 'guardians')
    // Refused here only for people whose email the educator already sees: themself, the
    // student and the student's guardians. Anyone else is refused when they try to accept.
    if (body.email === viewer.email.toLowerCase()) {
      await requireEligibleGuardian(tx, viewer.id, studentId, 'email')
    }
    const [known] = await selectRows<{ id: string; is_guardian: boolean }>(
      tx,
      sql`select u.id, exists(select 1 from guardian_links gl where gl.student_id = ${studentId}
          and gl.guardian_id = u.id) as is_guardian
      from users u where lower(u.email) = ${body.email} and (u.id = ${studentId}
        or exists(select 1 from guardian_links gl where gl.student_id = ${studentId} and gl.guardian_id = u.id))`,
    )
    if (known?.is_guardian) {
      throw conflict('already-guardian', 'This person is already a guardian of this student.')
    }
    if (known) await requireEligibleGuardian(tx, known.id, studentId, 'email')
    const [existing] = await selectRows<{ disabled: boolean }>(
      tx,
      sql`select disabled_at is not null as disabled from users where lower(email) = ${body.email}`,
    )
    const invited = await createGuardianInvite(tx, viewer.id, studentId, body)
    if (!existing) return invited
    return { ...invited, acceptBy: { inviterName: viewer.name || null, disabled: existing.disabled } }
  })
}

/** The invite-or-link itself, for an admin already allowed to do it (or the command line: no actor). */
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
      await requireEligibleGuardian(tx, existing.id, studentId, 'email')
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
    return createGuardianInvite(tx, actorId, studentId, body)
  })
}

/** An invite bound to the email that carries the student and the relationship, audited. */
export async function createGuardianInvite(
  tx: Tx,
  actorId: string | null,
  studentId: string,
  body: GuardianInviteBody,
): Promise<GuardianInviteOutcome & { kind: 'invited' }> {
  const [student] = await selectRows<{ name: string }>(
    tx,
    sql`select u.name from users u where u.id = ${studentId}`,
  )
  const [invite] = await tx
    .insert(userInvites)
    .values({
      email: body.email,
      name: body.name ?? null,
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

/**
 * For resending a guardian invite: when an enabled account has its address, who invited them
 * (the mail then asks them to log in and accept); null otherwise.
 */
export async function acceptingAccount(
  db: DbOrTx,
  invite: Pick<UserInviteRow, 'email' | 'createdById'>,
): Promise<{ inviterName: string | null } | null> {
  if (!invite.email) return null
  const [row] = await selectRows<{ inviter_name: string | null }>(
    db,
    sql`select (select nullif(name, '') from users where id = ${invite.createdById}) as inviter_name
    from users where lower(email) = ${invite.email} and disabled_at is null`,
  )
  return row ? { inviterName: row.inviter_name } : null
}

/** Who sent an invite, by name: null for the command line, an unnamed or a deleted account. */
export async function inviterName(db: DbOrTx, createdById: string | null): Promise<string | null> {
  if (!createdById || createdById === DELETED_USER_ID) return null
  const [row] = await selectRows<{ name: string | null }>(
    db,
    sql`select nullif(name, '') as name from users where id = ${createdById}`,
  )
  return row?.name ?? null
}

/** The student's name, for invite emails about them (resend). */
export async function studentName(db: DbOrTx, studentId: string): Promise<string> {
  const [row] = await selectRows<{ name: string }>(db, sql`select name from users where id = ${studentId}`)
  return row?.name ?? 'a student'
}
