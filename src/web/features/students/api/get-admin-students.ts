import { infiniteQueryOptions } from '@tanstack/react-query'
import { adminStudentPageSchema, STUDENT_PAGE_DEFAULT } from '../../../../shared/screens'
import { apiFetch } from '../../../lib/api-client'
import { type AdminStudentFilters, queryKeys } from '../../../lib/query-keys'

/**
 * `GET /v1/screens/admin/students?tab=&q=&cursor=&limit=`: one page of a Manage Students tab, with
 * both tabs' counts. Without those parameters the route answers every student at once, which
 * the page no longer asks for.
 */
export function getAdminStudents(
  { tab, q }: AdminStudentFilters,
  cursor: string | null,
  limit = STUDENT_PAGE_DEFAULT,
) {
  const params = new URLSearchParams({ tab })
  if (q.trim()) params.set('q', q.trim())
  if (cursor) params.set('cursor', cursor)
  params.set('limit', String(limit))
  return apiFetch(`/v1/screens/admin/students?${params}`, { schema: adminStudentPageSchema })
}

/** Manage Students a page at a time (under `queryKeys.screens.all`, like every screen). */
export const adminStudentsQueryOptions = (filters: AdminStudentFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.screens.adminStudents(filters),
    queryFn: ({ pageParam }) => getAdminStudents(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  })
