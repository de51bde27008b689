import type { QueryClient } from '@tanstack/react-query'

/** Query keys of the invites feature; every invite change invalidates `inviteKeys.all`. */
export const inviteKeys = {
  all: ['user-invites'] as const,
  list: () => ['user-invites', 'list'] as const,
}

/** After any invite change: the invite lists, and the admin overview's open-invite count and activity. */
export const invalidateInvites = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: inviteKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['screens', 'admin'] }),
    queryClient.invalidateQueries({ queryKey: ['audit-events'] }),
  ])
