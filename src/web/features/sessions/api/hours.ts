import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  type HourAdjustmentInput,
  type HourPackageInput,
  hourPackageSchema,
  hoursSchema,
} from '../../../../shared/hours'
import { apiFetch } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

const studentPath = (studentUuid: string, rest: string) =>
  `/v1/students/${encodeURIComponent(studentUuid)}/${rest}`

/** The statement as CSV: a plain link, the browser downloads it. */
export const hoursCsvHref = (studentUuid: string) => `/api${studentPath(studentUuid, 'hours.csv')}`

/** `GET /v1/students/{id}/hours`: the balance, the packages and the ledger. */
export const hoursQueryOptions = (studentUuid: string) =>
  queryOptions({
    queryKey: queryKeys.students.hours(studentUuid),
    queryFn: ({ signal }) => apiFetch(studentPath(studentUuid, 'hours'), { schema: hoursSchema, signal }),
  })

/** A package or an adjustment refetches the hours and the dashboards (a guardian's hours left). */
function useHoursMutation<T, R>(studentUuid: string, mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.students.hours(studentUuid) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.screens.all }),
      ]),
  })
}

/** `POST /v1/students/{id}/packages` (admins). */
export const useAddPackage = (studentUuid: string) =>
  useHoursMutation(studentUuid, (body: HourPackageInput) =>
    apiFetch(studentPath(studentUuid, 'packages'), { method: 'POST', body, schema: hourPackageSchema }),
  )

/** `POST /v1/students/{id}/hours/adjustments` (admins). */
export const useAdjustHours = (studentUuid: string) =>
  useHoursMutation(studentUuid, (body: HourAdjustmentInput) =>
    apiFetch(studentPath(studentUuid, 'hours/adjustments'), {
      method: 'POST',
      body,
      schema: hoursSchema,
    }),
  )
