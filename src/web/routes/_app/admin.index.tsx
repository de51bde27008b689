import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, type ErrorComponentProps, Link, type LinkProps } from '@tanstack/react-router'
import { COLLEGE_STATUSES } from '../../../shared/colleges'
import type { AdminOverview } from '../../../shared/screens'
import type { WeekScreen } from '../../../shared/week'
import { AdminsOnlyNotice } from '../../components/layout/admins-only-notice'
import { ErrorFallback } from '../../components/layout/error-fallback'
import { PageHeader } from '../../components/layout/page-header'
import { isLoadError } from '../../components/layout/page-load-error'
import { Alert } from '../../components/ui/alert'
import { Skeleton } from '../../components/ui/skeleton'
import { adminOverviewQueryOptions } from '../../features/admin/api/get-admin-overview'
import { SecuritySettings } from '../../features/admin/components/security-settings'
import { StudentRulesSettings } from '../../features/admin/components/student-rules-settings'
import { useCurrentUser } from '../../features/auth/api/get-current-user'
import { STATUS_LABELS } from '../../features/colleges/college-words'
import { RecentActivity } from '../../features/history/components/recent-activity'
import { signedGain, TESTS } from '../../features/scores/score-tests'
import { weekQueryOptions } from '../../features/students/api/get-week'
import { errorMessage } from '../../lib/api-client'
import { AdminWeek } from './-components/week-admin'

export const Route = createFileRoute('/_app/admin/')({
  loader: async ({ context }) => {
    // Only admins ask: anyone else would get a 403 (the page says it is for admins instead).
    if (context.user.profileAdmin != null)
      await Promise.all([
        context.queryClient.ensureQueryData(adminOverviewQueryOptions()),
        context.queryClient.ensureQueryData(weekQueryOptions()),
      ])
  },
  component: AdminOverviewPage,
  pendingComponent: () => <AdminOverviewView state={{ loading: true }} />,
  errorComponent: AdminOverviewError,
})

type Counts = AdminOverview['counts']

/** The people behind the counts above, each group linking to the screen that manages it. */
const PEOPLE: { label: string; to: LinkProps['to']; value: (counts: Counts) => number }[] = [
  { label: 'Educators', to: '/admin/users', value: (counts) => counts.educators },
  { label: 'FAOs', to: '/admin/users', value: (counts) => counts.faos },
  { label: 'Admins', to: '/admin/users', value: (counts) => counts.admins },
  { label: 'Archived students', to: '/admin/students', value: (counts) => counts.archivedStudents },
]

function AdminOverviewPage() {
  const viewer = useCurrentUser()
  if (viewer.profileAdmin == null) return <AdminsOnlyNotice title="Admin" />
  return <AdminOverviewContent />
}

function AdminOverviewContent() {
  const overview = useSuspenseQuery(adminOverviewQueryOptions()).data
  const week = useSuspenseQuery(weekQueryOptions()).data
  return <AdminOverviewView state={{ overview, week }} />
}

function AdminOverviewError(props: ErrorComponentProps) {
  if (!isLoadError(props.error)) return <ErrorFallback {...props} />
  return <AdminOverviewView state={{ error: props.error }} />
}

/** The overview with its numbers, or while they load, or with why they did not. */
type OverviewState = { overview: AdminOverview; week: WeekScreen } | { loading: true } | { error: unknown }

function AdminOverviewView({ state }: { state: OverviewState }) {
  const overview = 'overview' in state ? state.overview : undefined
  const week = 'week' in state ? state.week : undefined
  return (
    <>
      <PageHeader
        title="Admin"
        description="What needs an admin this week, then the people, college lists and recent activity."
      />
      <div className="flex flex-col gap-6">
        {overview?.mailNotSent ? (
          <Alert tone="warning" role="status">
            Email is not being sent: SMTP_URL is not set, so invites and password resets are written to the
            outbox folder on the server and reach nobody. Set SMTP_URL and restart the server.
          </Alert>
        ) : null}
        {week?.admin ? (
          <AdminWeek block={week.admin} today={week.today} />
        ) : 'loading' in state ? (
          <div role="status" className="grid grid-cols-2 gap-3 md:grid-cols-4">
            <span className="sr-only">Loading the counts…</span>
            {['a', 'b', 'c', 'd'].map((key) => (
              <Skeleton key={key} className="h-24 w-full" />
            ))}
          </div>
        ) : null}
        {overview ? <People counts={overview.counts} /> : null}
        <BroadcastLink />
        {overview ? <CollegeStatusCounts counts={overview.collegeStatuses ?? {}} /> : null}
        {overview?.progress ? <MedianGains progress={overview.progress} /> : null}
        <PracticeTests />
        {overview ? (
          <RecentActivity recent={overview.recentEvents} />
        ) : 'error' in state ? (
          <Alert tone="danger">The overview could not be loaded: {errorMessage(state.error)}</Alert>
        ) : (
          <div role="status" className="card flex flex-col gap-3 p-4 sm:p-6">
            <span className="sr-only">Loading recent activity…</span>
            <Skeleton className="h-7 w-48" />
            <Skeleton className="h-5 w-full" />
            <Skeleton className="h-5 w-full" />
            <Skeleton className="h-5 w-2/3" />
          </div>
        )}
        <SecuritySettings />
        <StudentRulesSettings />
      </div>
    </>
  )
}

