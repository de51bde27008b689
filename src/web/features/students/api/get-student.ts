import { queryOptions } from '@tanstack/react-query'
import { studentSchema } from '../../../../shared/students'
import { apiFetch } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

export function getStudent(uuid: string) {
  return apiFetch(`/v1/students/${encodeURIComponent(uuid)}`, { schema: studentSchema })
}

export const studentQueryOptions = (uuid: string) =>
  queryOptions({ queryKey: queryKeys.students.detail(uuid), queryFn: () => getStudent(uuid) })
