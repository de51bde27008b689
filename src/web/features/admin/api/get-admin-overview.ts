import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { auditPageSchema } from '../../../../shared/audit'
import { adminOverviewSchema } from '../../../../shared/screens'
import { apiFetch } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

/** Under `['screens']`, so any change that invalidates the screens refreshes the counts too. */
export const adminOverviewQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.screens.adminOverview(),
    queryFn: () => apiFetch('/v1/screens/admin', { schema: adminOverviewSchema }),
  })

export const AUDIT_PAGE_SIZE = 25

/** `GET /v1/audit-events` in keyset pages, newest first: the overview's "Show more activity". */
export const auditEventsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.auditEvents.all,
    queryFn: ({ pageParam }) =>
      apiFetch(
        `/v1/audit-events?limit=${AUDIT_PAGE_SIZE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { schema: auditPageSchema },
      ),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })
