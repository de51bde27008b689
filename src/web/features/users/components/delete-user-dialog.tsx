import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import type { AdminUser } from '../../../../shared/users'
import { Alert } from '../../../components/ui/alert'
import { SpinnerIcon } from '../../../components/ui/icons'
import { Modal } from '../../../components/ui/modal'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { personLabel } from '../account-changes'
import { useDeleteUser } from '../api/account-admin'

interface DeleteUserDialogProps {
  user: AdminUser | null
  viewerUuid: string
  onClose: () => void
  /** The deleted row took its button with it: focus goes here instead. */
  fallbackFocus?: () => void
}

/**
 * Deleting a person for good (docs/product.md#deleting-a-person): the person's email typed again
 * before the red button works; a student must be archived first, and an admin never deletes themself.
 */
export function DeleteUserDialog({ user, viewerUuid, onClose, fallbackFocus }: DeleteUserDialogProps) {
  return (
    <Modal
      open={user !== null}
      onClose={onClose}
      role="alertdialog"
      title={user ? `Delete ${personLabel(user)}?` : ''}
      fallbackFocus={fallbackFocus}
    >
      {user ? <DeleteUserBody user={user} viewerUuid={viewerUuid} onClose={onClose} /> : null}
    </Modal>
  )
}

function DeleteUserBody({
  user,
  viewerUuid,
  onClose,
}: {
  user: AdminUser
  viewerUuid: string
  onClose: () => void
}) {
  const label = personLabel(user)
  const student = user.profileStudent != null
  if (user.uuid === viewerUuid) {
    return (
      <Refusal onClose={onClose}>
        <p>You cannot delete your own account. Another admin can.</p>
      </Refusal>
    )
  }
  if (student && !user.archived) {
    return (
      <Refusal onClose={onClose}>
        <p>
          {label} is a student who is not archived. A student is deleted only once archived: archive them on{' '}
          <Link to="/admin/students" className="font-medium">
            Manage Students
          </Link>{' '}
          first, then come back here.
        </p>
        <p className="text-ink-muted">Archiving keeps their record; deleting then removes it for good.</p>
      </Refusal>
    )
  }
  return <ConfirmByEmail user={user} student={student} onClose={onClose} />
}

function Refusal({ children, onClose }: { children: React.ReactNode; onClose: () => void }) {
  return (
    <>
      <div className="flex flex-col gap-2">{children}</div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </>
  )
}

function ConfirmByEmail({
  user,
  student,
  onClose,
}: {
  user: AdminUser
  student: boolean
  onClose: () => void
}) {
  const inputId = useId()
  const helpId = `${inputId}-help`
  const deleteUser = useDeleteUser()
  const [typed, setTyped] = useState('')
  const [error, setError] = useState<string | null>(null)
  const label = personLabel(user)
  const children = user.guardianOf ?? []
  const matches = typed.trim().toLowerCase() === user.email.toLowerCase()
  const pending = deleteUser.isPending

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (!matches || pending) return
    setError(null)
    try {
      await deleteUser.mutateAsync({ uuid: user.uuid, body: { confirmEmail: typed.trim() } })
      toast(`${label} was deleted`)
      onClose()
    } catch (caught) {
      setError(errorMessage(caught))
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <p>
          {student
            ? 'Their account and their whole record go for good: scores, targets, documents, session notes, tasks, the college list, their team and their family links.'
            : children.length > 0 && !user.profileEducator && !user.profileFao && !user.profileAdmin
              ? 'Their account goes for good, with its sign-in sessions and settings.'
              : 'Their account goes for good: sessions, profiles, team places and family links.'}
        </p>
        {children.length > 0 ? (
          <p>
            As a guardian, they are linked to {childNames(children)}: those links go with the account, and
            they no longer see {children.length === 1 ? 'that record' : 'those records'}.{' '}
            {children.length === 1 ? 'The student and their record' : 'The students and their records'} stay
            as they are.
          </p>
        ) : null}
        <p className="text-ink-muted">
          Documents, notes and tasks they wrote on other records stay, shown as by “Deleted user”. The
          activity log keeps its events with their name and email replaced by “Deleted user”. This cannot be
          undone.
        </p>
      </div>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={inputId} className="font-medium">
          Type their email to confirm
        </label>
        <input
          id={inputId}
          type="email"
          className="field-input"
          autoComplete="off"
          spellCheck={false}
          aria-describedby={helpId}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <p id={helpId} className="text-sm text-ink-muted break-all">
          Their email: {user.email}
        </p>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-secondary" onClick={onClose} disabled={pending}>
          Cancel
        </button>
        <button
          type="submit"
          className="btn btn-danger"
          disabled={!matches || pending}
          aria-disabled={!matches || pending}
        >
          {pending ? <SpinnerIcon className="size-4" /> : null}
          Delete {label} for good
        </button>
      </div>
    </form>
  )
}

/** Each student with the relationship, as a list in words: "A (Mother)", "A (Mother) and B (Mother)". */
function childNames(students: NonNullable<AdminUser['guardianOf']>) {
  const names = students.map((student) => `${student.name || 'an unnamed student'} (${student.relationship})`)
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}
