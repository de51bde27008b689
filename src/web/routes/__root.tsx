import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router'
import { StandaloneErrorFallback } from '../components/layout/error-fallback'
import { NavigationProgress } from '../components/layout/navigation-progress'
import { NotFound } from '../components/layout/not-found'
import { SkipLink } from '../components/layout/skip-link'
import { useInteractiveRoot } from '../lib/use-hydrated'

export interface RouterContext {
  queryClient: QueryClient
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
  errorComponent: StandaloneErrorFallback,
})

function RootLayout() {
  useInteractiveRoot()
  return (
    <>
      <SkipLink />
      <NavigationProgress />
      <Outlet />
    </>
  )
}
