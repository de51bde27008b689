import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { isApiError } from './api-client'

/**
 * A page's data, the one way pages load it: the route's loader awaits this, the component reads
 * the same options with `useSuspenseQuery`, and the route's pendingComponent, errorComponent and
 * notFoundComponent show the other states. An API 404 (the thing does not exist, or is not shared
 * with this viewer) becomes the route's not-found page rather than an error.
 */
export async function ensurePageData<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<TData, Error, TData, TKey>,
): Promise<TData> {
  try {
    return await queryClient.ensureQueryData(options)
  } catch (error) {
    if (isApiError(error, 404)) throw notFound()
    throw error
  }
}
