import { useMutation, useQueryClient } from '@tanstack/react-query'
import { adminUserSchema, type UpdateUserBody } from '../../../../shared/admin'
import { apiFetch } from '../../../lib/api-client'

/** `PATCH /v1/users/{id}`: grant or revoke profiles, disable or re-enable the account (admins). */
export const updateUser = (uuid: string, body: UpdateUserBody) =>
  apiFetch(`/v1/users/${encodeURIComponent(uuid)}`, { method: 'PATCH', body, schema: adminUserSchema })

export function useUpdateUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ uuid, body }: { uuid: string; body: UpdateUserBody }) => updateUser(uuid, body),
    // A role change ripples: the user list, teams (revoking educator or FAO empties theirs),
    // navigation and screens. Everything goes stale; only what is on screen refetches now.
    onSettled: () => queryClient.invalidateQueries(),
  })
}
