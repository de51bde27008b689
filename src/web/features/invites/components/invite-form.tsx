import { useId, useRef, useState } from 'react'
import { createInviteBodySchema, type SentInvite } from '../../../../shared/invites'
import { type GrantableRole, ROLE_LABELS } from '../../../../shared/roles'
import { NAME_MAX } from '../../../../shared/users'
import { Alert } from '../../../components/ui/alert'
import { CopyLink } from '../../../components/ui/copy-link'
import { AlertCircleIcon, SpinnerIcon } from '../../../components/ui/icons'
import { errorMessage, fieldProblems } from '../../../lib/api-client'
import { loadZod } from '../../../lib/lazy-zod'
import { useReveal } from '../../../lib/use-reveal'
import { useCreateInvite } from '../api/create-invite'
import { inviteLink } from '../invite-link'
import { inviteCreatedStatus } from '../invite-mail-words'
import { GuardianInviteForm } from './guardian-invite-form'

/** The invite's checkboxes in the invite label order (docs/product.md#roles-and-labels). */
const INVITE_ROLES: GrantableRole[] = ['admin', 'fao', 'educator', 'student']
const NO_ROLES: Record<GrantableRole, boolean> = { admin: false, fao: false, educator: false, student: false }

type Field = 'name' | 'email' | 'roles'
type FieldErrors = Partial<Record<Field, string>>
const fieldOf = (path: unknown): Field => (path === 'email' || path === 'name' ? path : 'roles')

type Kind = 'roles' | 'guardian'
const KINDS: { kind: Kind; label: string; help: string }[] = [
  { kind: 'roles', label: 'Staff or a student', help: 'Admin, FAO, Educator or Student roles.' },
  {
    kind: 'guardian',
    label: 'A parent or guardian',
    help: 'Linked to one student: they read that record as the student does.',
  },
]

/**
 * "Invite someone": first who (staff or a student, or a student's parent or guardian), then the
 * invitee's name, email and roles (or student and relationship), then the link to share.
 */
export function InviteForm() {
  const id = useId()
  const [kind, setKind] = useState<Kind>('roles')
  return (
    <div className="flex flex-col gap-5">
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 font-medium">Who are you inviting?</legend>
        {KINDS.map((entry) => (
          <label key={entry.kind} className="flex min-h-11 items-start gap-3 py-1">
            <input
              type="radio"
              name={`${id}-kind`}
              className="mt-0.5 size-5 shrink-0 accent-primary"
              checked={kind === entry.kind}
              onChange={() => setKind(entry.kind)}
            />
            <span>
              <span className="font-medium">{entry.label}</span>
              <span className="block text-sm text-ink-muted">{entry.help}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {kind === 'roles' ? <RoleInviteForm /> : <GuardianInviteForm />}
    </div>
  )
}

/** A general invite: the name (optional), an optional email and the roles. */
function RoleInviteForm() {
  const id = useId()
  const firstRoleRef = useRef<HTMLInputElement>(null)
  const nameRef = useRef<HTMLInputElement>(null)
  const emailRef = useRef<HTMLInputElement>(null)
  const createInvite = useCreateInvite()
  const [roles, setRoles] = useState(NO_ROLES)
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [created, setCreated] = useState<SentInvite | null>(null)
  // The form stays open for the link: its confirmation is shown here, in view, not as a toast.
  const revealed = useReveal<HTMLDivElement>(created)

  const showErrors = (found: FieldErrors) => {
    setErrors(found)
    if (found.name) nameRef.current?.focus()
    else if (found.email) emailRef.current?.focus()
    else if (found.roles) firstRoleRef.current?.focus()
  }

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    setFormError(null)
    await loadZod()
    const parsed = createInviteBodySchema.safeParse({ ...roles, name, email: email.trim() })
    if (!parsed.success) {
      const found: FieldErrors = {}
      for (const issue of parsed.error.issues) found[fieldOf(issue.path[0])] ??= issue.message
      showErrors(found)
      return
    }
    setErrors({})
    try {
      const invite = await createInvite.mutateAsync(parsed.data)
      setCreated(invite)
      setRoles(NO_ROLES)
      setName('')
      setEmail('')
    } catch (error) {
      const problems = fieldProblems(error)
      const found: FieldErrors = {}
      for (const problem of problems) found[fieldOf(problem.path)] ??= problem.message
      if (problems.length > 0) showErrors(found)
      else setFormError(errorMessage(error))
    }
  }

  return (
    <div className="flex flex-col gap-5">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {formError ? <Alert tone="danger">Could not create the invite: {formError}</Alert> : null}
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-name`} className="font-medium">
            Name <span className="font-normal text-ink-muted">(optional)</span>
          </label>
          <input
            ref={nameRef}
            id={`${id}-name`}
            className="field-input"
            autoComplete="off"
            maxLength={NAME_MAX}
            value={name}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={`${id}-name-help${errors.name ? ` ${id}-name-error` : ''}`}
            onChange={(event) => setName(event.target.value)}
          />
          <p id={`${id}-name-help`} className="text-sm text-ink-muted">
            The invite list shows it and the email greets them by it; they confirm it when they sign up.
          </p>
          {errors.name ? <FieldError id={`${id}-name-error`} message={errors.name} /> : null}
        </div>
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
        <div
          ref={revealed}
          tabIndex={-1}
          className="flex flex-col gap-3 rounded-lg border border-success/40 bg-success-soft/40 p-4 outline-none"
        >
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
