import { queryOptions } from '@tanstack/react-query'
import { adminStudentsScreenSchema } from '../../../../shared/admin'
import { apiFetch } from '../../../lib/api-client'
import { screenKeys } from './keys'

/** `GET /v1/screens/admin/students`: Manage Students (under `screenKeys.all`, like every screen). */
export const adminStudentsQueryOptions = () =>
  queryOptions({
    queryKey: [...screenKeys.all, 'admin', 'students'] as const,
    queryFn: () => apiFetch('/v1/screens/admin/students', { schema: adminStudentsScreenSchema }),
  })
