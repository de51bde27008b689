import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { changePasswordFormSchema } from '../../../../shared/auth'
import { PASSWORD_MIN } from '../../../../shared/validation'
import { Alert } from '../../../components/ui/alert'
import { SubmitButton } from '../../../components/ui/submit-button'
import { TextField } from '../../../components/ui/text-field'
import { toast } from '../../../components/ui/toast'
import { showFieldProblems } from '../../../lib/field-problems'
import { zodResolver } from '../../../lib/zod-resolver'
import { changePassword } from '../api/log-in'
import { authErrorMessage, isWrongCurrentPassword } from '../auth-errors'

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' }

/** /settings "Password": better-auth's change-password, which also ends the other sessions. */
export function PasswordForm() {
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm({ resolver: zodResolver(changePasswordFormSchema), defaultValues: EMPTY })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setFormError(null)
    try {
      await changePassword({ currentPassword, newPassword })
      form.reset(EMPTY)
      toast('Password changed')
    } catch (error) {
      if (isWrongCurrentPassword(error)) {
        form.setError(
          'currentPassword',
          { message: 'Your current password is not correct.' },
          { shouldFocus: true },
        )
      } else if (!showFieldProblems(form, error, ['newPassword'])) {
        setFormError(authErrorMessage(error))
      }
    }
  })

  return (
    <section aria-labelledby="password-heading" className="card flex flex-col gap-4 p-4 sm:p-6">
      <div>
        <h2 id="password-heading" className="text-xl font-semibold">
          Password
        </h2>
        <p className="mt-1 text-ink-muted">
          Changing it logs you out everywhere else; this browser stays logged in.
        </p>
      </div>
      <form noValidate onSubmit={onSubmit} className="flex max-w-xl flex-col gap-5">
        {formError ? <Alert tone="danger">{formError}</Alert> : null}
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          registration={form.register('currentPassword')}
          error={errors.currentPassword?.message}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          help={`At least ${PASSWORD_MIN} characters.`}
          registration={form.register('newPassword')}
          error={errors.newPassword?.message}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          registration={form.register('confirmPassword')}
          error={errors.confirmPassword?.message}
        />
        <div className="sm:w-48">
          <SubmitButton pending={isSubmitting} pendingLabel="Changing…">
            Change password
          </SubmitButton>
        </div>
      </form>
    </section>
  )
}
