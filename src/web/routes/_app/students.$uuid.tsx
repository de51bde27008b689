import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { ErrorFallback } from '../../components/layout/error-fallback'
import { MissingResource } from '../../components/layout/missing-resource'
import { PageHeader } from '../../components/layout/page-header'
import { Alert } from '../../components/ui/alert'
import { Skeleton } from '../../components/ui/skeleton'
import { useCurrentUser } from '../../features/auth/api/get-current-user'
import { studentQueryOptions } from '../../features/students/api/get-student'
import { errorMessage, isApiError } from '../../lib/api-client'
import { recordSummary, StudentRecord } from './-components/student-record'
import { StudentRecordSkeleton } from './-components/student-record-skeleton'

export const Route = createFileRoute('/_app/students/$uuid')({
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(studentQueryOptions(params.uuid))
    } catch (error) {
      // Not found (or not shared with this viewer) is a page of its own, not a crash.
      if (!isApiError(error, 404)) throw error
    }
  },
  component: StudentPage,
  pendingComponent: StudentPending,
  errorComponent: ErrorFallback,
})

function StudentPage() {
  const { uuid } = Route.useParams()
  const query = useQuery(studentQueryOptions(uuid))
  const viewer = useCurrentUser()
  if (query.isPending) return <StudentPending />
  if (query.isError) {
    if (isApiError(query.error, 404)) return <StudentNotFound />
    return (
      <>
        <PageHeader title="Student" />
        <Alert tone="danger">Could not load this student's record: {errorMessage(query.error)}</Alert>
      </>
    )
  }
  const student = query.data
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

/** 404: the student does not exist or is not visible to this viewer (docs/product.md#permissions). */
function StudentNotFound() {
  return (
    <MissingResource title="Student not found" back={{ to: '/students', label: 'Back to students' }}>
      There is no student at this address, or their record is not shared with you. If you think you should see
      it, ask an admin to add you to the student's team.
    </MissingResource>
  )
}
