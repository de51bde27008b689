import { sql } from 'drizzle-orm'
import type { Role } from '../../../shared/roles'
import { type ActScore, type SatScore, withActComposite, withSatCumulative } from '../../../shared/scores'
import type { CurrentUser } from '../../../shared/users'
import type { DbOrTx } from '../../db/client'
import { selectRows, selectRowsPrepared } from '../../db/raw'
import { twoFactorMissingSql } from '../admin/settings'
import { studentVersionSql } from '../students/record'

/** The columns `toCurrentUser` reads. */
export type CurrentUserRow = Omit<UserRow, 'disabled_at'>

interface UserRow {
  id: string
  name: string
  email: string
  onboarding_required: boolean
  disabled_at: string | null
  is_student: boolean
  is_admin: boolean
  is_fao: boolean
  is_guardian: boolean
  email_on_shared_notes: boolean
  email_task_reminders: boolean
  time_zone: string
  two_factor_enabled: boolean
  two_factor_required: boolean
  bio: string | null
  sat: Omit<SatScore, 'cumulative'>[] | null
  act: Omit<ActScore, 'cumulative'>[] | null
}

/** The current user's settings and an educator's bio, for a query over `users u`. */
const currentUserSettingsSql = sql`u.email_on_shared_notes, u.email_task_reminders, u.time_zone,
      u.two_factor_enabled, (select bio from educator_profiles where user_id = u.id) as bio`

/** A student's two score lists (oldest first), null for anyone else, for a query over `users u`. */
const studentScoreListsSql = sql`case when not exists(select 1 from student_profiles where user_id = u.id) then null else coalesce((
        select json_agg(json_build_object('date', _s.date, 'english', _s.english, 'math', _s.math)
          order by _s.date, _s.created_at, _s.id)
        from sat_scores _s where _s.student_id = u.id), '[]') end as sat,
      case when not exists(select 1 from student_profiles where user_id = u.id) then null else coalesce((
        select json_agg(json_build_object('date', _a.date, 'english', _a.english, 'math', _a.math,
          'reading', _a.reading, 'science', _a.science) order by _a.date, _a.created_at, _a.id)
        from act_scores _a where _a.student_id = u.id), '[]') end as act`

/** The version of a user's own student record (record-cache.ts), which every score change bumps. */
const ownRecordVersionSql = sql`${studentVersionSql(sql`u.id`)}::text`

/**
 * What the session query also reads for `GET /api/v1/users/me` (`config.currentUser`): the
 * settings, and the version under which the cache keeps a student's scores
 * (`RecordCache.currentUserBody`). That read is then one round trip while the scores are unchanged.
 */
export const currentUserExtrasSql = sql`${currentUserSettingsSql}, ${ownRecordVersionSql} as own_record_version`

/** The session's row for `GET /api/v1/users/me`: everything but a student's scores. */
export type CurrentUserSessionRow = Omit<CurrentUserRow, 'sat' | 'act'> & { own_record_version: string }

/** A student's two score lists and the version of their record, read by one statement. */
export async function ownScoreLists(
  db: DbOrTx,
  userId: string,
): Promise<Pick<UserRow, 'sat' | 'act'> & { version: string }> {
  const [row] = await selectRowsPrepared<Pick<UserRow, 'sat' | 'act'> & { version: string }>(
    db,
    'current-user-scores',
    sql`select ${ownRecordVersionSql} as version, ${studentScoreListsSql} from users u where u.id = ${userId}`,
  )
  return row ?? { version: '0', sat: null, act: null }
}

/** One query: the user, their profiles and a student's two score lists. */
async function loadUserRow(db: DbOrTx, userId: string): Promise<UserRow | undefined> {
  const [row] = await selectRowsPrepared<UserRow>(
    db,
    'current-user',
    sql`
    select u.id, u.name, u.email, u.onboarding_required, u.disabled_at,
      exists(select 1 from student_profiles where user_id = u.id) as is_student,
      exists(select 1 from admin_profiles where user_id = u.id) as is_admin,
      exists(select 1 from fao_profiles where user_id = u.id) as is_fao,
      exists(select 1 from guardian_profiles where user_id = u.id) as is_guardian,
      ${twoFactorMissingSql} as two_factor_required,
      ${currentUserSettingsSql}, ${studentScoreListsSql}
    from users u where u.id = ${userId}`,
  )
  return row
}

/** The answer of `GET /api/v1/users/me` from the user's row (or the session's, which has the same columns). */
export function toCurrentUser(row: CurrentUserRow): CurrentUser {
  return {
    name: row.name,
    uuid: row.id,
    email: row.email,
    onboardingRequired: row.onboarding_required,
    profileStudent: row.is_student
      ? {
          satScoresHistorical: (row.sat ?? []).map(withSatCumulative),
          actScoresHistorical: (row.act ?? []).map(withActComposite),
        }
      : null,
    profileEducator: row.bio === null ? null : { bio: row.bio },
    profileAdmin: row.is_admin ? {} : null,
    profileFao: row.is_fao ? {} : null,
    profileGuardian: row.is_guardian ? {} : null,
    emailOnSharedNotes: row.email_on_shared_notes,
    emailTaskReminders: row.email_task_reminders,
    timeZone: row.time_zone,
    twoFactorEnabled: row.two_factor_enabled,
    twoFactorRequired: row.two_factor_required,
  }
}

export async function getCurrentUser(db: DbOrTx, userId: string): Promise<CurrentUser | undefined> {
  const row = await loadUserRow(db, userId)
  return row ? toCurrentUser(row) : undefined
}

export interface Viewer {
  id: string
  name: string
  email: string
  onboardingRequired: boolean
  roles: ReadonlySet<Role>
  /** The session this request came with (absent for the command line and tests' direct calls). */
  sessionId?: string
  /** Staff whom admins require to use two-factor, without it yet: they may only set it up. */
  twoFactorRequired?: boolean
}

/** Who is calling: the user and the roles their profiles give, or undefined when disabled or gone. */
export async function loadViewer(db: DbOrTx, userId: string): Promise<Viewer | undefined> {
  const [row] = await selectRows<
    Omit<
      UserRow,
      'sat' | 'act' | 'email_on_shared_notes' | 'email_task_reminders' | 'time_zone' | 'two_factor_enabled'
    >
  >(
    db,
    sql`
    select u.id, u.name, u.email, u.onboarding_required, u.disabled_at,
      exists(select 1 from student_profiles where user_id = u.id) as is_student,
      exists(select 1 from admin_profiles where user_id = u.id) as is_admin,
      exists(select 1 from fao_profiles where user_id = u.id) as is_fao,
      exists(select 1 from guardian_profiles where user_id = u.id) as is_guardian,
      (select bio from educator_profiles where user_id = u.id) as bio,
      ${twoFactorMissingSql} as two_factor_required
    from users u where u.id = ${userId}`,
  )
  if (!row || row.disabled_at) return undefined
  const roles = new Set<Role>()
  if (row.is_admin) roles.add('admin')
  if (row.bio !== null) roles.add('educator')
  if (row.is_fao) roles.add('fao')
  if (row.is_student) roles.add('student')
  if (row.is_guardian) roles.add('guardian')
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    onboardingRequired: row.onboarding_required,
    roles,
    twoFactorRequired: row.two_factor_required,
  }
}
