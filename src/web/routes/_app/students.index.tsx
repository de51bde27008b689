import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, type ErrorComponentProps, Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { z } from 'zod'
import { ErrorFallback } from '../../components/layout/error-fallback'
import { PageHeader } from '../../components/layout/page-header'
import { isLoadError } from '../../components/layout/page-load-error'
import { Alert } from '../../components/ui/alert'
import { ListSkeleton } from '../../components/ui/skeleton'
import { useCurrentUser } from '../../features/auth/api/get-current-user'
import { studentsQueryOptions } from '../../features/students/api/get-students'
import { ArchiveTabs } from '../../features/students/components/archive-tabs'
import { errorMessage } from '../../lib/api-client'

/** `?archived=true` shows admins the archived students; any other value is dropped. */
const searchSchema = z.object({ archived: z.literal(true).optional().catch(undefined) })

export const Route = createFileRoute('/_app/students/')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ archived: search.archived === true }),
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(
      studentsQueryOptions(context.user.profileAdmin != null && deps.archived),
    ),
  component: StudentsPage,
  pendingComponent: () => (
    <StudentsFrame>
      <ListSkeleton label="Loading students…" rows={['h-6 w-56', 'h-6 w-48', 'h-6 w-64']} />
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

/** The page around the list: its title, the admins' tabs and the list's card. */
function StudentsFrame({ children }: { children: ReactNode }) {
  const viewer = useCurrentUser()
  const isAdmin = viewer.profileAdmin != null
  const archived = useArchived()
  const description = isAdmin
    ? archived
      ? 'Archived students: their records are kept, and they are out of everyday lists.'
      : 'Every active student.'
    : viewer.profileEducator != null || viewer.profileFao != null
      ? 'The students whose team you are on.'
      : 'Your own record.'
  return (
    <>
      <PageHeader title="Students" description={description} />
      {isAdmin ? <ArchiveTabs to="/students" /> : null}
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
  const isAdmin = useCurrentUser().profileAdmin != null
  const archived = useArchived()
  const { students } = useSuspenseQuery(studentsQueryOptions(archived)).data
  return (
    <StudentsFrame>
      {students.length === 0 ? (
        <p className="text-ink-muted">
          {archived
            ? 'No archived students.'
            : isAdmin
              ? 'No students yet. Invite one from Manage Users.'
              : 'No students yet. An admin adds you to a student’s team.'}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {students.map((student) => (
            <li key={student.uuid}>
              <Link
                to="/students/$uuid"
                params={{ uuid: student.uuid }}
                className="flex min-h-11 items-center py-2 font-semibold"
              >
                {student.name || 'Unnamed student'}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </StudentsFrame>
  )
}
