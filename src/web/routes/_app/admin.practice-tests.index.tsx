import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { AdminsOnlyNotice } from '../../components/layout/admins-only-notice'
import { PageHeader } from '../../components/layout/page-header'
import { PageLoadError } from '../../components/layout/page-load-error'
import { ListSkeleton } from '../../components/ui/skeleton'
import { toast } from '../../components/ui/toast'
import { useCurrentUser } from '../../features/auth/api/get-current-user'
import { practiceFormsQueryOptions } from '../../features/practice-forms/api'
import { FormImport } from '../../features/practice-forms/components/form-import'
import { FormsList } from '../../features/practice-forms/components/forms-list'

export const Route = createFileRoute('/_app/admin/practice-tests/')({
  loader: async ({ context }) => {
    // Only admins ask: anyone else would get a 403 (the page says it is for admins instead).
    if (context.user.profileAdmin != null)
      await context.queryClient.ensureQueryData(practiceFormsQueryOptions())
  },
  component: PracticeTestsPage,
  pendingComponent: () => (
    <>
      <PageHeader title={TITLE} description={DESCRIPTION} />
      <ListSkeleton
        label="Loading the practice tests…"
        rows={['h-12 w-full', 'h-12 w-full', 'h-12 w-full']}
      />
    </>
  ),
  errorComponent: (props) => (
    <PageLoadError {...props} title={TITLE} text="Could not load the practice tests" />
  ),
})

const TITLE = 'Practice tests'
const DESCRIPTION =
  'The practice test forms students are assigned: each answer key, the skill of each question and the tables that turn raw counts into scores.'

/** /admin/practice-tests: the forms, a new one on screen, or one from two CSV files. */
function PracticeTestsPage() {
  const viewer = useCurrentUser()
  const navigate = useNavigate()
  if (viewer.profileAdmin == null) return <AdminsOnlyNotice title={TITLE} />
  return (
    <>
      <PageHeader title={TITLE} description={DESCRIPTION} />
      <div className="mb-6 flex flex-wrap items-center gap-x-4 gap-y-2">
        <Link to="/admin/practice-tests/new" className="btn btn-primary">
          Add a form
        </Link>
        <a href="#import-heading" className="inline-flex min-h-11 items-center font-medium">
          Import one from CSV files
        </a>
      </div>
      <div className="flex flex-col gap-6">
        <section aria-labelledby="forms-heading" className="card flex min-w-0 flex-col gap-4 p-4 sm:p-6">
          <h2 id="forms-heading" tabIndex={-1} className="text-xl font-semibold outline-none">
            Forms
          </h2>
          <FormsList />
        </section>
        <section aria-labelledby="import-heading" className="card flex min-w-0 flex-col gap-4 p-4 sm:p-6">
          <h2 id="import-heading" tabIndex={-1} className="text-xl font-semibold outline-none">
            Import from CSV files
          </h2>
          <FormImport
            onImported={(form) => {
              toast(`${form.name} saved`)
              void navigate({ to: '/admin/practice-tests/$formId', params: { formId: form.uuid } })
            }}
          />
        </section>
      </div>
    </>
  )
}
