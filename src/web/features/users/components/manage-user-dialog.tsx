import { useId, useState } from 'react'
import { type GrantableRole, ROLE_LABELS } from '../../../../shared/roles'
import type { AdminUser, UpdateUserBody } from '../../../../shared/users'
import { Alert } from '../../../components/ui/alert'
import { Modal } from '../../../components/ui/modal'
import { accountStateOf, changeBody, lockedControls, personLabel } from '../account-changes'
import { GuardianOf } from './guardian-of'

interface ManageUserDialogProps {
  user: AdminUser | null
  viewerUuid: string
  onClose: () => void
  /** The change, for the confirmation step that follows. */
  onReview: (body: UpdateUserBody) => void
  /** Opens the email change for this person (the dialog closes first). */
  onChangeEmail: () => void
  /** Opens the deletion for this person (the dialog closes first). */
  onDelete: () => void
}

/** Step one of a role or account change: the four roles and the account's state. */
export function ManageUserDialog({
  user,
  viewerUuid,
  onClose,
  onReview,
  onChangeEmail,
  onDelete,
}: ManageUserDialogProps) {
  return (
    <Modal open={user !== null} onClose={onClose} title={user ? `Manage ${personLabel(user)}` : ''}>
      {user ? (
        <ManageUserForm
          user={user}
          viewerUuid={viewerUuid}
          onCancel={onClose}
          onReview={onReview}
          onChangeEmail={onChangeEmail}
          onDelete={onDelete}
        />
      ) : null}
    </Modal>
  )
}

const ROLE_ORDER: GrantableRole[] = ['admin', 'educator', 'fao', 'student']
const ROLE_HELP: Record<GrantableRole, string> = {
  admin: 'Manages students, users and invites.',
  educator: 'Coaches students on their teams.',
  fao: 'Financial-aid officer: reads the records of students on their teams.',
  student: 'Has a record of scores and documents.',
}

function ManageUserForm({
  user,
  viewerUuid,
  onCancel,
  onReview,
  onChangeEmail,
  onDelete,
}: Omit<ManageUserDialogProps, 'user' | 'onClose'> & { user: AdminUser; onCancel: () => void }) {
  const noteId = useId()
  const before = accountStateOf(user)
  const locked = lockedControls(viewerUuid, user)
  const [state, setState] = useState(before)
  const [unchanged, setUnchanged] = useState(false)

  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    const body = changeBody(before, state)
    if (!body) {
      setUnchanged(true)
      return
    }
    onReview(body)
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <p className="-mt-2 text-ink-muted break-all">{user.email}</p>
      {user.profileGuardian ? (
        <div className="flex flex-col gap-1">
          <p className="font-semibold">Family</p>
          <GuardianOf students={user.guardianOf ?? []} className="" />
          <p className="text-sm text-ink-muted">
            They read {(user.guardianOf ?? []).length === 1 ? 'this record' : 'these records'} as the student
            does. Links are added and removed on the student’s record, under Family.
          </p>
        </div>
      ) : null}
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 font-semibold">Roles</legend>
        {ROLE_ORDER.map((role) => {
          const isLocked = role === 'student' ? locked.student : role === 'admin' ? locked.admin : false
          return (
            <label key={role} className="flex min-h-11 items-start gap-3 py-1">
              <input
                type="checkbox"
                className="mt-0.5 size-5 shrink-0 accent-primary"
                checked={state.roles[role]}
                disabled={isLocked}
                aria-describedby={isLocked ? `${noteId}-${role}` : undefined}
                onChange={(event) => {
                  setUnchanged(false)
                  setState({ ...state, roles: { ...state.roles, [role]: event.target.checked } })
                }}
              />
              <span>
                <span className="font-medium">{ROLE_LABELS[role]}</span>
                <span className="block text-sm text-ink-muted">{ROLE_HELP[role]}</span>
              </span>
            </label>
          )
        })}
        {locked.studentIsGuardian ? (
          <p id={`${noteId}-student`} className="text-sm text-ink-muted">
            A parent or guardian on a student’s record cannot also be a student, who follows no one else’s
            record. For a record of their own, invite them as a student with another email.
          </p>
        ) : locked.student ? (
          <p id={`${noteId}-student`} className="text-sm text-ink-muted">
            A student profile stays for good: to take a student out of everyday lists, archive them on Manage
            Students.
          </p>
        ) : null}
        {locked.admin ? (
          <p id={`${noteId}-admin`} className="text-sm text-ink-muted">
            You cannot remove your own admin role: another admin can.
          </p>
        ) : null}
      </fieldset>

      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 font-semibold">Account</legend>
        <label className="flex min-h-11 items-start gap-3 py-1">
          <input
            type="radio"
            name="account"
            className="mt-0.5 size-5 shrink-0 accent-primary"
            checked={!state.disabled}
            onChange={() => {
              setUnchanged(false)
              setState({ ...state, disabled: false })
            }}
          />
          <span>
            <span className="font-medium">Enabled</span>
            <span className="block text-sm text-ink-muted">They can log in.</span>
          </span>
        </label>
        <label className="flex min-h-11 items-start gap-3 py-1">
          <input
            type="radio"
            name="account"
            className="mt-0.5 size-5 shrink-0 accent-primary"
            checked={state.disabled}
            disabled={locked.disabled}
            aria-describedby={locked.disabled ? `${noteId}-disabled` : undefined}
            onChange={() => {
              setUnchanged(false)
              setState({ ...state, disabled: true })
            }}
          />
          <span>
            <span className="font-medium">Disabled</span>
            <span className="block text-sm text-ink-muted">
              They cannot log in, and their open sessions end at once.
            </span>
          </span>
        </label>
        {locked.disabled ? (
          <p id={`${noteId}-disabled`} className="text-sm text-ink-muted">
            You cannot disable your own account.
          </p>
        ) : null}
      </fieldset>

      <div className="flex flex-col gap-2 border-line border-t pt-4">
        <p className="font-semibold">Email and deletion</p>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-secondary btn-small" onClick={onChangeEmail}>
            Change email…
          </button>
          <button type="button" className="btn btn-danger btn-small" onClick={onDelete}>
            Delete user…
          </button>
        </div>
      </div>

      {unchanged ? (
        <Alert tone="info">Nothing has changed yet: tick or untick a role, or change the account.</Alert>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary">
          Review changes
        </button>
      </div>
    </form>
  )
}
