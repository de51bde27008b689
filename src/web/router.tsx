import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { type AppRouter, createAppRouter } from './app-router'
import { watchSession } from './features/auth/session-watch'
import { seedFirstScreen } from './lib/first-screen'
import { createQueryClient } from './lib/query-client'

const queryClient = createQueryClient()
seedFirstScreen(queryClient)

export const router = createAppRouter(queryClient)

watchSession(queryClient, router)

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  )
}
