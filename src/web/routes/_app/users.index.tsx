import { createFileRoute, Link } from '@tanstack/react-router'
import { AdminsOnlyNotice } from '../../components/layout/admins-only-notice'
import { PageHeader } from '../../components/layout/page-header'
import { useCurrentUser } from '../../features/auth/api/get-current-user'
import { UserList } from '../../features/users/components/user-list'

export const Route = createFileRoute('/_app/users/')({
  component: UsersPage,
})

/** /users: the admins' read-only user list; everyone else learns it is for admins (docs/product.md#screens-and-navigation). */
function UsersPage() {
  const viewer = useCurrentUser()
  if (viewer.profileAdmin == null) {
    return (
      <AdminsOnlyNotice
        title="Users"
        heading="The user list is for admins"
        text="Admins see everyone with an account here. Your own pages are on My Dashboard."
      />
    )
  }
  return (
    <>
      <PageHeader
        title="Users"
        description="Everyone with an account: students, educators, financial-aid officers and admins."
      />
      <section aria-label="Users" className="card flex min-w-0 flex-col gap-4 p-4 sm:p-6">
        <p>
          To change roles, disable an account or invite someone, go to{' '}
          <Link to="/admin/users">Manage Users</Link>.
        </p>
        <UserList emptyHint="Invite people from Manage Users." />
      </section>
    </>
  )
}
