import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { type CalendarFeed, calendarFeedSchema, calendarLinkSchema } from '../../../../shared/calendar'
import { apiFetch } from '../../../lib/api-client'
import { noContentSchema } from '../../../lib/no-content'
import { queryKeys } from '../../../lib/query-keys'

/** `GET /v1/users/me/calendar`: whether the private feed is on, and whether its link can be shown again. */
export const calendarFeedQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.calendarFeed,
    queryFn: () => apiFetch('/v1/users/me/calendar', { schema: calendarFeedSchema }),
  })

/** Turns the feed on, makes a new link (the old one stops working), shows the link again, or turns it off. */
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
  /** `GET /v1/users/me/calendar/link`: the current link, into the feed's cache until the page is left. */
  const show = async () => {
    const { url } = await apiFetch('/v1/users/me/calendar/link', { schema: calendarLinkSchema })
    queryClient.setQueryData(queryKeys.calendarFeed, (feed: CalendarFeed | undefined) =>
      feed ? { ...feed, url } : feed,
    )
  }
  return { create, remove, show }
}
