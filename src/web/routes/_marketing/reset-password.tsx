import { createFileRoute, Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { resetPasswordFormSchema } from '../../../shared/auth'
import { PASSWORD_MIN } from '../../../shared/validation'
import { Alert } from '../../components/ui/alert'
import { SubmitButton } from '../../components/ui/submit-button'
import { TextField } from '../../components/ui/text-field'
import { resetPassword } from '../../features/auth/api/log-in'
import { authErrorMessage } from '../../features/auth/auth-errors'
import { AuthCard } from '../../features/auth/components/auth-card'
import { isApiError } from '../../lib/api-client'
import { showFieldProblems } from '../../lib/field-problems'
import { zodResolver } from '../../lib/zod-resolver'

const INVALID_LINK = 'This reset link is invalid or has expired.'

export const Route = createFileRoute('/_marketing/reset-password')({
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' ? { token: search.token } : {},
  component: ResetPasswordPage,
})

function ResetPasswordPage() {
  const { token } = Route.useSearch()
  const [done, setDone] = useState(false)
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async ({ newPassword }) => {
    if (!token) return
    setFormError(null)
    try {
      await resetPassword({ newPassword, token })
      setDone(true)
    } catch (error) {
      if (showFieldProblems(form, error, ['newPassword'])) return
      setFormError(isApiError(error, 400) ? INVALID_LINK : authErrorMessage(error))
    }
  })

  return (
    <AuthCard title="Choose a new password">
      {done ? (
        <>
          <Alert tone="success" role="status">
            Your password has been changed.
          </Alert>
          {/* The login page is prerendered, not a route of the app (ADR 036). */}
          <a href="/login" className="btn btn-primary">
            Log in with your new password
          </a>
        </>
      ) : !token ? (
        <>
          <Alert tone="warning">{INVALID_LINK}</Alert>
          <Link to="/forgot-password" className="btn btn-secondary">
            Request a new link
          </Link>
        </>
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
          {formError ? (
            <Alert tone="danger">
              {formError}{' '}
              {formError === INVALID_LINK ? <Link to="/forgot-password">Request a new link.</Link> : null}
            </Alert>
          ) : null}
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            help={`At least ${PASSWORD_MIN} characters.`}
            registration={form.register('newPassword')}
            error={errors.newPassword?.message}
          />
          <TextField
            label="Confirm password"
            type="password"
            autoComplete="new-password"
            registration={form.register('confirmPassword')}
            error={errors.confirmPassword?.message}
          />
          <SubmitButton pending={isSubmitting} pendingLabel="Saving…">
            Reset password
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  )
}
