import { QueryClientProvider } from '@tanstack/react-query'
import { createRouter, RouterProvider } from '@tanstack/react-router'
import { ErrorFallback } from './components/layout/error-fallback'
import { NotFound } from './components/layout/not-found'
import { PageSkeleton } from './components/ui/skeleton'
import { watchSession } from './features/auth/session-watch'
import { seedFirstScreen } from './lib/first-screen'
import { createQueryClient } from './lib/query-client'
import { routeTree } from './routeTree.gen'

const queryClient = createQueryClient()
seedFirstScreen(queryClient)

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // Loaders read through TanStack Query, which owns caching.
  defaultPreloadStaleTime: 0,
  defaultPendingComponent: PageSkeleton,
  defaultPendingMs: 300,
  defaultErrorComponent: ErrorFallback,
  defaultNotFoundComponent: NotFound,
  notFoundMode: 'root',
  scrollRestoration: true,
})

watchSession(queryClient, router)

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  )
}
