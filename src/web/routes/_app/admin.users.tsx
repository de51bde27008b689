import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router'
import { useState } from 'react'
import { AdminsOnlyNotice } from '../../components/layout/admins-only-notice'
import { ErrorFallback } from '../../components/layout/error-fallback'
import { PageHeader } from '../../components/layout/page-header'
import { isLoadError } from '../../components/layout/page-load-error'
import { Alert } from '../../components/ui/alert'
import { FileDownload } from '../../components/ui/file-download'
import { lazyDialog } from '../../components/ui/lazy-dialog'
import { useCurrentUser } from '../../features/auth/api/get-current-user'
import { InviteImport } from '../../features/invites/components/invite-import'
import { InviteList } from '../../features/invites/components/invite-list'
import { adminUsersScreenQueryOptions } from '../../features/users/api/get-admin-users-screen'
import { UserManager } from '../../features/users/components/user-manager'
import { errorMessage } from '../../lib/api-client'

export const Route = createFileRoute('/_app/admin/users')({
  loader: async ({ context }) => {
    // Only admins ask: anyone else would get a 403 (the page says it is for admins instead).
    if (context.user.profileAdmin != null) {
      await context.queryClient.ensureQueryData(adminUsersScreenQueryOptions())
    }
  },
  component: ManageUsersPage,
  pendingComponent: () => <AdminView viewerUuid={useCurrentUser().uuid} ready={false} />,
  errorComponent: ManageUsersError,
})

const TITLE = 'Manage Users'

// The invite form (and the form library its guardian invite uses) loads when idle or when opened.
const InviteDialog = lazyDialog(() =>
  import('../../features/invites/components/invite-dialog').then((module) => module.InviteDialog),
)

/** /admin/users: everyone's roles and accounts, and the invites that bring people in. */
function ManageUsersPage() {
  const viewer = useCurrentUser()
  if (viewer.profileAdmin == null) return <AdminsOnlyNotice title={TITLE} />
  return <LoadedAdminView viewerUuid={viewer.uuid} />
}

/** The screen's data first (docs/product.md#screens-and-navigation), then its lists. */
function LoadedAdminView({ viewerUuid }: { viewerUuid: string }) {
  useSuspenseQuery(adminUsersScreenQueryOptions())
  return <AdminView viewerUuid={viewerUuid} ready />
}

function ManageUsersError(props: ErrorComponentProps) {
  const viewer = useCurrentUser()
  if (!isLoadError(props.error)) return <ErrorFallback {...props} />
  return <AdminView viewerUuid={viewer.uuid} ready={false} error={props.error} />
}

/** The page; its lists wait until the screen's data is `ready`. */
function AdminView({ viewerUuid, ready, error }: { viewerUuid: string; ready: boolean; error?: unknown }) {
  return (
    <>
      <PageHeader
        title={TITLE}
        description="Invite people, change who holds which role, and disable accounts. Guardians are listed with their students."
      />
      <InviteAction />
      {error !== undefined ? (
        <div className="mb-6">
          <Alert tone="danger">This page could not be loaded: {errorMessage(error)}</Alert>
        </div>
      ) : null}
      <div className="flex flex-col gap-6">
        <section aria-labelledby="users-heading" className="card flex min-w-0 flex-col gap-4 p-4 sm:p-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="users-heading" tabIndex={-1} className="text-xl font-semibold outline-none">
              Users
            </h2>
            <FileDownload href="/api/v1/users/export.csv">Download users (CSV)</FileDownload>
          </div>
          <UserManager viewerUuid={viewerUuid} enabled={ready} fallbackFocusId="users-heading" />
        </section>
        <section aria-labelledby="invites-heading" className="card flex min-w-0 flex-col gap-4 p-4 sm:p-6">
          <h2 id="invites-heading" tabIndex={-1} className="text-xl font-semibold outline-none">
            Invites
          </h2>
          <InviteList enabled={ready} fallbackFocusId="invites-heading" />
        </section>
        <section aria-labelledby="import-heading" className="card flex min-w-0 flex-col gap-4 p-4 sm:p-6">
          <h2 id="import-heading" tabIndex={-1} className="text-xl font-semibold outline-none">
            Invite from a CSV file
          </h2>
          <InviteImport />
        </section>
      </div>
    </>
  )
}

/**
 * The page's first action, above the long user list: "Invite someone" opens the invite form in a
 * dialog (staff, a student, or a student's parent or guardian); many people at once go through
 * the CSV import at the foot of the page.
 */
function InviteAction() {
  const [open, setOpen] = useState(false)
  return (
    <div className="mb-6 flex flex-wrap items-center gap-x-4 gap-y-2">
      <button type="button" className="btn btn-primary" onClick={() => setOpen(true)}>
        Invite someone
      </button>
      <a href="#import-heading" className="inline-flex min-h-11 items-center font-medium">
        Invite many from a CSV file
      </a>
      <InviteDialog open={open} onClose={() => setOpen(false)} />
    </div>
  )
}
