import { type SQL, sql } from 'drizzle-orm'
import type { Role } from '../../../shared/roles'
import { withActComposite, withSatCumulative } from '../../../shared/scores'
import { type AdminUser, DELETED_USER_ID, USER_PAGE_DEFAULT, type UserListQuery } from '../../../shared/users'
import type { DbOrTx } from '../../db/client'
import { selectRows, selectRowsPrepared } from '../../db/raw'
import { decodeCursor, encodeCursor, invalidCursor } from '../admin/cursor'
import {
  actScoresJson,
  holdsProfileSql,
  isoSql,
  isUuid,
  type RawAct,
  type RawSat,
  satScoresJson,
} from '../students/sql'

export const PROFILE_TABLES: Record<Role, string> = {
  admin: 'admin_profiles',
  educator: 'educator_profiles',
  fao: 'fao_profiles',
  student: 'student_profiles',
  guardian: 'guardian_profiles',
}

/** `%` and `_` in a search are literal characters, not patterns. */
export const likePattern = (text: string) => `%${text.replaceAll(/[\\%_]/g, (char) => `\\${char}`)}%`

type GuardianOf = NonNullable<AdminUser['guardianOf']>[number]

/** A row of the admin's user list: everything an `AdminUser` shows but a student's score lists. */
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
  /** A guardian's students (null for anyone without guardian links). */
  guardian_of: GuardianOf[] | null
  sort_name: string
  /** The extra column, when the list was asked for one (`listUserRows`). */
  extra?: string
}

/** More columns a read may carry, over a user's or student's id (`name` names its statement). */
export interface ExtraColumn {
  name: string
  sql: (id: SQL) => SQL
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
  (select json_agg(json_build_object('uuid', s.id, 'name', s.name, 'relationship', gl.relationship)
    order by lower(s.name), s.id)
    from guardian_links gl join users s on s.id = gl.student_id where gl.guardian_id = u.id) as guardian_of,
  lower(u.name) as sort_name`

/** A student's two score lists (oldest first, each entry with its details) as the admin's list shows them. */
export interface AdminScoreLists {
  sat: RawSat[]
  act: RawAct[]
  /** The extra column, when the read asked for one. */
  extra?: string
}

/** Several students' score lists (and with `extra`, that column over each), in one statement. */
export async function adminScoreLists(
  db: DbOrTx,
  studentIds: readonly string[],
  extra?: ExtraColumn,
): Promise<Map<string, AdminScoreLists>> {
  if (studentIds.length === 0) return new Map()
  // One named statement per number of students (a page holds at most 100).
  const rows = await selectRowsPrepared<AdminScoreLists & { id: string }>(
    db,
    `admin-score-lists:${studentIds.length}${extra ? `:${extra.name}` : ''}`,
    sql`select sp.user_id as id, ${satScoresJson(sql`sp.user_id`)} as sat, ${actScoresJson(sql`sp.user_id`)} as act
      ${extra ? sql`, ${extra.sql(sql`sp.user_id`)} as extra` : sql``}
    from student_profiles sp where sp.user_id in ${studentIds}`,
  )
  return new Map(rows.map(({ id, ...lists }) => [id, lists]))
}

/** An `AdminUser` from a list row and, for a student, their two score lists. */
export function adminUserFromRow(
  row: Omit<AdminUserListRow, 'sort_name' | 'extra'>,
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
    ...(row.is_guardian ? { guardianOf: row.guardian_of ?? [] } : {}),
  }
}

/**
 * The admin's user list: by name (case-insensitive), then uuid, so pages never overlap or skip
 * a row when names repeat. Searches name and email; filters by profile held. Reads each user's
 * row without a student's score lists (`adminScoreLists` reads those), where 25 students' lists
 * cost more than the search itself. `extra` adds a column over each user's id; `read` may answer
 * the statement (its `key` names the query and its values) instead of running it.
 */
export async function listUserRows(
  db: DbOrTx,
  query: Omit<UserListQuery, 'limit'> & { limit?: number },
  options: {
    extra?: ExtraColumn
    read?: (key: string, load: () => Promise<AdminUserListRow[]>) => Promise<AdminUserListRow[]>
  } = {},
): Promise<{ rows: AdminUserListRow[]; nextCursor: string | null }> {
  const { extra, read = (_key, load) => load() } = options
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
  const name = `admin-user-list:${query.q ? 'q' : ''}:${query.role ?? ''}:${after ? 'after' : ''}${extra ? `:${extra.name}` : ''}`
  const rows = await read(JSON.stringify([name, query.q, after, limit]), () =>
    selectRowsPrepared<AdminUserListRow>(
      db,
      name,
      sql`select ${adminUserListColumns} ${extra ? sql`, ${extra.sql(sql`u.id`)} as extra` : sql``}
    from users u where ${sql.join(conditions, sql` and `)}
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
