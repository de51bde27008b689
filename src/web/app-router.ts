import type { QueryClient } from '@tanstack/react-query'
import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { ErrorFallback } from './components/layout/error-fallback'
import { NotFound } from './components/layout/not-found'
import { PageSkeleton } from './components/ui/skeleton'
import { routeTree } from './routeTree.gen'

/**
 * The web app's router, the same in the browser and for the server's first render (ADR 049): one
 * set of options, so both build the same tree of matches and boundaries. Without `history`, the
 * browser's; the server passes a memory history at the requested address.
 */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context: { queryClient },
    // The server renders no scroll-restoring script: the shell's CSP allows no inline script.
    ...(history ? { history, isServer: true, scrollRestoration: false } : { scrollRestoration: true }),
    defaultPreload: 'intent',
    // Loaders read through TanStack Query, which owns caching.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PageSkeleton,
    defaultPendingMs: 300,
    defaultErrorComponent: ErrorFallback,
    defaultNotFoundComponent: NotFound,
    notFoundMode: 'root',
  })
}

export type AppRouter = ReturnType<typeof createAppRouter>
