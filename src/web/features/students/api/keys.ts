/**
 * Query keys of the students feature. Every change to a record invalidates `studentKeys.all` and
 * the screens that embed a record (dashboard, user profile), so each view updates at once.
 */
export const studentKeys = {
  all: ['students'] as const,
  list: (archived: boolean) => ['students', 'list', { archived }] as const,
  detail: (uuid: string) => ['students', 'detail', uuid] as const,
  availableUsers: (uuid: string) => ['students', 'available-users', uuid] as const,
  notes: (uuid: string) => ['students', 'notes', uuid] as const,
}

export const screenKeys = {
  all: ['screens'] as const,
  myDashboard: () => ['screens', 'my-dashboard'] as const,
  userProfile: (uuid: string) => ['screens', 'user-profile', uuid] as const,
}
