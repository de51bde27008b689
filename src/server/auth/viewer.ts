import { sql } from 'drizzle-orm'
import type { Role } from '../../shared/roles'
import type { DbOrTx } from '../db/client'
import { selectRows } from '../db/raw'
import { twoFactorMissingSql } from './staff-two-factor'

/** Who is calling: the user, their roles, and the session the request came with. */
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

/** A user's profiles as flags, as the session query and `loadViewer` read them. */
export interface ProfileFlags {
  is_admin: boolean
  is_educator: boolean
  is_fao: boolean
  is_student: boolean
  is_guardian: boolean
}

/** The roles a user's profiles give. */
export function rolesOf(row: ProfileFlags): Set<Role> {
  const roles = new Set<Role>()
  if (row.is_admin) roles.add('admin')
  if (row.is_educator) roles.add('educator')
  if (row.is_fao) roles.add('fao')
  if (row.is_student) roles.add('student')
  if (row.is_guardian) roles.add('guardian')
  return roles
}

/** Who is calling: the user and the roles their profiles give, or undefined when disabled or gone. */
export async function loadViewer(db: DbOrTx, userId: string): Promise<Viewer | undefined> {
  const [row] = await selectRows<
    ProfileFlags & {
      id: string
      name: string
      email: string
      onboarding_required: boolean
      disabled_at: string | null
      two_factor_required: boolean
    }
  >(
    db,
    sql`
    select u.id, u.name, u.email, u.onboarding_required, u.disabled_at,
      exists(select 1 from student_profiles where user_id = u.id) as is_student,
      exists(select 1 from admin_profiles where user_id = u.id) as is_admin,
      exists(select 1 from fao_profiles where user_id = u.id) as is_fao,
      exists(select 1 from guardian_profiles where user_id = u.id) as is_guardian,
      exists(select 1 from educator_profiles where user_id = u.id) as is_educator,
      ${twoFactorMissingSql} as two_factor_required
    from users u where u.id = ${userId}`,
  )
  if (!row || row.disabled_at) return undefined
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    onboardingRequired: row.onboarding_required,
    roles: rolesOf(row),
    twoFactorRequired: row.two_factor_required,
  }
}
