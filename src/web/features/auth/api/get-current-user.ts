import { queryOptions, useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { type CurrentUser, currentUserSchema } from '../../../../shared/users'
import { ApiError, apiFetch, errorMessage } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'
import { clearSessionHint } from '../../../lib/session-hint'

/**
 * The text of the last failure to load the current user that was not a plain 401
 * (docs/product.md#screens-and-navigation): the visitor is treated as logged out and /login shows it.
 */
let authError: string | null = null

export function getAuthError(): string | null {
  return authError
}

export async function getCurrentUser(): Promise<CurrentUser | null> {
  try {
    const user = await apiFetch('/v1/users/me', { schema: currentUserSchema })
    authError = null
    return user
  } catch (error) {
    // Any failure means "no user"; only a 401 is the ordinary logged-out answer.
    const loggedOut = error instanceof ApiError && error.status === 401
    authError = loggedOut ? null : errorMessage(error)
    if (loggedOut) clearSessionHint()
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
