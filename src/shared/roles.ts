export const ROLES = ['admin', 'educator', 'fao', 'student', 'guardian'] as const
export type Role = (typeof ROLES)[number]
/**
 * The roles an admin grants and revokes, and a general invite carries. A guardian profile comes
 * with a link to a student instead: a guardian invite or a link made from the student's page.
 */
export const GRANTABLE_ROLES = ['admin', 'educator', 'fao', 'student'] as const
export type GrantableRole = (typeof GRANTABLE_ROLES)[number]

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  educator: 'Educator',
  fao: 'FAO',
  student: 'Student',
  guardian: 'Guardian',
}

/** Order of role labels on people (docs/product.md#roles-and-labels). */
const USER_ROLE_ORDER: Role[] = ['admin', 'educator', 'fao', 'student', 'guardian']
/** Order of role labels on invites (docs/product.md#roles-and-labels). */
const INVITE_ROLE_ORDER: Role[] = ['admin', 'fao', 'educator', 'student', 'guardian']

interface HasProfiles {
  profileAdmin?: object | null
  profileEducator?: object | null
  profileFao?: object | null
  profileStudent?: object | null
  profileGuardian?: object | null
}

export function rolesOf(user: HasProfiles): Role[] {
  const held: Record<Role, boolean> = {
    admin: user.profileAdmin != null,
    educator: user.profileEducator != null,
    fao: user.profileFao != null,
    student: user.profileStudent != null,
    guardian: user.profileGuardian != null,
  }
  return USER_ROLE_ORDER.filter((role) => held[role])
}

export function userRoleLabels(user: HasProfiles): string[] {
  return rolesOf(user).map((role) => ROLE_LABELS[role])
}

export function inviteRoleLabels(invite: Partial<Record<Role, boolean>>): string[] {
  return INVITE_ROLE_ORDER.filter((role) => invite[role]).map((role) => ROLE_LABELS[role])
}
