import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { totpCodeField, verifyBackupCodeBodySchema } from '../../../../shared/auth'
import { Alert } from '../../../components/ui/alert'
import { SubmitButton } from '../../../components/ui/submit-button'
import { TextField } from '../../../components/ui/text-field'
import { verifyBackupCode, verifyTotp } from '../../../features/auth/api/two-factor'
import { authErrorMessage } from '../../../features/auth/auth-errors'
import { isApiError } from '../../../lib/api-client'

const appCodeSchema = z.object({ code: totpCodeField, trustDevice: z.boolean() })
const backupCodeSchema = z.object({ code: verifyBackupCodeBodySchema.shape.code, trustDevice: z.boolean() })

/**
 * The login's second step, after a correct password on an account with two-factor: the app's
 * six-digit code, or one of the printed backup codes. `onDone` runs once a session exists.
 */
export function TwoFactorStep({ onDone, onCancel }: { onDone: () => Promise<void>; onCancel: () => void }) {
  const [backup, setBackup] = useState(false)
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm({
    resolver: zodResolver(backup ? backupCodeSchema : appCodeSchema),
    defaultValues: { code: '', trustDevice: false },
  })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async ({ code, trustDevice }) => {
    setFormError(null)
    try {
      await (backup ? verifyBackupCode(code, trustDevice) : verifyTotp(code, trustDevice))
      await onDone()
    } catch (error) {
      if (isApiError(error, 401) && error.problem?.code !== 'invalid-two-factor-cookie') {
        form.setError('code', { message: 'That code is not right. Try again.' }, { shouldFocus: true })
      } else if (isApiError(error, 401)) {
        setFormError('This login has expired. Log in again.')
      } else {
        setFormError(authErrorMessage(error))
      }
    }
  })

  const switchKind = () => {
    setBackup((value) => !value)
    form.reset({ code: '', trustDevice: form.getValues('trustDevice') })
    setFormError(null)
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5" aria-labelledby="two-factor-heading">
      <div>
        <h2 id="two-factor-heading" className="text-lg font-semibold">
          Two-factor authentication
        </h2>
        <p className="text-ink-muted">
          {backup
            ? 'Enter one of your backup codes. Each works once.'
            : 'Enter the 6-digit code from your authenticator app.'}
        </p>
      </div>
      {formError ? <Alert tone="danger">{formError}</Alert> : null}
      <TextField
        key={backup ? 'backup' : 'app'}
        label={backup ? 'Backup code' : 'Authentication code'}
        inputMode={backup ? undefined : 'numeric'}
        autoComplete="one-time-code"
        maxLength={backup ? 64 : 6}
        registration={form.register('code')}
        error={errors.code?.message}
      />
      <label className="flex min-h-11 items-center gap-3">
        <input type="checkbox" className="size-5 accent-primary" {...form.register('trustDevice')} />
        <span>Trust this browser for 30 days</span>
      </label>
      <SubmitButton pending={isSubmitting} pendingLabel="Checking…">
        Verify
      </SubmitButton>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" className="btn btn-quiet btn-small" onClick={switchKind}>
          {backup ? 'Use the authenticator app instead' : 'Use a backup code instead'}
        </button>
        <button type="button" className="btn btn-quiet btn-small" onClick={onCancel}>
          Start over
        </button>
      </div>
    </form>
  )
}
