import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { type AdminUser, type ChangeEmailBody, changeEmailBodySchema } from '../../../../shared/users'
import { Alert } from '../../../components/ui/alert'
import { Modal } from '../../../components/ui/modal'
import { SubmitButton } from '../../../components/ui/submit-button'
import { TextField } from '../../../components/ui/text-field'
import { toast } from '../../../components/ui/toast'
import { errorMessage, isApiError } from '../../../lib/api-client'
import { showFieldProblems } from '../../../lib/field-problems'
import { zodResolver } from '../../../lib/zod-resolver'
import { personLabel } from '../account-changes'
import { useChangeUserEmail } from '../api/account-admin'

interface ChangeEmailDialogProps {
  user: AdminUser | null
  onClose: () => void
  fallbackFocus?: () => void
}

/** An admin changes a person's login email; both addresses are told (docs/product.md#what-admins-may-change). */
export function ChangeEmailDialog({ user, onClose, fallbackFocus }: ChangeEmailDialogProps) {
  return (
    <Modal
      open={user !== null}
      onClose={onClose}
      title={user ? `Change ${personLabel(user)}’s email` : ''}
      fallbackFocus={fallbackFocus}
    >
      {user ? <ChangeEmailForm user={user} onDone={onClose} /> : null}
    </Modal>
  )
}

function ChangeEmailForm({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const changeEmail = useChangeUserEmail()
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm<ChangeEmailBody>({
    resolver: zodResolver(changeEmailBodySchema),
    defaultValues: { email: '' },
  })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null)
    try {
      const changed = await changeEmail.mutateAsync({ uuid: user.uuid, body: values })
      toast(`Email changed to ${changed.email}`)
      onDone()
    } catch (error) {
      // A taken address is a 409 that names the field: show it there too.
      if (isApiError(error, 409) && error.problem?.code === 'email-taken') {
        form.setError('email', { message: error.problem.detail }, { shouldFocus: true })
        return
      }
      if (!showFieldProblems(form, error, ['email'])) setFormError(errorMessage(error))
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <p className="text-ink-muted">
        Now: <span className="font-medium break-all text-ink">{user.email}</span>
      </p>
      {formError ? <Alert tone="danger">{formError}</Alert> : null}
      <TextField
        label="New email"
        type="email"
        autoComplete="off"
        maxLength={254}
        help="They log in with it from now on, with the same password. We email both the old and the new address."
        registration={form.register('email')}
        error={errors.email?.message}
      />
      <SubmitButton pending={isSubmitting} pendingLabel="Changing…">
        Change email
      </SubmitButton>
    </form>
  )
}
