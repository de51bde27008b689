import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import {
  type Guardian,
  type GuardianInviteBody,
  type GuardianInviteInput,
  guardianInviteBodySchema,
  RELATIONSHIP_MAX,
} from '../../../../shared/guardians'
import type { InviteMailOutcome } from '../../../../shared/invites'
import { kindOf } from '../../../../shared/record-rules'
import type { Student } from '../../../../shared/students'
import { type CurrentUser, NAME_MAX } from '../../../../shared/users'
import { Alert } from '../../../components/ui/alert'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { CopyLink } from '../../../components/ui/copy-link'
import { SpinnerIcon } from '../../../components/ui/icons'
import { TextField } from '../../../components/ui/text-field'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { showFieldProblems } from '../../../lib/field-problems'
import { guardianInviteWords } from '../../../lib/invite-mail-outcome'
import { canManageFamily, canOpenGuardianProfile, type RecordAccess } from '../../../lib/record-access'
import { zodResolver } from '../../../lib/zod-resolver'
import { useInviteGuardian, useRemoveGuardian } from '../api/guardians'
import { PendingGuardianInvites } from './pending-guardian-invites'
import { SentInvites } from './sent-invites'

interface FamilySectionProps {
  student: Student
  viewer: CurrentUser
  access: RecordAccess
}

const guardianName = (guardian: Guardian) => guardian.name || guardian.email || 'Unnamed guardian'

/**
 * "Family": the student's parents and legal guardians, who read the record as the student does.
 * Admins and educators on the team invite them and remove them.
 */
