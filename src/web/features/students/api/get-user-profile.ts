import { queryOptions } from '@tanstack/react-query'
import { userProfileScreenSchema } from '../../../../shared/screens'
import { apiFetch } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

export const userProfileQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: queryKeys.screens.userProfile(uuid),
    queryFn: () =>
      apiFetch(`/v1/screens/user-profile/${encodeURIComponent(uuid)}`, { schema: userProfileScreenSchema }),
  })
