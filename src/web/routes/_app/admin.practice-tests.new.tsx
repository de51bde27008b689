import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { AdminsOnlyNotice } from '../../components/layout/admins-only-notice'
import { PageHeader } from '../../components/layout/page-header'
import { toast } from '../../components/ui/toast'
import { useCurrentUser } from '../../features/auth/api/get-current-user'
import { FormEditor } from '../../features/practice-forms/components/form-editor'

export const Route = createFileRoute('/_app/admin/practice-tests/new')({
  component: NewFormPage,
})

const TITLE = 'New practice test'

/** /admin/practice-tests/new: a form entered on screen, its sections laid out with the official counts. */
function NewFormPage() {
  const viewer = useCurrentUser()
  const navigate = useNavigate()
  if (viewer.profileAdmin == null) return <AdminsOnlyNotice title={TITLE} />
  return (
    <>
      <Link to="/admin/practice-tests" className="mb-2 inline-flex min-h-11 items-center font-medium">
        All practice tests
      </Link>
      <PageHeader
        title={TITLE}
        description="Give each question its correct answer and skill, and each section its score table. Nothing is kept until you save."
      />
      <FormEditor
        onCreated={(form) => {
          toast(`${form.name} saved`)
          void navigate({ to: '/admin/practice-tests/$formId', params: { formId: form.uuid } })
        }}
      />
    </>
  )
}
