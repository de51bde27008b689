export const ROLES = ['admin', 'educator', 'fao', 'student'] as const
export type Role = (typeof ROLES)[number]

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  educator: 'Educator',
  fao: 'FAO',
  student: 'Student',
}

/** Order of role labels on people (docs/product.md#roles-and-labels). */
const USER_ROLE_ORDER: Role[] = ['admin', 'educator', 'fao', 'student']
/** Order of role labels on invites (docs/product.md#roles-and-labels). */
const INVITE_ROLE_ORDER: Role[] = ['admin', 'fao', 'educator', 'student']

interface HasProfiles {
  profileAdmin?: object | null
  profileEducator?: object | null
  profileFao?: object | null
  profileStudent?: object | null
}

export function rolesOf(user: HasProfiles): Role[] {
  const held: Record<Role, boolean> = {
    admin: user.profileAdmin != null,
    educator: user.profileEducator != null,
    fao: user.profileFao != null,
    student: user.profileStudent != null,
  }
  return USER_ROLE_ORDER.filter((role) => held[role])
}

export function userRoleLabels(user: HasProfiles): string[] {
  return rolesOf(user).map((role) => ROLE_LABELS[role])
}

export function inviteRoleLabels(invite: Record<Role, boolean>): string[] {
  return INVITE_ROLE_ORDER.filter((role) => invite[role]).map((role) => ROLE_LABELS[role])
}
