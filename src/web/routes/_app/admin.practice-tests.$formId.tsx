import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { testLabel } from '../../../shared/practice-layouts'
import { AdminsOnlyNotice } from '../../components/layout/admins-only-notice'
import { MissingResource } from '../../components/layout/missing-resource'
import { PageHeader } from '../../components/layout/page-header'
import { PageLoadError } from '../../components/layout/page-load-error'
import { ListSkeleton } from '../../components/ui/skeleton'
import { useCurrentUser } from '../../features/auth/api/get-current-user'
import { practiceFormQueryOptions } from '../../features/practice-forms/api'
import { FormEditor } from '../../features/practice-forms/components/form-editor'
import { ensurePageData } from '../../lib/route-data'

export const Route = createFileRoute('/_app/admin/practice-tests/$formId')({
  loader: async ({ context, params }) => {
    // Only admins read the key; anyone else sees the page is for admins.
    if (context.user.profileAdmin != null)
      await ensurePageData(context.queryClient, practiceFormQueryOptions(params.formId))
  },
  component: FormPage,
  pendingComponent: () => <ListSkeleton label="Loading the form…" rows={['h-10 w-64', 'h-64 w-full']} />,
  errorComponent: (props) => (
    <PageLoadError {...props} title="Practice test" text="Could not load this form" />
  ),
  notFoundComponent: () => (
    <MissingResource
      title="No such practice test"
      back={{ to: '/admin/practice-tests', label: 'All practice tests' }}
    >
      This form does not exist, or it was deleted.
    </MissingResource>
  ),
})

/** /admin/practice-tests/$formId: a saved form in the editor (with its key: admins only). */
function FormPage() {
  const viewer = useCurrentUser()
  if (viewer.profileAdmin == null) return <AdminsOnlyNotice title="Practice test" />
  return <LoadedForm />
}

function LoadedForm() {
  const { formId } = Route.useParams()
  const form = useSuspenseQuery(practiceFormQueryOptions(formId)).data
  return (
    <>
      <Link to="/admin/practice-tests" className="mb-2 inline-flex min-h-11 items-center font-medium">
        All practice tests
      </Link>
      <PageHeader
        title={form.name}
        description={`${testLabel(form.test, form.format)} practice test, added by ${form.createdBy.name}.`}
      />
      {/* One editor per form: after a save it keeps what was typed, which is what the server kept. */}
      <FormEditor key={form.uuid} form={form} />
    </>
  )
}
