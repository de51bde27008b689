import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { endedSessionsSchema, userSessionListSchema } from '../../../../shared/sessions'
import { apiFetch } from '../../../lib/api-client'
import { noContentSchema } from '../../../lib/no-content'
import { queryKeys } from '../../../lib/query-keys'

/** `GET /v1/users/me/sessions`: the caller's signed-in browsers and devices. */
export const mySessionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.mySessions,
    queryFn: () => apiFetch('/v1/users/me/sessions', { schema: userSessionListSchema }),
  })

/** Ends one other session (`uuid`), or every other one (no `uuid`); the list refetches either way. */
export function useEndSessions() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (uuid?: string) =>
      uuid
        ? apiFetch(`/v1/users/me/sessions/${encodeURIComponent(uuid)}`, {
            method: 'DELETE',
            schema: noContentSchema,
          })
        : apiFetch('/v1/users/me/sessions', { method: 'DELETE', schema: endedSessionsSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.mySessions }),
  })
}