function PracticeTests() {
  return (
    <section aria-labelledby="practice-tests-heading" className="card flex flex-col gap-3 p-4 sm:p-6">
      <h2 id="practice-tests-heading" className="text-xl font-semibold">
        Practice tests
      </h2>
      <p className="text-ink-muted">
        The forms students are assigned, with their answer keys, skills and score tables.
      </p>
      <Link to="/admin/practice-tests" className="inline-flex min-h-11 items-center self-start font-medium">
        Manage practice tests
      </Link>
    </section>
  )
}

/** The way to /admin/broadcast: one message to many students' Family conversations. */
function BroadcastLink() {
  return (
    <section aria-labelledby="broadcast-heading" className="card flex flex-col items-start gap-2 p-4 sm:p-6">
      <h2 id="broadcast-heading" className="text-xl font-semibold">
        Messages
      </h2>
      <p className="text-ink-muted">
        A notice for many families at once arrives in each student's Family conversation.
      </p>
      <Link to="/admin/broadcast" className="inline-flex min-h-11 items-center font-medium">
        Send a message to many students
      </Link>
    </section>
  )
}

function People({ counts }: { counts: Counts }) {
  return (
    <section aria-labelledby="people-heading" className="card flex flex-col gap-3 p-4 sm:p-6">
      <h2 id="people-heading" className="text-xl font-semibold">
        People
      </h2>
      <ul className="flex flex-wrap gap-x-2 gap-y-2">
        {PEOPLE.map((group) => (
          <li key={group.label}>
            <Link
              to={group.to}
              className="flex min-h-11 flex-col rounded-lg px-3 py-1.5 no-underline hover:bg-surface-sunken"
            >
              <span className="text-2xl font-bold tabular-nums text-ink">{group.value(counts)}</span>{' '}
              <span className="text-sm text-ink-muted underline">{group.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** College-list entries by status across active students: where this year's applications stand. */
function CollegeStatusCounts({ counts }: { counts: Record<string, number> }) {
  const shown = COLLEGE_STATUSES.filter((status) => (counts[status] ?? 0) > 0)
  return (
    <section aria-labelledby="college-counts-heading" className="card flex flex-col gap-3 p-4 sm:p-6">
      <h2 id="college-counts-heading" className="text-xl font-semibold">
        College lists
      </h2>
      {shown.length === 0 ? (
        <p className="text-ink-muted">No college-list entries yet across active students.</p>
      ) : (
        <dl className="flex flex-wrap gap-x-8 gap-y-3">
          {shown.map((status) => (
            <div key={status} className="flex flex-col">
              <dt className="text-sm text-ink-muted">{STATUS_LABELS[status]}</dt>
              <dd className="text-2xl font-bold tabular-nums text-ink">{counts[status]}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  )
}

/**
 * The median gain across active students, with the count it rests on, so it can be quoted honestly
 * (docs/product.md#progress).
 */
function MedianGains({ progress }: { progress: NonNullable<AdminOverview['progress']> }) {
  return (
    <section aria-labelledby="progress-heading" className="card flex flex-col gap-3 p-4 sm:p-6">
      <h2 id="progress-heading" className="text-xl font-semibold">
        Score progress
      </h2>
      <dl className="flex flex-wrap gap-x-10 gap-y-3">
        {(['sat', 'act'] as const).map((kind) => {
          const { medianGain, students } = progress[kind]
          const test = TESTS[kind]
          return (
            <div key={kind} className="flex flex-col">
              <dt className="text-sm text-ink-muted">Median {test.name} gain</dt>
              <dd className="flex flex-col">
                <span className="text-2xl font-bold tabular-nums text-ink">
                  {medianGain === null ? '–' : signedGain(medianGain)}
                </span>
                <span className="text-sm text-ink-muted">
                  {students === 0
                    ? 'No student has two entries to compare yet.'
                    : `across ${students} ${students === 1 ? 'student' : 'students'}`}
                </span>
              </dd>
            </div>
          )
        })}
      </dl>
      <p className="text-sm text-ink-muted">
        Each active student’s newest test against their first diagnostic or practice test (their first test
        when they have none). Archived students are not counted.
      </p>
    </section>
  )
}
