import { queryOptions } from '@tanstack/react-query'
import { recordOverviewSchema } from '../../../../shared/record-overview'
import { apiFetch } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

export function getRecordOverview(uuid: string) {
  return apiFetch(`/v1/students/${encodeURIComponent(uuid)}/overview`, { schema: recordOverviewSchema })
}

export const recordOverviewQueryOptions = (uuid: string) =>
  queryOptions({ queryKey: queryKeys.students.overview(uuid), queryFn: () => getRecordOverview(uuid) })
