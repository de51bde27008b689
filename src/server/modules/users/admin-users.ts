import { type SQL, sql } from 'drizzle-orm'
import { GRANTABLE_ROLES, ROLES, type Role } from '../../../shared/roles'
import {
  type AdminUser,
  DELETED_USER_ID,
  type UpdateUserBody,
  USER_PAGE_DEFAULT,
  type UserListQuery,
  type UserPage,
} from '../../../shared/users'
import type { DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { forbidden, HttpProblem, notFound } from '../../problems'
import { decodeCursor, encodeCursor, invalidCursor } from '../admin/cursor'
import { recordAudit } from '../audit/audit'
import { isoSql, isUuid, profilesJson, type RawProfiles, rolesArraySql, toUserSummary } from '../students/sql'
import type { Viewer } from './current-user'

const PROFILE_TABLES: Record<Role, string> = {
  admin: 'admin_profiles',
  educator: 'educator_profiles',
  fao: 'fao_profiles',
  student: 'student_profiles',
  guardian: 'guardian_profiles',
}

interface AdminUserRow {
  id: string
  name: string
  email: string
  onboarding_required: boolean
  disabled: boolean
  archived: boolean
  created_at: string
  sort_name: string
  profiles: RawProfiles
}

const adminUserColumns = sql`u.id, u.name, u.email, u.onboarding_required,
  u.disabled_at is not null as disabled,
  exists(select 1 from student_profiles where user_id = u.id and archived_at is not null) as archived,
  ${isoSql(sql`u.created_at`)} as created_at, lower(u.name) as sort_name,
  ${profilesJson(sql`u.id`)} as profiles`

function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    ...toUserSummary({ name: row.name, uuid: row.id, profiles: row.profiles }),
    email: row.email,
    onboardingRequired: row.onboarding_required,
    disabled: row.disabled,
    archived: row.archived,
    createdAt: row.created_at,
  }
}

/** `%` and `_` in a search are literal characters, not patterns. */
export const likePattern = (text: string) => `%${text.replaceAll(/[\\%_]/g, (char) => `\\${char}`)}%`

/**
 * The admin's user list: by name (case-insensitive), then uuid, so pages never overlap or skip
 * a row when names repeat. Searches name and email; filters by profile held.
 */
export async function listUsers(
  db: DbOrTx,
  query: Omit<UserListQuery, 'limit'> & { limit?: number },
): Promise<UserPage> {
  const limit = query.limit ?? USER_PAGE_DEFAULT
  // The row standing for deleted people is nobody an admin manages.
  const conditions: SQL[] = [sql`u.id <> ${DELETED_USER_ID}`]
  if (query.q) {
    const pattern = likePattern(query.q)
    conditions.push(sql`(u.name ilike ${pattern} or u.email ilike ${pattern})`)
  }
  if (query.role) {
    conditions.push(sql`exists(select 1 from ${sql.raw(PROFILE_TABLES[query.role])} where user_id = u.id)`)
  }
  const after = decodeCursor(query.cursor, 2)
  if (after) {
    if (!isUuid(after[1]!)) throw invalidCursor()
    conditions.push(sql`(lower(u.name), u.id) > (${after[0]}, ${after[1]}::uuid)`)
  }
  const rows = await selectRows<AdminUserRow>(
    db,
    sql`select ${adminUserColumns} from users u where ${sql.join(conditions, sql` and `)}
    order by lower(u.name), u.id limit ${limit + 1}`,
  )
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    users: page.map(toAdminUser),
    nextCursor: rows.length > limit && last ? encodeCursor([last.sort_name, last.id]) : null,
  }
}

export async function getAdminUser(db: DbOrTx, id: string): Promise<AdminUser | undefined> {
  if (!isUuid(id) || id === DELETED_USER_ID) return undefined
  const [row] = await selectRows<AdminUserRow>(
    db,
    sql`select ${adminUserColumns} from users u where u.id = ${id}`,
  )
  return row ? toAdminUser(row) : undefined
}

export const refused = (code: string, field: string, message: string) =>
  new HttpProblem(409, code, message, [{ path: field, message }])

export const lastAdminMessage =
  'This is the last admin with an enabled account. Make someone else an admin first.'

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
