import type { QueryClient } from '@tanstack/react-query'
import { queryKeys } from '../../../lib/query-keys'

/** After any invite change: the invite lists, and the admin overview's open-invite count and activity. */
export const invalidateInvites = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.invites.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.screens.admin }),
    queryClient.invalidateQueries({ queryKey: queryKeys.auditEvents.all }),
  ])
