import { queryOptions } from '@tanstack/react-query'
import { weekScreenSchema } from '../../../../shared/week'
import { apiFetch } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

/** The dashboards' week: one block per role the viewer holds (under `queryKeys.screens.all`). */
export const weekQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.screens.week(),
    queryFn: () => apiFetch('/v1/screens/week', { schema: weekScreenSchema }),
  })
