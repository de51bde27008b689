import { queryOptions } from '@tanstack/react-query'
import { myDashboardSchema } from '../../../../shared/students'
import { apiFetch } from '../../../lib/api-client'
import { screenKeys } from './keys'

export const myDashboardQueryOptions = () =>
  queryOptions({
    queryKey: screenKeys.myDashboard(),
    queryFn: () => apiFetch('/v1/screens/my-dashboard', { schema: myDashboardSchema }),
  })
