import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { type StudentProfilePatchInput, studentProfileSchema } from '../../../../shared/student-profile'
import { apiFetch } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

const profilePath = (uuid: string) => `/v1/students/${encodeURIComponent(uuid)}/profile`

/** `GET /v1/students/{id}/profile`: class year, school, planned test dates. */
export const studentProfileQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: queryKeys.students.profile(uuid),
    queryFn: () => apiFetch(profilePath(uuid), { schema: studentProfileSchema }),
  })

/** `PATCH /v1/students/{id}/profile`; the record's history shows the change. */
export function useUpdateStudentProfile(uuid: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: StudentProfilePatchInput) =>
      apiFetch(profilePath(uuid), { method: 'PATCH', body, schema: studentProfileSchema }),
    onSuccess: (profile) => {
      queryClient.setQueryData(queryKeys.students.profile(uuid), profile)
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.students.detail(uuid) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.auditEvents.all }),
      ])
    },
  })
}
