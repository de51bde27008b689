import { infiniteQueryOptions } from '@tanstack/react-query'
import { auditPageSchema } from '../../../../shared/audit'
import { apiFetch } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

export const AUDIT_PAGE_SIZE = 25

/**
 * `GET /v1/audit-events` in keyset pages, newest first: the overview's "Show more activity", or
 * with a student one record's History.
 */
export const auditEventsQueryOptions = (studentId?: string) =>
  infiniteQueryOptions({
    queryKey: studentId ? queryKeys.auditEvents.student(studentId) : queryKeys.auditEvents.all,
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE) })
      if (studentId) query.set('studentId', studentId)
      if (pageParam) query.set('cursor', pageParam)
      return apiFetch(`/v1/audit-events?${query}`, { schema: auditPageSchema })
    },
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  })
