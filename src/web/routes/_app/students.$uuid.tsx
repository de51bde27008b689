import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { MissingResource } from '../../components/layout/missing-resource'
import { PageHeader } from '../../components/layout/page-header'
import { PageLoadError } from '../../components/layout/page-load-error'
import { Skeleton } from '../../components/ui/skeleton'
import { useCurrentUser } from '../../features/auth/api/get-current-user'
import { recordOverviewQueryOptions } from '../../features/students/api/get-record-overview'
import { studentQueryOptions } from '../../features/students/api/get-student'
import { recordNotFoundHelp, recordSummary } from '../../features/students/record-summary'
import { recordSectionSearch } from '../../lib/record-sections'
import { ensurePageData } from '../../lib/route-data'
import { StudentRecord } from './-components/student-record'
import { StudentRecordSkeleton } from './-components/student-record-skeleton'

export const Route = createFileRoute('/_app/students/$uuid')({
  validateSearch: recordSectionSearch,
  // The overview's next deadline and task load beside the record (a failure shows in the overview).
  loader: async ({ context, params, location }) => {
    const [student] = await Promise.all([
      ensurePageData(context.queryClient, studentQueryOptions(params.uuid)),
      context.queryClient.prefetchQuery(recordOverviewQueryOptions(params.uuid)),
    ])
    // The chosen section's code too, so the page renders (and hydrates) it with the rest.
    const { section } = recordSectionSearch(location.search)
    await import('./-components/student-record').then((record) =>
      record.preloadRecordSection(context.user, student, section),
    )
    return student
  },
  component: StudentPage,
  pendingComponent: StudentPending,
  errorComponent: (props) => (
    <PageLoadError {...props} title="Student" text="Could not load this student's record" />
  ),
  notFoundComponent: StudentNotFound,
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

/** 404: the student does not exist or is not visible to this viewer (docs/product.md#permissions). */
function StudentNotFound() {
  const viewer = useCurrentUser()
  return (
    <MissingResource title="Student not found" back={{ to: '/students', label: 'Back to students' }}>
      There is no student at this address, or their record is not shared with you.{' '}
      {recordNotFoundHelp(viewer)}
    </MissingResource>
  )
}
