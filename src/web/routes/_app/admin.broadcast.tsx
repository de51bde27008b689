import { createFileRoute } from '@tanstack/react-router'
import { AdminsOnlyNotice } from '../../components/layout/admins-only-notice'
import { PageHeader } from '../../components/layout/page-header'
import { useCurrentUser } from '../../features/auth/api/get-current-user'
import { BroadcastForm } from '../../features/messages/components/broadcast-form'

export const Route = createFileRoute('/_app/admin/broadcast')({
  component: BroadcastPage,
})

const TITLE = 'Send a message to many students'

/** /admin/broadcast (linked from /admin): one message to many students' Family conversations. */
function BroadcastPage() {
  const viewer = useCurrentUser()
  if (viewer.profileAdmin == null) return <AdminsOnlyNotice title={TITLE} />
  return (
    <>
      <PageHeader
        title={TITLE}
        description="A notice for families: it arrives as a normal message in each student's Family conversation."
      />
      <BroadcastForm />
    </>
  )
}
