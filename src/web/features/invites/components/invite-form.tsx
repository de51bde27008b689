import { useId, useRef, useState } from 'react'
import { createInviteBodySchema, type SentInvite } from '../../../../shared/invites'
import { type GrantableRole, ROLE_LABELS } from '../../../../shared/roles'
import { Alert } from '../../../components/ui/alert'
import { CopyLink } from '../../../components/ui/copy-link'
import { AlertCircleIcon, SpinnerIcon } from '../../../components/ui/icons'
import { toast } from '../../../components/ui/toast'
import { errorMessage, isApiError } from '../../../lib/api-client'
import { useCreateInvite } from '../api/create-invite'
import { inviteLink } from '../invite-link'
import { inviteCreatedStatus, inviteCreatedToast } from '../invite-mail-words'

/** The invite's checkboxes in the invite label order (docs/product.md#roles-and-labels). */
const INVITE_ROLES: GrantableRole[] = ['admin', 'fao', 'educator', 'student']
const NO_ROLES: Record<GrantableRole, boolean> = { admin: false, fao: false, educator: false, student: false }

interface FieldErrors {
  roles?: string
  email?: string
}

/** "Invite someone": roles and an optional email, then the link to share. */
export function InviteForm() {
  const id = useId()
  const firstRoleRef = useRef<HTMLInputElement>(null)
  const emailRef = useRef<HTMLInputElement>(null)
  const createInvite = useCreateInvite()
  const [roles, setRoles] = useState(NO_ROLES)
  const [email, setEmail] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [created, setCreated] = useState<SentInvite | null>(null)

  const showErrors = (found: FieldErrors) => {
    setErrors(found)
    if (found.roles) firstRoleRef.current?.focus()
    else if (found.email) emailRef.current?.focus()
  }

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    setFormError(null)
    const parsed = createInviteBodySchema.safeParse({ ...roles, email: email.trim() })
    if (!parsed.success) {
      const found: FieldErrors = {}
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'email' ? 'email' : 'roles'
        found[field] ??= issue.message
      }
      showErrors(found)
      return
    }
    setErrors({})
    try {
      const invite = await createInvite.mutateAsync(parsed.data)
      setCreated(invite)
      setRoles(NO_ROLES)
      setEmail('')
      toast(inviteCreatedToast(invite))
    } catch (error) {
      const problems = isApiError(error, 400) ? (error.problem?.errors ?? []) : []
      const found: FieldErrors = {}
      for (const problem of problems) found[problem.path === 'email' ? 'email' : 'roles'] ??= problem.message
      if (problems.length > 0) showErrors(found)
      else setFormError(errorMessage(error))
    }
  }

  return (
    <div className="flex flex-col gap-5">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {formError ? <Alert tone="danger">Could not create the invite: {formError}</Alert> : null}
        <fieldset
          className="flex flex-col gap-1"
          aria-describedby={errors.roles ? `${id}-roles-error` : undefined}
        >
          <legend className="mb-1 font-medium">Roles</legend>
          <div className="flex flex-wrap gap-x-6">
            {INVITE_ROLES.map((role, index) => (
              <label key={role} className="flex min-h-11 items-center gap-3">
                <input
                  ref={index === 0 ? firstRoleRef : undefined}
                  type="checkbox"
                  className="size-5 accent-primary"
                  checked={roles[role]}
                  aria-invalid={errors.roles ? true : undefined}
                  onChange={(event) => setRoles({ ...roles, [role]: event.target.checked })}
                />
                <span>{ROLE_LABELS[role]}</span>
              </label>
            ))}
          </div>
          {errors.roles ? <FieldError id={`${id}-roles-error`} message={errors.roles} /> : null}
        </fieldset>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-email`} className="font-medium">
            Email <span className="font-normal text-ink-muted">(optional)</span>
          </label>
          <input
            ref={emailRef}
            id={`${id}-email`}
            type="email"
            className="field-input"
            autoComplete="off"
            value={email}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={`${id}-email-help${errors.email ? ` ${id}-email-error` : ''}`}
            onChange={(event) => setEmail(event.target.value)}
          />
          <p id={`${id}-email-help`} className="text-sm text-ink-muted">
            With an email, we send the link there and only that address can use it. Without one, anyone with
            the link can.
          </p>
          {errors.email ? <FieldError id={`${id}-email-error`} message={errors.email} /> : null}
        </div>
        <div>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={createInvite.isPending}
            aria-disabled={createInvite.isPending}
          >
            {createInvite.isPending ? <SpinnerIcon className="size-4" /> : null}
            {createInvite.isPending ? 'Creating…' : 'Create invite'}
          </button>
        </div>
      </form>

      {created ? (
        <div className="flex flex-col gap-3 rounded-lg border border-success/40 bg-success-soft/40 p-4">
          <Alert tone="success" role="status">
            {inviteCreatedStatus(created)}
          </Alert>
          <CopyLink url={inviteLink(created.uuid)} showField />
        </div>
      ) : null}
    </div>
  )
}

function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm font-medium text-danger">
      <AlertCircleIcon className="mt-0.5 size-4 shrink-0" />
      <span>{message}</span>
    </p>
  )
}
