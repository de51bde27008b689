import { queryOptions, useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { type CurrentUser, currentUserSchema } from '../../../../shared/users'
import { ApiError, apiFetch } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'
import { clearSessionHint } from '../../../lib/session-hint'

export async function getCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await apiFetch('/v1/users/me', { schema: currentUserSchema })
  } catch (error) {
    // Any failure means "no user": the guard sends the visitor to /login, whose own check shows
    // a failure that is not the ordinary logged-out 401 (islands/login.ts).
    if (error instanceof ApiError && error.status === 401) clearSessionHint()
    return null
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.currentUser, queryFn: getCurrentUser, staleTime: 60_000 })

const appLayoutApi = getRouteApi('/_app')

/**
 * The logged-in user inside the app layout. The layout's guard put it in the route context; the
 * query cache, when it holds a user, has the freshest copy. The context copy keeps the layout
 * rendering while logging out clears the cache.
 */
export function useCurrentUser(): CurrentUser {
  const { user } = appLayoutApi.useRouteContext()
  const { data } = useQuery({ ...currentUserQueryOptions(), enabled: false })
  return data ?? user
}
