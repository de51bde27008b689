import { queryOptions } from '@tanstack/react-query'
import { studentListSchema } from '../../../../shared/students'
import { apiFetch } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

/** `GET /v1/students`: admins all (or the archived ones), staff their teams', a student themself. */
export function getStudents(archived: boolean) {
  return apiFetch(`/v1/students${archived ? '?archived=true' : ''}`, { schema: studentListSchema })
}

export const studentsQueryOptions = (archived: boolean) =>
  queryOptions({ queryKey: queryKeys.students.list(archived), queryFn: () => getStudents(archived) })
