import { createFileRoute, redirect } from '@tanstack/react-router'
import { BRAND } from '../../shared/brand'
import { LogOutButton } from '../components/layout/log-out-button'
import { currentUserQueryOptions } from '../features/auth/api/get-current-user'
import { AuthCard } from '../features/auth/components/auth-card'
import { OnboardingForm } from './-components/onboarding-form'

export const Route = createFileRoute('/onboarding')({
  beforeLoad: async ({ context }) => {
    const user = await context.queryClient.ensureQueryData(currentUserQueryOptions())
    if (!user) throw redirect({ to: '/login', search: { err: 'login-required' } })
    if (!user.onboardingRequired) throw redirect({ to: '/dashboard' })
    return { user }
  },
  component: OnboardingPage,
})

function OnboardingPage() {
  const { user } = Route.useRouteContext()
  const isEducator = user.profileEducator != null
  // A parent or guardian (and nothing else): words for a parent, and only a name to give.
  const isFamilyOnly =
    user.profileGuardian != null &&
    user.profileStudent == null &&
    user.profileFao == null &&
    user.profileAdmin == null
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
        <AuthCard
          title={`Welcome to ${BRAND.name}`}
          description={
            isEducator
              ? 'Tell us your name and a few lines about you. Your students and their families will see both.'
              : isFamilyOnly
                ? "Tell us your name as you would like your child's coaches to see it. That is all we need."
                : 'Tell us the name you would like to be called. Your educators will see it.'
          }
        >
          <p className="text-sm text-ink-muted">
            Logged in as <span className="font-medium text-ink">{user.email}</span>
          </p>
          <OnboardingForm user={user} />
        </AuthCard>
      </main>
    </div>
  )
}
