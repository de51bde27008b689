import { infiniteQueryOptions } from '@tanstack/react-query'
import { USER_PAGE_DEFAULT, userPageSchema } from '../../../../shared/users'
import { apiFetch } from '../../../lib/api-client'
import { queryKeys, type UserFilters } from '../../../lib/query-keys'

/** `GET /v1/users?q=&role=&cursor=&limit=`: one page of the admin's user list. */
export function getUsers({ q, role }: UserFilters, cursor: string | null, limit = USER_PAGE_DEFAULT) {
  const params = new URLSearchParams()
  if (q.trim()) params.set('q', q.trim())
  if (role) params.set('role', role)
  if (cursor) params.set('cursor', cursor)
  params.set('limit', String(limit))
  return apiFetch(`/v1/users?${params}`, { schema: userPageSchema })
}

export const usersQueryOptions = (filters: UserFilters) =>
  infiniteQueryOptions({
    queryKey: queryKeys.users.list(filters),
    queryFn: ({ pageParam }) => getUsers(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  })
