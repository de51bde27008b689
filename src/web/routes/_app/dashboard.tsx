import { createFileRoute } from '@tanstack/react-router'
import { PageHeader } from '../../components/layout/page-header'
import { RoleBadges } from '../../components/ui/role-badges'
import { useCurrentUser } from '../../features/auth/api/get-current-user'

export const Route = createFileRoute('/_app/dashboard')({
  component: DashboardPage,
})

function DashboardPage() {
  const user = useCurrentUser()
  return (
    <>
      <PageHeader
        title="My Dashboard"
        description="Your account at a glance; scores and documents follow soon."
      />
      <section aria-labelledby="account-heading" className="card flex flex-col gap-3 p-6">
        <h2 id="account-heading" className="text-lg font-semibold">
          Your account
        </h2>
        <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[8rem_1fr] sm:gap-y-2">
          <dt className="text-sm font-medium text-ink-muted">Name</dt>
          <dd className="mb-2 font-semibold break-words sm:mb-0">{user.name}</dd>
          <dt className="text-sm font-medium text-ink-muted">Email</dt>
          <dd className="mb-2 break-words sm:mb-0">{user.email}</dd>
          <dt className="text-sm font-medium text-ink-muted">Roles</dt>
          <dd>
            <RoleBadges user={user} />
          </dd>
        </dl>
      </section>
    </>
  )
}
