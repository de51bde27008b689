import { sql } from 'drizzle-orm'
import { GRANTABLE_ROLES, ROLES, type Role } from '../../../shared/roles'
import { type AdminUser, DELETED_USER_ID, type UpdateUserBody } from '../../../shared/users'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { forbidden, HttpProblem, notFound } from '../../problems'
import { recordAudit } from '../audit/audit'
import { isUuid, rolesArraySql } from '../students/sql'
import { getAdminUser, PROFILE_TABLES } from './admin-user-list'

export const refused = (code: string, field: string, message: string) =>
  new HttpProblem(409, code, message, [{ path: field, message }])

export const lastAdminMessage =
  'This is the last admin with an enabled account. Make someone else an admin first.'

export const guardianNotStudentMessage =
  "A parent or guardian on a student's record cannot also be a student. Give them a record with another account and email, or remove their family links first."

/**
 * Locks every admin profile with its user, in one order, and checks that the actor is still an
 * enabled admin (one demoted or disabled a moment ago acts no more). Two admins demoting,
 * disabling or deleting each other at once cannot leave the product without an enabled admin.
 */
export async function lockAdmins(tx: DbOrTx, actorId: string, refusal: string) {
  const lockedAdmins = await selectRows<{ user_id: string; enabled: boolean }>(
    tx,
    // Both rows: a disable changes `users`, a revoke deletes `admin_profiles`. Locking only the
    // profile would let a waiting transaction keep its stale view of who is disabled.
    sql`select ap.user_id, u.disabled_at is null as enabled from admin_profiles ap
    join users u on u.id = ap.user_id order by ap.user_id for update of ap, u`,
  )
  if (!lockedAdmins.some((admin) => admin.enabled && admin.user_id === actorId)) throw forbidden(refusal)
  return {
    /** Whether an enabled admin other than `userId` stays. */
    otherEnabledAdmin: (userId: string) =>
      lockedAdmins.some((admin) => admin.enabled && admin.user_id !== userId),
    isAdmin: (userId: string) => lockedAdmins.some((admin) => admin.user_id === userId),
  }
}

/**
 * `PATCH /v1/users/{id}`: grants and revokes profiles and disables or re-enables the account, in
 * one transaction with its audit events. Admin profiles are locked first, so two admins demoting
 * each other at once cannot leave the product without an enabled admin.
 */
export async function updateUser(
  db: DbOrTx,
  actor: Viewer,
  id: string,
  body: UpdateUserBody,
): Promise<AdminUser> {
  if (!isUuid(id) || id === DELETED_USER_ID) throw notFound('No such user.')
  return db.transaction(async (tx) => {
    const admins = await lockAdmins(tx, actor.id, 'Only admins can change roles and accounts.')
    const [target] = await selectRows<{ name: string; disabled: boolean; roles: Role[] }>(
      tx,
      sql`select u.name, u.disabled_at is not null as disabled, ${rolesArraySql(sql`u.id`)} as roles
      from users u where u.id = ${id} for update of u`,
    )
    if (!target) throw notFound('No such user.')
    const self = id === actor.id
    const held = new Set(target.roles)
    const granted = GRANTABLE_ROLES.filter((role) => body[role] === true && !held.has(role))
    const revoked = GRANTABLE_ROLES.filter((role) => body[role] === false && held.has(role))

    if (revoked.includes('student')) {
      throw refused(
        'student-profile-kept',
        'student',
        'A student profile is never removed: archive the student instead, which keeps their record.',
      )
    }
    // A student is nobody's guardian (docs/product.md#guardians): the link rules refuse a student as a
    // guardian, and this refuses the other way round. The row lock above waits for a link in progress.
    if (granted.includes('student')) {
      const [linked] = await selectRows<{ id: string }>(
        tx,
        sql`select student_id as id from guardian_links where guardian_id = ${id} limit 1`,
      )
      if (linked) throw refused('guardian-not-student', 'student', guardianNotStudentMessage)
    }
    if (self && revoked.includes('admin')) {
      throw refused('own-admin-profile', 'admin', 'You cannot remove your own admin role. Ask another admin.')
    }
    if (self && body.disabled === true) {
      throw refused('own-account', 'disabled', 'You cannot disable your own account.')
    }
    const losesAdmin =
      held.has('admin') && (revoked.includes('admin') || (body.disabled === true && !target.disabled))
    if (losesAdmin && !admins.otherEnabledAdmin(id)) {
      throw refused('last-admin', revoked.includes('admin') ? 'admin' : 'disabled', lastAdminMessage)
    }

    for (const role of granted) {
      await tx.execute(
        sql`insert into ${sql.raw(PROFILE_TABLES[role])} (user_id) values (${id}) on conflict do nothing`,
      )
    }
    for (const role of revoked) {
      await tx.execute(sql`delete from ${sql.raw(PROFILE_TABLES[role])} where user_id = ${id}`)
    }
    // A team holds only educators and FAOs (docs/product.md#teams): someone left with neither leaves every team.
    const changed = (list: readonly Role[], role: Role) => list.includes(role)
    const holdsAfter = (role: Role) => (held.has(role) || changed(granted, role)) && !changed(revoked, role)
    const staffAfter = holdsAfter('educator') || holdsAfter('fao')
    let teamsLeft: string[] = []
    if (!staffAfter && revoked.some((role) => role === 'educator' || role === 'fao')) {
      const removed = await selectRows<{ student_id: string }>(
        tx,
        sql`delete from team_members where member_id = ${id} returning student_id`,
      )
      teamsLeft = removed.map((row) => row.student_id)
    }
    if (granted.length > 0 || revoked.length > 0) {
      const after = ROLES.filter(holdsAfter)
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'user.roles-changed',
        subjectType: 'user',
        subjectId: id,
        before: { roles: target.roles },
        after: { roles: after, ...(teamsLeft.length > 0 ? { removedFromTeams: teamsLeft } : {}) },
      })
    }

    if (body.disabled !== undefined && body.disabled !== target.disabled) {
      await tx.execute(
        body.disabled
          ? sql`update users set disabled_at = now(), updated_at = now() where id = ${id}`
          : sql`update users set disabled_at = null, updated_at = now() where id = ${id}`,
      )
      // Ends every session at once: the session lookup also refuses a disabled user (ADR 012).
      if (body.disabled) await tx.execute(sql`delete from sessions where user_id = ${id}`)
      await recordAudit(tx, {
        actorId: actor.id,
        action: body.disabled ? 'user.disabled' : 'user.enabled',
        subjectType: 'user',
        subjectId: id,
        before: { disabled: target.disabled },
        after: { disabled: body.disabled },
      })
    }
    return (await getAdminUser(tx, id))!
  })
}
