import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query'
import { adminUserSchema, type UpdateUserBody } from '../../../../shared/users'
import { apiFetch } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

/** `PATCH /v1/users/{id}`: grant or revoke profiles, disable or re-enable the account (admins). */
export const updateUser = (uuid: string, body: UpdateUserBody) =>
  apiFetch(`/v1/users/${encodeURIComponent(uuid)}`, { method: 'PATCH', body, schema: adminUserSchema })

/**
 * A role or account change ripples: the user list, teams (revoking educator or FAO empties theirs),
 * the sidebar (the current user's own roles and an educator's student list), records, screens and
 * the activity log. Only what is on screen refetches now; the rest refetches when shown.
 */
export const refreshAfterAccountChange = (queryClient: QueryClient) =>
  Promise.all(
    [
      queryKeys.currentUser,
      queryKeys.users.all,
      queryKeys.students.all,
      queryKeys.educatorStudents.all,
      queryKeys.screens.all,
      queryKeys.auditEvents.all,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  )

export function useUpdateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ uuid, body }: { uuid: string; body: UpdateUserBody }) => updateUser(uuid, body),
    onSettled: () => refreshAfterAccountChange(queryClient),
  })
}
