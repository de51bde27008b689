import { type SQL, sql } from 'drizzle-orm'
import { GRANTABLE_ROLES, ROLES, type Role } from '../../../shared/roles'
import { withActComposite, withSatCumulative } from '../../../shared/scores'
import {
  type AdminUser,
  DELETED_USER_ID,
  type UpdateUserBody,
  USER_PAGE_DEFAULT,
  type UserListQuery,
} from '../../../shared/users'
import type { DbOrTx } from '../../db/client'
import { selectRows, selectRowsPrepared } from '../../db/raw'
import { keptUntilWrite } from '../../db/write-epoch'
import { forbidden, HttpProblem, notFound } from '../../problems'
import { decodeCursor, encodeCursor, invalidCursor } from '../admin/cursor'
import { recordAudit } from '../audit/audit'
import { recordVersionsSql } from '../students/record'
import {
  actScoresJson,
  holdsProfileSql,
  isoSql,
  isUuid,
  type RawAct,
  type RawSat,
  rolesArraySql,
  satScoresJson,
} from '../students/sql'
import type { Viewer } from './current-user'

const PROFILE_TABLES: Record<Role, string> = {
  admin: 'admin_profiles',
  educator: 'educator_profiles',
  fao: 'fao_profiles',
  student: 'student_profiles',
  guardian: 'guardian_profiles',
}

/** `%` and `_` in a search are literal characters, not patterns. */
export const likePattern = (text: string) => `%${text.replaceAll(/[\\%_]/g, (char) => `\\${char}`)}%`

/**
 * A row of the admin's user list: everything an `AdminUser` shows but a student's score lists,
 * which `RecordCache.adminUserBodies` keeps under `student_version`.
 */
export interface AdminUserListRow {
  id: string
  name: string
  email: string
  onboarding_required: boolean
  disabled: boolean
  archived: boolean
  created_at: string
  is_student: boolean
  is_educator: boolean
  is_admin: boolean
  is_fao: boolean
  is_guardian: boolean
  bio: string | null
  /**
   * For a student, the versions of their score lists (`recordVersionsSql`: every score change, and
   * a rename of whoever added one, moves it); empty for anyone else.
   */
  student_version: string
  sort_name: string
}

const adminUserListColumns = sql`u.id, u.name, u.email, u.onboarding_required,
  u.disabled_at is not null as disabled,
  coalesce((select archived_at is not null from student_profiles where user_id = u.id), false) as archived,
  ${isoSql(sql`u.created_at`)} as created_at,
  ${holdsProfileSql('student_profiles', sql`u.id`)} as is_student,
  ${holdsProfileSql('educator_profiles', sql`u.id`)} as is_educator,
  ${holdsProfileSql('admin_profiles', sql`u.id`)} as is_admin,
  ${holdsProfileSql('fao_profiles', sql`u.id`)} as is_fao,
  ${holdsProfileSql('guardian_profiles', sql`u.id`)} as is_guardian,
  (select bio from educator_profiles where user_id = u.id) as bio,
  coalesce((select ${recordVersionsSql(sql`_sp.user_id`)} from student_profiles _sp where _sp.user_id = u.id), '')
    as student_version,
  lower(u.name) as sort_name`

/** A student's two score lists (oldest first, each entry with its details) as the admin's list shows them. */
export interface AdminScoreLists {
  sat: RawSat[]
  act: RawAct[]
  /** The versions they were read at (`recordVersionsSql`: the record's, and `people` for who added each). */
  versions: string
}

/** Several students' score lists, each with the versions they were read at, in one statement. */
export async function adminScoreLists(
  db: DbOrTx,
  studentIds: readonly string[],
): Promise<Map<string, AdminScoreLists>> {
  if (studentIds.length === 0) return new Map()
  const rows = await selectRows<AdminScoreLists & { id: string }>(
    db,
    sql`select sp.user_id as id, ${satScoresJson(sql`sp.user_id`)} as sat, ${actScoresJson(sql`sp.user_id`)} as act,
      ${recordVersionsSql(sql`sp.user_id`)} as versions
    from student_profiles sp where sp.user_id in ${studentIds}`,
  )
  return new Map(rows.map(({ id, ...lists }) => [id, lists]))
}

/** An `AdminUser` from a list row and, for a student, their two score lists. */
export function adminUserFromRow(
  row: Omit<AdminUserListRow, 'student_version' | 'sort_name'>,
  scores: Pick<AdminScoreLists, 'sat' | 'act'> | undefined,
): AdminUser {
  return {
    name: row.name,
    uuid: row.id,
    profileStudent: row.is_student
      ? {
          satScoresHistorical: (scores?.sat ?? []).map(withSatCumulative),
          actScoresHistorical: (scores?.act ?? []).map(withActComposite),
        }
      : null,
    profileEducator: row.is_educator ? { bio: row.bio ?? '' } : null,
    profileAdmin: row.is_admin ? {} : null,
    profileFao: row.is_fao ? {} : null,
    profileGuardian: row.is_guardian ? {} : null,
    email: row.email,
    onboardingRequired: row.onboarding_required,
    disabled: row.disabled,
    archived: row.archived,
    createdAt: row.created_at,
  }
}

/**
 * The admin list's rows on the embedded database, kept until its next write: they follow from the
 * data alone (db/write-epoch.ts). A search typed letter by letter, or paged back and forth, then
 * runs no query until something changes.
 */
const adminListMemo = keptUntilWrite<AdminUserListRow[]>({ maxBytes: 8 * 1024 * 1024 })

/** How many list reads the memo answered (tests). */
export const adminListMemoHits = () => adminListMemo.hits

/**
 * The admin's user list: by name (case-insensitive), then uuid, so pages never overlap or skip
 * a row when names repeat. Searches name and email; filters by profile held. Reads each user's
 * row without a student's score lists: the route adds those from the record cache
 * (`RecordCache.adminUserBodies`), where 25 students' lists cost more than the search itself.
 */
export async function listUserRows(
  db: DbOrTx,
  query: Omit<UserListQuery, 'limit'> & { limit?: number },
): Promise<{ rows: AdminUserListRow[]; nextCursor: string | null }> {
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
  // One named statement per shape of the query (search, role, cursor): its text follows from these.
  const name = `admin-user-list:${query.q ? 'q' : ''}:${query.role ?? ''}:${after ? 'after' : ''}`
  const rows = await adminListMemo.read(db, JSON.stringify([name, query.q, after, limit]), () =>
    selectRowsPrepared<AdminUserListRow>(
      db,
      name,
      sql`select ${adminUserListColumns} from users u where ${sql.join(conditions, sql` and `)}
    order by lower(u.name), u.id limit ${limit + 1}`,
    ),
  )
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    rows: page,
    nextCursor: rows.length > limit && last ? encodeCursor([last.sort_name, last.id]) : null,
  }
}

/** One user as the admin's list shows them (read inside a write's transaction, never kept). */
export async function getAdminUser(db: DbOrTx, id: string): Promise<AdminUser | undefined> {
  if (!isUuid(id) || id === DELETED_USER_ID) return undefined
  const [row] = await selectRows<AdminUserListRow>(
    db,
    sql`select ${adminUserListColumns} from users u where u.id = ${id}`,
  )
  if (!row) return undefined
  const lists = row.is_student ? (await adminScoreLists(db, [id])).get(id) : undefined
  return adminUserFromRow(row, lists)
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
