import { queryOptions } from '@tanstack/react-query'
import { adminOverviewSchema } from '../../../../shared/screens'
import { apiFetch } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

/** Under `['screens']`, so any change that invalidates the screens refreshes the counts too. */
export const adminOverviewQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.screens.adminOverview(),
    queryFn: () => apiFetch('/v1/screens/admin', { schema: adminOverviewSchema }),
  })
