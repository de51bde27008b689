import { queryOptions } from '@tanstack/react-query'
import { myDashboardSchema } from '../../../../shared/screens'
import { apiFetch } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

export const myDashboardQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.screens.myDashboard(),
    queryFn: () => apiFetch('/v1/screens/my-dashboard', { schema: myDashboardSchema }),
  })
