import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { CurrentUser } from '../../../shared/users'
import { ErrorFallback } from '../../components/layout/error-fallback'
import { PageHeader } from '../../components/layout/page-header'
import { isLoadError } from '../../components/layout/page-load-error'
import { Alert } from '../../components/ui/alert'
import { Skeleton } from '../../components/ui/skeleton'
import { useCurrentUser } from '../../features/auth/api/get-current-user'
import { UnreadConversations } from '../../features/messages/components/unread'
import { weekQueryOptions } from '../../features/students/api/get-week'
import { MyTasks } from '../../features/tasks/components/my-tasks'
import { errorMessage } from '../../lib/api-client'
import { AdminWeek } from './-components/week-admin'
import { FamilyWeek } from './-components/week-family'
import { EducatorWeek, FaoWeek } from './-components/week-staff'
import { StudentWeek } from './-components/week-student'

export const Route = createFileRoute('/_app/dashboard')({
  loader: ({ context }) => context.queryClient.ensureQueryData(weekQueryOptions()),
  component: () => (
    <DashboardFrame>
      <DashboardScreen />
    </DashboardFrame>
  ),
  pendingComponent: () => (
    <DashboardFrame>
      <DashboardSkeleton />
    </DashboardFrame>
  ),
  errorComponent: DashboardError,
})

function dashboardDescription(user: CurrentUser): string {
  if (user.profileStudent != null)
    return 'What to do next, your sessions and college deadlines, and your record.'
  if (user.profileEducator != null)
    return 'Your students’ week: sessions, overdue tasks, deadlines, notes and scores.'
  if (user.profileFao != null) return 'College entries waiting for aid figures, and your students’ deadlines.'
  if (user.profileAdmin != null) return 'What needs an admin this week.'
  if (user.profileGuardian != null)
    return 'What is next for each student in your family: sessions, hours, tasks and the newest shared note.'
  return 'Your week at a glance.'
}

const isStaff = (user: CurrentUser) =>
  user.profileAdmin != null || user.profileEducator != null || user.profileFao != null

/** The page around the week: its heading and, for staff, the tasks assigned to them. */
function DashboardFrame({ children }: { children: ReactNode }) {
  const user = useCurrentUser()
  return (
    <>
      <PageHeader title="My Dashboard" description={dashboardDescription(user)} />
      <div className="flex flex-col gap-6">
        <UnreadConversations user={user} />
        {children}
        {isStaff(user) ? <MyTasks scope="assigned" viewer={user} /> : null}
      </div>
    </>
  )
}

/** `GET /v1/screens/week`: one block per role the viewer holds, what they must do or know first. */
function DashboardScreen() {
  const week = useSuspenseQuery(weekQueryOptions()).data
  const { today } = week
  return (
    <>
      {week.student ? <StudentWeek block={week.student} today={today} /> : null}
      {week.guardian ? <FamilyWeek family={week.guardian.children} today={today} /> : null}
      {week.educator ? <EducatorWeek block={week.educator} today={today} /> : null}
      {week.fao ? <FaoWeek block={week.fao} today={today} withDeadlines={!week.educator} /> : null}
      {week.admin ? <AdminWeek block={week.admin} today={today} /> : null}
    </>
  )
}

function DashboardSkeleton() {
  return (
    <div role="status" className="flex flex-col gap-6">
      <span className="sr-only">Loading your dashboard…</span>
      {['a', 'b'].map((key) => (
        <div key={key} className="card flex flex-col gap-3 p-4 sm:p-6">
          <Skeleton className="h-7 w-48" />
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-2/3" />
        </div>
      ))}
    </div>
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
