import { createFileRoute, redirect } from '@tanstack/react-router'
import { BRAND } from '../../shared/brand'
import { LogOutButton } from '../components/layout/log-out-button'
import { currentUserQueryOptions } from '../features/auth/api/get-current-user'
import { AuthCard } from '../features/auth/components/auth-card'
import { onboardingIntro } from '../features/users/onboarding-intro'
import { loginHref } from '../lib/login-href'
import { OnboardingForm } from './-components/onboarding-form'

export const Route = createFileRoute('/onboarding')({
  beforeLoad: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(currentUserQueryOptions())
    if (!user)
      throw redirect({ href: loginHref({ err: 'login-required' }), reloadDocument: true, replace: true })
    if (!user.onboardingRequired) throw redirect({ to: '/dashboard' })
    return { user }
  },
  component: OnboardingPage,
})

function OnboardingPage() {
  const { user } = Route.useRouteContext()
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-2 sm:px-6">
          <span className="flex min-h-11 items-center gap-2 text-lg font-bold">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            {BRAND.name}
          </span>
          <LogOutButton />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <AuthCard title={`Welcome to ${BRAND.name}`} description={onboardingIntro(user)}>
          <p className="text-sm text-ink-muted">
            Logged in as <span className="font-medium text-ink">{user.email}</span>
          </p>
          <OnboardingForm user={user} />
        </AuthCard>
      </main>
    </div>
  )
}
