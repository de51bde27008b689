import { sql } from 'drizzle-orm'
import { type ActScore, type SatScore, withActComposite, withSatCumulative } from '../../../shared/scores'
import type { CurrentUser } from '../../../shared/users'
import { twoFactorMissingSql } from '../../auth/staff-two-factor'
import type { DbOrTx } from '../../db/client'
import { selectRowsPrepared } from '../../db/raw'

/** The columns `toCurrentUser` reads. */
export type CurrentUserRow = Omit<UserRow, 'disabled_at'>

export interface UserRow {
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
  email_session_reminders: boolean
  email_messages: 'batched' | 'daily' | 'off'
  time_zone: string
  two_factor_enabled: boolean
  two_factor_required: boolean
  bio: string | null
  sat: Omit<SatScore, 'cumulative'>[] | null
  act: Omit<ActScore, 'cumulative'>[] | null
}

/** The current user's settings and an educator's bio, for a query over `users u`. */
export const currentUserSettingsSql = sql`u.email_on_shared_notes, u.email_task_reminders, u.email_session_reminders, u.email_messages, u.time_zone,
      u.two_factor_enabled, (select bio from educator_profiles where user_id = u.id) as bio`

/** A student's two score lists (oldest first), null for anyone else, for a query over `users u`. */
export const studentScoreListsSql = sql`case when not exists(select 1 from student_profiles where user_id = u.id) then null else coalesce((
        select json_agg(json_build_object('date', _s.date, 'english', _s.english, 'math', _s.math)
          order by _s.date, _s.created_at, _s.id)
        from sat_scores _s where _s.student_id = u.id), '[]') end as sat,
      case when not exists(select 1 from student_profiles where user_id = u.id) then null else coalesce((
        select json_agg(json_build_object('date', _a.date, 'english', _a.english, 'math', _a.math,
          'reading', _a.reading, 'science', _a.science) order by _a.date, _a.created_at, _a.id)
        from act_scores _a where _a.student_id = u.id), '[]') end as act`

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
    emailSessionReminders: row.email_session_reminders,
    emailMessages: row.email_messages,
    timeZone: row.time_zone,
    twoFactorEnabled: row.two_factor_enabled,
    twoFactorRequired: row.two_factor_required,
  }
}

export async function getCurrentUser(db: DbOrTx, userId: string): Promise<CurrentUser | undefined> {
  const row = await loadUserRow(db, userId)
  return row ? toCurrentUser(row) : undefined
}
