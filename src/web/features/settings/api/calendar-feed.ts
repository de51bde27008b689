import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { calendarFeedSchema } from '../../../../shared/calendar'
import { apiFetch } from '../../../lib/api-client'
import { noContentSchema } from '../../../lib/no-content'
import { queryKeys } from '../../../lib/query-keys'

/** `GET /v1/users/me/calendar`: whether the private feed is on (its link is shown only when made). */
export const calendarFeedQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.calendarFeed,
    queryFn: () => apiFetch('/v1/users/me/calendar', { schema: calendarFeedSchema }),
  })

/** Turns the feed on, or makes a new link (the old one stops working); answers the link once. */
export function useCalendarFeed() {
  const queryClient = useQueryClient()
  const create = useMutation({
    mutationFn: () =>
      apiFetch('/v1/users/me/calendar', { method: 'POST', body: {}, schema: calendarFeedSchema }),
    onSuccess: (feed) => queryClient.setQueryData(queryKeys.calendarFeed, feed),
  })
  const remove = useMutation({
    mutationFn: () => apiFetch('/v1/users/me/calendar', { method: 'DELETE', schema: noContentSchema }),
    onSuccess: () => queryClient.setQueryData(queryKeys.calendarFeed, { enabled: false, createdAt: null }),
  })
  return { create, remove }
}
