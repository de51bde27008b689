import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { type ReactNode, useId, useState } from 'react'
import { ROLE_LABELS, ROLES, type Role, rolesOf } from '../../../../shared/roles'
import type { AdminUser } from '../../../../shared/users'
import { Alert } from '../../../components/ui/alert'
import { LoadMore } from '../../../components/ui/load-more'
import { RoleBadges } from '../../../components/ui/role-badges'
import { ListSkeleton } from '../../../components/ui/skeleton'
import { errorMessage } from '../../../lib/api-client'
import { useDebouncedValue } from '../../../lib/use-debounced-value'
import { personLabel } from '../account-changes'
import { usersQueryOptions } from '../api/get-users'
import { GuardianOf } from './guardian-of'

interface UserListProps {
  /** Off until the page's own screen data has loaded (docs/product.md#screens-and-navigation: the screen first). */
  enabled?: boolean
  /** The admin's controls for a row; without them the list is read-only. */
  actions?: (user: AdminUser) => ReactNode
  /** A text with the empty state: what to do when there is nobody yet. */
  emptyHint?: ReactNode
}

/**
 * Everyone with an account, searchable by name or email, filtered by role, a page at a time
 * (`GET /v1/users`). A table on wide screens; stacked cards under 640 px.
 */
export function UserList({ enabled = true, actions, emptyHint }: UserListProps) {
  const searchId = useId()
  const roleId = useId()
  const [search, setSearch] = useState('')
  const [role, setRole] = useState<Role | ''>('')
  const q = useDebouncedValue(search.trim())
  const users = useInfiniteQuery({
    ...usersQueryOptions({ q, role }),
    enabled,
    placeholderData: keepPreviousData,
  })
  const rows = users.data?.pages.flatMap((page) => page.users) ?? []
  const filtered = q !== '' || role !== ''
  const clear = () => {
    setSearch('')
    setRole('')
  }

  return (
    <div className="flex flex-col gap-4">
      <search aria-label="Users">
        <form
          className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem]"
          onSubmit={(event) => event.preventDefault()}
        >
          <div className="flex flex-col gap-1.5">
            <label htmlFor={searchId} className="font-medium">
              Search by name or email
            </label>
            <input
              id={searchId}
              type="search"
              className="field-input"
              value={search}
              autoComplete="off"
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <label htmlFor={roleId} className="font-medium">
              Role
            </label>
            <select
              id={roleId}
              className="field-input"
              value={role}
              onChange={(event) => setRole(event.target.value as Role | '')}
            >
              <option value="">All roles</option>
              {ROLES.map((value) => (
                <option key={value} value={value}>
                  {ROLE_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
        </form>
      </search>

      {users.isPending ? (
        <UserListSkeleton />
      ) : users.isError && rows.length === 0 ? (
        <Alert tone="danger">The users could not be loaded: {errorMessage(users.error)}</Alert>
      ) : rows.length === 0 ? (
        <div className="rounded-lg border border-dashed border-line-strong p-5">
          {filtered ? (
            <>
              <p className="font-semibold">No users match {describeFilters(q, role)}.</p>
              <p className="mt-1 text-ink-muted">
                Check the spelling, or search for part of a name or email.
              </p>
              <button type="button" className="btn btn-secondary btn-small mt-3" onClick={clear}>
                Clear search and filter
              </button>
            </>
          ) : (
            <>
              <p className="font-semibold">No users yet.</p>
              {emptyHint ? <p className="mt-1 text-ink-muted">{emptyHint}</p> : null}
            </>
          )}
        </div>
      ) : (
        <UserTable users={rows} actions={actions} />
      )}

      <LoadMore
        query={users}
        label="Load more users"
        status={
          users.isSuccess && rows.length > 0
            ? `Showing ${rows.length} ${rows.length === 1 ? 'user' : 'users'}${users.hasNextPage ? '; more to load' : ''}${filtered ? ` matching ${describeFilters(q, role)}` : ''}.`
            : ''
        }
      />
    </div>
  )
}

function describeFilters(q: string, role: Role | '') {
  const parts = [q ? `“${q}”` : null, role ? `the ${ROLE_LABELS[role]} role` : null].filter(Boolean)
  return parts.join(' with ')
}

function UserTable({ users, actions }: { users: AdminUser[]; actions: UserListProps['actions'] }) {
  return (
    <table className="data-table data-table-stacked">
      <caption className="sr-only">Users, with their roles and account status</caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Email</th>
          <th scope="col">Roles</th>
          <th scope="col">Status</th>
          {actions ? (
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {users.map((user) => (
          <tr key={user.uuid}>
            <th scope="row" className="cell-wide">
              <Link to="/users/$uuid" params={{ uuid: user.uuid }} className="font-semibold break-words">
                {user.name || (
                  <span className="font-normal italic">
                    Not onboarded yet<span className="sr-only"> ({user.email})</span>
                  </span>
                )}
              </Link>
            </th>
            <td data-label="Email">
              <span className="min-w-0 text-right [overflow-wrap:anywhere] sm:text-left">{user.email}</span>
            </td>
            <td data-label="Roles">
              {rolesOf(user).length > 0 ? (
                <div className="flex min-w-0 flex-col items-end gap-1.5 sm:items-start">
                  <RoleBadges user={user} label={`Roles of ${personLabel(user)}`} />
                  {user.guardianOf ? (
                    <GuardianOf students={user.guardianOf} className="text-right text-sm sm:text-left" />
                  ) : null}
                </div>
              ) : (
                <span className="text-ink-muted">No role</span>
              )}
            </td>
            <td data-label="Status">
              <StatusBadges user={user} />
            </td>
            {actions ? <td className="cell-wide sm:text-right">{actions(user)}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

const pill = 'rounded-full border px-2.5 py-0.5 text-xs font-semibold'

function StatusBadges({ user }: { user: AdminUser }) {
  if (!user.disabled && !user.archived) return <span className="text-sm text-ink-muted">Active</span>
  return (
    <span className="flex flex-wrap gap-1.5">
      {user.disabled ? (
        <span className={`${pill} border-danger/40 bg-danger-soft text-danger`}>Disabled</span>
      ) : null}
      {user.archived ? (
        <span className={`${pill} border-warning/40 bg-warning-soft text-warning`}>Archived</span>
      ) : null}
    </span>
  )
}

function UserListSkeleton() {
  return (
    <ListSkeleton
      label="Loading users…"
      rows={['h-10 w-full', 'h-10 w-full', 'h-10 w-full', 'h-10 w-full']}
    />
  )
}
