import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { availableUserSchema } from '../../../../shared/users'
import { apiFetch } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

/** `GET /v1/users?available-for=`: educators and FAOs not yet on the team (admins only). */
export const availableUsersQueryOptions = (studentUuid: string) =>
  queryOptions({
    queryKey: queryKeys.students.availableUsers(studentUuid),
    queryFn: () =>
      apiFetch(`/v1/users?available-for=${encodeURIComponent(studentUuid)}`, {
        schema: z.array(availableUserSchema),
      }),
    staleTime: 0,
  })
