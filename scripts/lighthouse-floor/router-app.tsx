import { QueryClient, QueryClientProvider, useSuspenseQuery } from '@tanstack/react-query'
import {
  createRootRoute,
  createRoute,
  createRouter,
  Link,
  Outlet,
  type RouterHistory,
  RouterProvider,
} from '@tanstack/react-router'
import { FloorPage } from './page'

const viewerQuery = { queryKey: ['viewer'], queryFn: () => ({ name: 'Maya' }) }

function RoutedPage() {
  const viewer = useSuspenseQuery(viewerQuery).data
  return (
    <FloorPage>
      <nav>
        <Link to=".">Signed in as {viewer.name}</Link>
      </nav>
    </FloorPage>
  )
}

/**
 * The floor page behind the app's own libraries: TanStack Router with one route and TanStack Query
 * with the viewer's answer already in its cache, as the app's pages start from the shell's answers.
 */
export async function floorRouterApp(history?: RouterHistory) {
  const queryClient = new QueryClient()
  queryClient.setQueryData(viewerQuery.queryKey, { name: 'Maya' })
  const rootRoute = createRootRoute({ component: () => <Outlet /> })
  const page = createRoute({ getParentRoute: () => rootRoute, path: '/router.html', component: RoutedPage })
  const router = createRouter({
    routeTree: rootRoute.addChildren([page]),
    // As the app's router (src/web/app-router.ts): the server's render has no scroll script, and the
    // browser loads the matches as hydration expects them (src/web/main.tsx).
    ...(history ? { history, isServer: true, scrollRestoration: false } : { scrollRestoration: true }),
  })
  if (!history) router.ssr = { manifest: undefined }
  await router.load()
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  )
}
