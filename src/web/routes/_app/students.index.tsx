import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, type ErrorComponentProps, Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { CurrentUser } from '../../../shared/users'
import { ErrorFallback } from '../../components/layout/error-fallback'
import { PageHeader } from '../../components/layout/page-header'
import { isLoadError } from '../../components/layout/page-load-error'
import { Alert } from '../../components/ui/alert'
import { ListSkeleton } from '../../components/ui/skeleton'
import { useCurrentUser } from '../../features/auth/api/get-current-user'
import { myDashboardQueryOptions } from '../../features/students/api/get-my-dashboard'
import { studentsQueryOptions } from '../../features/students/api/get-students'
import { ArchiveTabs } from '../../features/students/components/archive-tabs'
import { StudentFinder } from '../../features/students/components/student-finder'
import { errorMessage } from '../../lib/api-client'
import { onlyTrue } from '../../lib/search-params'

/** `?archived=true` shows admins the archived students; any other value is dropped. */
const validateSearch = (search: Record<string, unknown>): { archived?: true } => ({
  archived: onlyTrue(search.archived),
})

/** Who reads this page how: staff (not admins) their team with scores; admins everyone; others theirs. */
type Reader = 'admin' | 'staff' | 'family'
const readerOf = (user: CurrentUser): Reader =>
  user.profileAdmin != null
    ? 'admin'
    : user.profileEducator != null || user.profileFao != null
      ? 'staff'
      : 'family'

export const Route = createFileRoute('/_app/students/')({
  validateSearch,
  loaderDeps: ({ search }) => ({ archived: search.archived === true }),
  loader: ({ context, deps }) => {
    const reader = readerOf(context.user)
    // Staff's students with their latest scores are the dashboard's own list: one answer for both.
    if (reader === 'staff') return context.queryClient.ensureQueryData(myDashboardQueryOptions())
    return context.queryClient.ensureQueryData(studentsQueryOptions(reader === 'admin' && deps.archived))
  },
  component: StudentsPage,
  pendingComponent: () => (
    <StudentsFrame>
      <ListSkeleton label="Loading students…" rows={['h-11 w-full max-w-sm', 'h-6 w-56', 'h-6 w-48']} />
    </StudentsFrame>
  ),
  errorComponent: StudentsError,
})

/** Admins may see the archived students; everyone else sees who they may open. */
function useArchived() {
  const viewer = useCurrentUser()
  const search = Route.useSearch()
  return viewer.profileAdmin != null && search.archived === true
}

const DESCRIPTIONS: Record<Reader, string> = {
  admin: 'Find any student by name and open their record.',
  staff:
    'The students whose team you are on, with each one’s latest official SAT and ACT. Search by name to open a record.',
  family: 'The records you can open.',
}
const familyDescription = (user: CurrentUser) =>
  user.profileStudent != null
    ? 'Your own record.'
    : user.profileGuardian != null
      ? 'The records of the students in your family.'
      : DESCRIPTIONS.family

/** The page around the list: its title, what it is for, the admins' tabs and the list's card. */
function StudentsFrame({ children }: { children: ReactNode }) {
  const viewer = useCurrentUser()
  const reader = readerOf(viewer)
  const archived = useArchived()
  return (
    <>
      <PageHeader
        title="Students"
        description={
          archived
            ? 'Archived students: their records are kept, and they are out of everyday lists.'
            : reader === 'family'
              ? familyDescription(viewer)
              : DESCRIPTIONS[reader]
        }
      />
      {reader === 'admin' ? (
        <>
          <p className="-mt-4 mb-4 text-sm text-ink-muted">
            This page is for opening records. To archive or restore a student, or to change a team, use{' '}
            <Link to="/admin/students" className="font-medium">
              Manage Students
            </Link>
            .
          </p>
          <ArchiveTabs to="/students" />
        </>
      ) : null}
      <section aria-label={archived ? 'Archived students' : 'Students'} className="card p-4 sm:p-6">
        {children}
      </section>
    </>
  )
}

function StudentsError(props: ErrorComponentProps) {
  if (!isLoadError(props.error)) return <ErrorFallback {...props} />
  return (
    <StudentsFrame>
      <Alert tone="danger">Could not load the students: {errorMessage(props.error)}</Alert>
    </StudentsFrame>
  )
}

function StudentsPage() {
  const reader = readerOf(useCurrentUser())
  return (
    <StudentsFrame>
      {reader === 'staff' ? <TeamStudents /> : <VisibleStudents reader={reader} />}
    </StudentsFrame>
  )
}

const studentCount = (n: number) => `${n} ${n === 1 ? 'student' : 'students'}`

function TeamStudents() {
  const team = useSuspenseQuery(myDashboardQueryOptions()).data.students ?? []
  return (
    <StudentFinder
      students={team}
      withScores
      count={(n) => `${studentCount(n)} on your teams`}
      empty="No students yet. When an admin adds you to a student’s team, they appear here with their latest scores."
    />
  )
}

function VisibleStudents({ reader }: { reader: Reader }) {
  const archived = useArchived()
  const { students } = useSuspenseQuery(studentsQueryOptions(archived)).data
  return (
    <StudentFinder
      students={students}
      withScores={false}
      count={(n) =>
        `${n} ${archived ? 'archived ' : reader === 'admin' ? 'active ' : ''}${n === 1 ? 'student' : 'students'}`
      }
      empty={
        archived
          ? 'No archived students.'
          : reader === 'admin'
            ? 'No students yet. Invite one from Manage Users.'
            : 'No records to open yet.'
      }
    />
  )
}
