import { useState } from 'react'
import type { AdminUser, UpdateUserBody } from '../../../../shared/users'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { lazyDialog } from '../../../components/ui/lazy-dialog'
import { toast } from '../../../components/ui/toast'
import { personLabel, summarizeChange } from '../account-changes'
import { useUpdateUser } from '../api/update-user'
import { UserList } from './user-list'

const ChangeEmailDialog = lazyDialog(
  () => import('./change-email-dialog').then((module) => module.ChangeEmailDialog),
  ({ user }) => user !== null,
)
const DeleteUserDialog = lazyDialog(
  () => import('./delete-user-dialog').then((module) => module.DeleteUserDialog),
  ({ user }) => user !== null,
)
const ManageUserDialog = lazyDialog(
  () => import('./manage-user-dialog').then((module) => module.ManageUserDialog),
  ({ user }) => user !== null,
)

interface UserManagerProps {
  viewerUuid: string
  enabled: boolean
  /** Where focus goes when the changed row leaves the list (a filter no longer matches it). */
  fallbackFocusId: string
}

/**
 * Manage Users' list: each row's Manage button, then a confirmation that names the change; from
 * the Manage dialog also the email change and the deletion, each in its own dialog.
 */
export function UserManager({ viewerUuid, enabled, fallbackFocusId }: UserManagerProps) {
  const [editing, setEditing] = useState<AdminUser | null>(null)
  const [change, setChange] = useState<{ user: AdminUser; body: UpdateUserBody } | null>(null)
  const [emailOf, setEmailOf] = useState<AdminUser | null>(null)
  const [deleting, setDeleting] = useState<AdminUser | null>(null)
  const focusList = () => document.getElementById(fallbackFocusId)?.focus()
  const updateUser = useUpdateUser()
  const summary = change ? summarizeChange(change.user, change.body) : null

  return (
    <>
      <UserList
        enabled={enabled}
        emptyHint="Use “Invite someone” above: people join by following its link."
        actions={(user) => (
          <button type="button" className="btn btn-secondary btn-small" onClick={() => setEditing(user)}>
            Manage<span className="sr-only"> {personLabel(user)}</span>
          </button>
        )}
      />
      <ManageUserDialog
        user={editing}
        viewerUuid={viewerUuid}
        onClose={() => setEditing(null)}
        onReview={(body) => {
          if (!editing) return
          setChange({ user: editing, body })
          setEditing(null)
        }}
        onChangeEmail={() => {
          setEmailOf(editing)
          setEditing(null)
        }}
        onDelete={() => {
          setDeleting(editing)
          setEditing(null)
        }}
      />
      <ChangeEmailDialog user={emailOf} onClose={() => setEmailOf(null)} fallbackFocus={focusList} />
      <DeleteUserDialog
        user={deleting}
        viewerUuid={viewerUuid}
        onClose={() => setDeleting(null)}
        fallbackFocus={focusList}
      />
      <ConfirmDialog
        open={change !== null}
        onClose={() => setChange(null)}
        title={summary?.title ?? ''}
        description={summary?.description}
        confirmLabel={summary?.confirmLabel ?? ''}
        tone={summary?.destructive === false ? 'primary' : 'danger'}
        fallbackFocus={focusList}
        onConfirm={async () => {
          if (!change || !summary) return
          await updateUser.mutateAsync({ uuid: change.user.uuid, body: change.body })
          toast(summary.done)
        }}
      />
    </>
  )
}
