import { queryOptions } from '@tanstack/react-query'
import { adminUsersScreenSchema } from '../../../../shared/screens'
import { apiFetch } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

/** `GET /v1/screens/admin/users` (docs/product.md#screens-and-navigation: /admin/users "loads admin users screen data"). */
export const getAdminUsersScreen = () =>
  apiFetch('/v1/screens/admin/users', { schema: adminUsersScreenSchema })

export const adminUsersScreenQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.screens.adminUsers(), queryFn: getAdminUsersScreen })
