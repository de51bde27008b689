import { useMutation, useQueryClient } from '@tanstack/react-query'
import { currentUserSchema, type UpdateMeBody } from '../../../../shared/users'
import { apiFetch } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

/** `PATCH /v1/users/me`: the caller's own name and (educators) bio; answers the current user. */
export function updateMe(body: UpdateMeBody) {
  return apiFetch('/v1/users/me', { method: 'PATCH', body, schema: currentUserSchema })
}

/** Screens and lists that print names (dashboards, profiles, teams, user lists, activity) refetch after a change. */
export function useUpdateMe() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateMe,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.screens.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.students.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.auditEvents.all }),
      ]),
  })
}
