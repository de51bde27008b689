import { createFileRoute } from '@tanstack/react-router'
import { AdminsOnlyNotice } from '../../components/layout/admins-only-notice'
import { PageHeader } from '../../components/layout/page-header'
import { FileDownload } from '../../components/ui/file-download'
import { useCurrentUser } from '../../features/auth/api/get-current-user'
import { adminStudentsQueryOptions } from '../../features/students/api/get-admin-students'
import { ManageStudents } from '../../features/students/components/manage-students'
import { onlyTrue } from '../../lib/search-params'

/** `?archived=true` opens the Archived tab; any other value is dropped. */
const validateSearch = (search: Record<string, unknown>): { archived?: true } => ({
  archived: onlyTrue(search.archived),
})

export const Route = createFileRoute('/_app/admin/students')({
  validateSearch,
  loaderDeps: ({ search }) => ({ archived: search.archived === true }),
  loader: ({ context, deps }) => {
    // Warm the cache for admins with the tab's first page; the page shows its own loading and error states.
    if (context.user.profileAdmin != null) {
      const tab = deps.archived ? 'archived' : 'active'
      void context.queryClient.prefetchInfiniteQuery(adminStudentsQueryOptions({ tab, q: '' }))
    }
  },
  component: ManageStudentsPage,
})

function ManageStudentsPage() {
  const viewer = useCurrentUser()
  const { archived } = Route.useSearch()
  if (viewer.profileAdmin == null) return <AdminsOnlyNotice title="Manage Students" />
  return (
    <>
      <PageHeader
        title="Manage Students"
        description="Every student with their team and newest scores. Archive a student who has finished; restore them any time."
      />
      <div className="mb-4 flex justify-end">
        <FileDownload href="/api/v1/students/export.csv">Download students with scores (CSV)</FileDownload>
      </div>
      <ManageStudents archived={archived === true} />
    </>
  )
}
