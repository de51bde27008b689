import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, type ErrorComponentProps, Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { CurrentUser } from '../../../shared/users'
import { ErrorFallback } from '../../components/layout/error-fallback'
import { PageHeader } from '../../components/layout/page-header'
import { isLoadError } from '../../components/layout/page-load-error'
import { Alert } from '../../components/ui/alert'
import { RoleBadges } from '../../components/ui/role-badges'
import { adminOverviewQueryOptions } from '../../features/admin/api/get-admin-overview'
import { useCurrentUser } from '../../features/auth/api/get-current-user'
import { myDashboardQueryOptions } from '../../features/students/api/get-my-dashboard'
import { StaffStudents } from '../../features/students/components/staff-students'
import { MyTasks } from '../../features/tasks/components/my-tasks'
import { errorMessage } from '../../lib/api-client'
import { GuardianStudents } from './-components/guardian-students'
import { StudentRecord } from './-components/student-record'
import { StudentRecordSkeleton } from './-components/student-record-skeleton'

export const Route = createFileRoute('/_app/dashboard')({
  loader: ({ context }) => context.queryClient.ensureQueryData(myDashboardQueryOptions()),
  component: () => (
    <DashboardFrame>
      <DashboardScreen />
    </DashboardFrame>
  ),
  pendingComponent: () => (
    <DashboardFrame>
      <StudentRecordSkeleton />
    </DashboardFrame>
  ),
  errorComponent: DashboardError,
})

function dashboardDescription(user: CurrentUser): string {
  if (user.profileStudent != null) return 'Your scores, documents and team in one place.'
  if (user.profileEducator != null || user.profileFao != null) return 'Your students and their latest scores.'
  if (user.profileAdmin != null) return 'Students, people and invites.'
  if (user.profileGuardian != null) return 'Scores and shared session notes of the students in your family.'
  return 'Your account at a glance.'
}

const isStaff = (user: CurrentUser) =>
  user.profileAdmin != null || user.profileEducator != null || user.profileFao != null

/** The page around the screen's data: the viewer's task lists, the admin links and their account. */
function DashboardFrame({ children }: { children: ReactNode }) {
  const user = useCurrentUser()
  return (
    <>
      <PageHeader title="My Dashboard" description={dashboardDescription(user)} />
      <div className="flex flex-col gap-6">
        {children}
        {user.profileStudent != null || isStaff(user) ? <MyTasks scope="assigned" viewer={user} /> : null}
        {user.profileEducator != null || user.profileFao != null ? (
          <MyTasks scope="students" viewer={user} />
        ) : null}
        {user.profileAdmin != null ? <AdminLinks /> : null}
        <AccountCard user={user} />
      </div>
    </>
  )
}

/** What `GET /v1/screens/me` holds for this viewer: their record, their students, their family. */
function DashboardScreen() {
  const user = useCurrentUser()
  const screen = useSuspenseQuery(myDashboardQueryOptions()).data
  return (
    <>
      {screen.student ? <StudentRecord student={screen.student} viewer={user} /> : null}
      {screen.students ? <StaffStudents students={screen.students} /> : null}
      {screen.guardianOf ? <GuardianStudents cards={screen.guardianOf} /> : null}
    </>
  )
}

function DashboardError(props: ErrorComponentProps) {
  if (!isLoadError(props.error)) return <ErrorFallback {...props} />
  return (
    <DashboardFrame>
      <Alert tone="danger">Could not load your dashboard: {errorMessage(props.error)}</Alert>
    </DashboardFrame>
  )
}

function AdminLinks() {
  const overview = useQuery(adminOverviewQueryOptions())
  const open = overview.data?.counts.openInquiries ?? 0
  const links = [
    {
      to: '/admin',
      label: 'Overview',
      text:
        open > 0
          ? `${open} open ${open === 1 ? 'inquiry' : 'inquiries'}; counts and recent activity.`
          : 'Counts, inquiries and recent activity.',
    },
    { to: '/admin/students', label: 'Manage Students', text: 'Archive and restore students.' },
    { to: '/admin/users', label: 'Manage Users', text: 'Invite people and change their roles.' },
    { to: '/students', label: 'All students', text: 'Open any student’s record.' },
  ] as const
  return (
    <section aria-labelledby="admin-heading" className="card flex flex-col gap-3 p-4 sm:p-6">
      <h2 id="admin-heading" className="text-xl font-semibold">
        Admin
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {links.map((link) => (
          <li key={link.to} className="rounded-lg border border-line bg-surface-warm p-4">
            <Link to={link.to} className="font-semibold">
              {link.label}
            </Link>
            <p className="mt-1 text-sm text-ink-muted">{link.text}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}

function AccountCard({ user }: { user: CurrentUser }) {
  return (
    <section aria-labelledby="account-heading" className="card flex flex-col gap-3 p-4 sm:p-6">
      <h2 id="account-heading" className="text-xl font-semibold">
        Your account
      </h2>
      <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[8rem_1fr] sm:gap-y-2">
        <dt className="text-sm font-medium text-ink-muted">Name</dt>
        <dd className="mb-2 font-semibold break-words sm:mb-0">{user.name}</dd>
        <dt className="text-sm font-medium text-ink-muted">Email</dt>
        <dd className="mb-2 min-w-0 [overflow-wrap:anywhere] sm:mb-0">{user.email}</dd>
        <dt className="text-sm font-medium text-ink-muted">Roles</dt>
        <dd>
          <RoleBadges user={user} />
        </dd>
      </dl>
    </section>
  )
}