export function FamilySection({ student, viewer, access }: FamilySectionProps) {
  const manage = canManageFamily(access)
  const [removing, setRemoving] = useState<Guardian | null>(null)
  const removeGuardian = useRemoveGuardian(student.uuid)
  const studentName = student.name || 'the student'

  return (
    <section aria-labelledby="family-heading" className="card flex min-w-0 flex-col gap-4 p-4 sm:p-6">
      <div>
        <h2 id="family-heading" tabIndex={-1} className="text-xl font-semibold outline-none">
          Family
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          Parents and guardians read this record as {studentName} does: no internal notes, no hidden
          documents.
        </p>
      </div>
      {student.guardians.length === 0 ? (
        <p className="text-ink-muted">
          No parent or guardian linked yet.{' '}
          {manage
            ? 'Invite one below so they can follow scores, documents and shared session notes.'
            : 'A coach can invite them so they can follow scores and shared session notes.'}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {student.guardians.map((guardian) => (
            <li key={guardian.uuid} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
              <div className="flex min-w-0 flex-col">
                <span className="break-words">
                  {canOpenGuardianProfile(access, viewer, guardian.uuid) ? (
                    <Link to="/users/$uuid" params={{ uuid: guardian.uuid }} className="font-semibold">
                      {guardianName(guardian)}
                    </Link>
                  ) : (
                    <span className="font-semibold">{guardianName(guardian)}</span>
                  )}{' '}
                  <span className="text-ink-muted">({guardian.relationship})</span>
                  {guardian.notAccepted ? (
                    <>
                      {' '}
                      <span
                        className="rounded-full border border-warning/40 bg-warning-soft px-2 py-0.5 text-xs font-semibold text-warning"
                        title="Linked at once by an educator before links needed the person's acceptance. It gives no access to staff or student accounts."
                      >
                        Not accepted
                      </span>
                    </>
                  ) : null}
                </span>
                {guardian.email ? (
                  <span className="text-sm text-ink-muted [overflow-wrap:anywhere]">{guardian.email}</span>
                ) : null}
              </div>
              {manage ? (
                <button
                  type="button"
                  className="btn btn-quiet btn-small text-danger"
                  aria-label={`Remove ${guardianName(guardian)} (${guardian.relationship})`}
                  onClick={() => setRemoving(guardian)}
                >
                  Remove
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {manage ? <PendingGuardianInvites studentUuid={student.uuid} studentName={studentName} /> : null}
      {kindOf(access) === 'self' ? <SentInvites studentUuid={student.uuid} /> : null}
      {manage ? <InviteGuardianForm student={student} admin={access === 'admin'} /> : null}
      {manage ? (
        <ConfirmDialog
          open={removing !== null}
          onClose={() => setRemoving(null)}
          title={removing ? `Remove ${guardianName(removing)} (${removing.relationship})?` : ''}
          description={`They will no longer see ${studentName}'s record. Documents they added stay.`}
          confirmLabel="Remove guardian"
          fallbackFocus={() => document.getElementById('family-heading')?.focus()}
          onConfirm={async () => {
            if (!removing) return
            await removeGuardian.mutateAsync(removing.uuid)
            toast(`${guardianName(removing)} removed from ${studentName}'s family`)
          }}
        />
      ) : null}
    </section>
  )
}

type Outcome =
  | { kind: 'invited'; email: string; link: string; mail: InviteMailOutcome | undefined }
  | { kind: 'linked'; name: string }

/**
 * Email, relationship and, optionally, name; says that an invite went out (for an educator, always: an existing
 * account accepts it) or, for an admin, that an existing account was linked at once.
 */
function InviteGuardianForm({ student, admin }: { student: Student; admin: boolean }) {
  const inviteGuardian = useInviteGuardian(student.uuid)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm<GuardianInviteInput, unknown, GuardianInviteBody>({
    resolver: zodResolver(guardianInviteBodySchema),
    defaultValues: { email: '', relationship: '', name: '' },
  })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null)
    setOutcome(null)
    try {
      const result = await inviteGuardian.mutateAsync(values)
      if (result.guardian) {
        setOutcome({ kind: 'linked', name: result.guardian.name || values.email })
      } else {
        setOutcome({ kind: 'invited', email: values.email, link: result.link ?? '', mail: result.mail })
      }
      form.reset()
    } catch (error) {
      if (!showFieldProblems(form, error, ['email', 'relationship', 'name']))
        setFormError(errorMessage(error))
    }
  })

  return (
    <div className="flex flex-col gap-3 border-t border-line pt-4">
      <h3 className="font-semibold">Invite a parent or guardian</h3>
      {outcome?.kind === 'invited' ? (
        <div className="flex flex-col gap-3">
          <Alert tone={outcome.mail === 'failed' ? 'warning' : 'success'} role="status">
            {guardianInviteWords(outcome.email, outcome.mail)}
          </Alert>
          {outcome.link ? <CopyLink url={outcome.link} context={`for ${outcome.email}`} showField /> : null}
        </div>
      ) : null}
      {outcome?.kind === 'linked' ? (
        <Alert tone="success" role="status">
          {outcome.name} already had an account and can now see this record.
        </Alert>
      ) : null}
      {formError ? <Alert tone="danger">{formError}</Alert> : null}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          help={
            admin
              ? 'We email them a link to create an account, or link their account at once if they have one.'
              : 'We email them a link to accept, creating an account if they need one.'
          }
          registration={form.register('email')}
          error={errors.email?.message}
        />
        <TextField
          label="Relationship"
          help={`How they are related to ${student.name || 'the student'}, such as Mother or Legal guardian (at most ${RELATIONSHIP_MAX} characters).`}
          maxLength={RELATIONSHIP_MAX}
          registration={form.register('relationship')}
          error={errors.relationship?.message}
        />
        <TextField
          label="Name (optional)"
          help="The list of invites waiting for an answer shows it, the email greets them by it and sign-up starts from it."
          maxLength={NAME_MAX}
          autoComplete="off"
          registration={form.register('name')}
          error={errors.name?.message}
        />
        <div>
          <button
            type="submit"
            className="btn btn-secondary"
            disabled={isSubmitting}
            aria-disabled={isSubmitting}
          >
            {isSubmitting ? <SpinnerIcon className="size-4" /> : null}
            {isSubmitting ? 'Inviting…' : 'Invite guardian'}
          </button>
        </div>
      </form>
    </div>
  )
}
