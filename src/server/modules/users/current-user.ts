import { sql } from 'drizzle-orm'
import type { Role } from '../../../shared/roles'
import { type ActScore, type SatScore, withActComposite, withSatCumulative } from '../../../shared/scores'
import type { CurrentUser } from '../../../shared/users'
import type { DbOrTx } from '../../db/client'
import { selectRows, selectRowsPrepared } from '../../db/raw'
import { twoFactorMissingSql } from '../admin/settings'

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

/** One query: the user, their four profiles and a student's two score lists (oldest first). */
async function loadUserRow(db: DbOrTx, userId: string): Promise<UserRow | undefined> {
  const [row] = await selectRowsPrepared<UserRow>(
    db,
    'current-user',
    sql`
    select u.id, u.name, u.email, u.onboarding_required, u.disabled_at, u.email_on_shared_notes,
      u.email_task_reminders, u.time_zone, u.two_factor_enabled,
      ${twoFactorMissingSql} as two_factor_required,
      sp.user_id is not null as is_student, ap.user_id is not null as is_admin,
      fp.user_id is not null as is_fao, gp.user_id is not null as is_guardian, ep.bio,
      case when sp.user_id is null then null else coalesce((
        select json_agg(json_build_object('date', s.date, 'english', s.english, 'math', s.math)
          order by s.date, s.created_at, s.id)
        from sat_scores s where s.student_id = u.id), '[]') end as sat,
      case when sp.user_id is null then null else coalesce((
        select json_agg(json_build_object('date', a.date, 'english', a.english, 'math', a.math,
          'reading', a.reading, 'science', a.science) order by a.date, a.created_at, a.id)
        from act_scores a where a.student_id = u.id), '[]') end as act
    from users u
    left join student_profiles sp on sp.user_id = u.id
    left join educator_profiles ep on ep.user_id = u.id
    left join admin_profiles ap on ap.user_id = u.id
    left join fao_profiles fp on fp.user_id = u.id
    left join guardian_profiles gp on gp.user_id = u.id
    where u.id = ${userId}`,
  )
  return row
}

function toCurrentUser(row: UserRow): CurrentUser {
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
