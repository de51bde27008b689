import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { BRAND } from '../../shared/brand'
import { StandaloneErrorFallback } from '../components/layout/error-fallback'
import { Toaster } from '../components/ui/toast'
import { currentUserQueryOptions, useCurrentUser } from '../features/auth/api/get-current-user'
import { MenuUnread } from '../features/messages/components/unread'
import { loginHref } from '../lib/login-href'
import { MobileTopBar } from './_app/-components/mobile-drawer'
import { Sidebar } from './_app/-components/sidebar'

/** Every logged-in page: the login, onboarding and two-factor guards of docs/product.md#screens-and-navigation, then the workspace. */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    const user = await context.queryClient.ensureQueryData(currentUserQueryOptions())
    // The login page checks `redirect` again before it goes there (same-origin app paths only).
    // It is a prerendered page, not a route of the app: a full page load (ADR 036).
    if (!user) {
      const href = loginHref({ err: 'login-required', redirect: location.href })
      throw redirect({ href, reloadDocument: true, replace: true })
    }
    if (user.onboardingRequired) throw redirect({ to: '/onboarding' })
    // Staff whom admins require to use two-factor set it up in /settings before anything else.
    if (user.twoFactorRequired && location.pathname !== '/settings') throw redirect({ to: '/settings' })
    return { user }
  },
  component: AppLayout,
  errorComponent: StandaloneErrorFallback,
})

function AppLayout() {
  const user = useCurrentUser()
  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[17rem_minmax(0,1fr)]">
      {/* The column carries the background and border down the whole page; the menu stays in view. */}
      <div className="hidden border-r border-line bg-surface lg:block">
        <aside className="lg:sticky lg:top-0 lg:h-dvh lg:overflow-y-auto">
          <Sidebar user={user} />
        </aside>
      </div>
      <div className="flex min-h-dvh min-w-0 flex-col">
        <MobileTopBar notice={<MenuUnread user={user} />}>
          {(close) => <Sidebar user={user} onNavigate={close} />}
        </MobileTopBar>
        <main
          id="main"
          tabIndex={-1}
          className="mx-auto w-full max-w-[72rem] flex-1 px-4 py-6 outline-none sm:px-8 lg:py-10"
        >
          <Outlet />
        </main>
        <footer className="mx-auto w-full max-w-[72rem] px-4 py-6 text-sm text-ink-muted sm:px-8">
          {BRAND.name} · Questions? <a href={`mailto:${BRAND.email}`}>{BRAND.email}</a>
        </footer>
      </div>
      <Toaster />
    </div>
  )
}
