import type { Role } from '../../../../shared/roles'

export interface UserFilters {
  q: string
  role: Role | ''
}

/** Query keys of the users feature; a change to anyone invalidates `userKeys.all`. */
export const userKeys = {
  all: ['users'] as const,
  list: (filters: UserFilters) => ['users', 'list', filters] as const,
  adminScreen: () => ['screens', 'admin', 'users'] as const,
}
