import { queryOptions } from '@tanstack/react-query'
import {
  type CollegeInput,
  type CollegePatch,
  collegeEntrySchema,
  collegeListSchema,
} from '../../../shared/colleges'
import { apiFetch } from '../../lib/api-client'
import { noContentSchema } from '../../lib/no-content'
import { queryKeys } from '../../lib/query-keys'
import { planPath, usePlanMutation } from '../../lib/use-plan-mutation'

/** `GET /v1/students/{id}/colleges`: by deadline (none last), then name. */
export const collegesQueryOptions = (studentUuid: string) =>
  queryOptions({
    queryKey: queryKeys.students.colleges(studentUuid),
    queryFn: ({ signal }) =>
      apiFetch(planPath(studentUuid, 'colleges'), { schema: collegeListSchema, signal }),
  })

export const useSaveCollege = (studentUuid: string) =>
  usePlanMutation(
    queryKeys.students.colleges(studentUuid),
    ({ entryUuid, body }: { entryUuid?: string | undefined; body: CollegeInput | CollegePatch }) =>
      entryUuid
        ? apiFetch(planPath(studentUuid, 'colleges', entryUuid), {
            method: 'PATCH',
            body,
            schema: collegeEntrySchema,
          })
        : apiFetch(planPath(studentUuid, 'colleges'), {
            method: 'POST',
            body,
            schema: collegeEntrySchema,
          }),
  )

export const useDeleteCollege = (studentUuid: string) =>
  usePlanMutation(queryKeys.students.colleges(studentUuid), (entryUuid: string) =>
    apiFetch(planPath(studentUuid, 'colleges', entryUuid), { method: 'DELETE', schema: noContentSchema }),
  )
