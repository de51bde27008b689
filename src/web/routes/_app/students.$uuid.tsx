import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, type ErrorComponentProps, Link } from '@tanstack/react-router'
import { ErrorFallback } from '../../components/layout/error-fallback'
import { PageHeader } from '../../components/layout/page-header'
import { Skeleton } from '../../components/ui/skeleton'
import { useCurrentUser } from '../../features/auth/api/get-current-user'
import { studentQueryOptions } from '../../features/students/api/get-student'
import { recordSummary, StudentRecord } from '../../features/students/components/student-record'
import { StudentRecordSkeleton } from '../../features/students/components/student-record-skeleton'
import { isApiError } from '../../lib/api-client'
import { usePageTitle } from '../../lib/use-page-title'

export const Route = createFileRoute('/_app/students/$uuid')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(studentQueryOptions(params.uuid)),
  component: StudentPage,
  pendingComponent: StudentPending,
  errorComponent: StudentError,
})

function StudentPage() {
  const { uuid } = Route.useParams()
  const { data: student } = useSuspenseQuery(studentQueryOptions(uuid))
  const viewer = useCurrentUser()
  return (
    <>
      <PageHeader title={student.name || 'Unnamed student'} description={recordSummary(student)} />
      <StudentRecord student={student} viewer={viewer} />
    </>
  )
}

function StudentPending() {
  return (
    <>
      <div className="mb-6 flex flex-col gap-2">
        <Skeleton className="h-9 w-64 max-w-full" />
        <Skeleton className="h-5 w-80 max-w-full" />
      </div>
      <StudentRecordSkeleton />
    </>
  )
}

/** 404 means the student does not exist or is not visible to this viewer (DESIGN.md section 5). */
function StudentError(props: ErrorComponentProps) {
  if (isApiError(props.error, 404)) return <StudentNotFound />
  return <ErrorFallback {...props} />
}

function StudentNotFound() {
  usePageTitle('Student not found')
  return (
    <div className="card mx-auto my-8 flex max-w-xl flex-col items-start gap-3 p-6">
      <h1 className="text-2xl font-bold">Student not found</h1>
      <p className="text-ink-muted">
        There is no student at this address, or their record is not shared with you. If you think you should
        see it, ask an admin to add you to the student's team.
      </p>
      <Link to="/students" className="font-medium">
        Back to students
      </Link>
    </div>
  )
}
