import { queryOptions } from '@tanstack/react-query'
import { adminStudentsScreenSchema } from '../../../../shared/screens'
import { apiFetch } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

/** `GET /v1/screens/admin/students`: Manage Students (under `queryKeys.screens.all`, like every screen). */
export const adminStudentsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.screens.adminStudents(),
    queryFn: () => apiFetch('/v1/screens/admin/students', { schema: adminStudentsScreenSchema }),
  })
