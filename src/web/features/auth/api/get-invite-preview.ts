import { queryOptions } from '@tanstack/react-query'
import { invitePreviewSchema } from '../../../../shared/invites'
import { apiFetch, isApiError } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

/** The invite as /login shows it; unknown (404) and malformed (400) ids read as "not available". */
export const invitePreviewQueryOptions = (invite: string) =>
  queryOptions({
    queryKey: queryKeys.invitePreview(invite),
    queryFn: async () => {
      try {
        return await apiFetch(`/v1/user-invites/${encodeURIComponent(invite)}`, {
          schema: invitePreviewSchema,
        })
      } catch (error) {
        if (isApiError(error, 404) || isApiError(error, 400)) return null
        throw error
      }
    },
    staleTime: 0,
  })
