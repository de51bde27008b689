import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { forgotPasswordBodySchema } from '../../../shared/auth'
import { Alert } from '../../components/ui/alert'
import { SubmitButton } from '../../components/ui/submit-button'
import { TextField } from '../../components/ui/text-field'
import { requestPasswordReset } from '../../features/auth/api/log-in'
import { authErrorMessage } from '../../features/auth/auth-errors'
import { AuthCard } from '../../features/auth/components/auth-card'
import { zodResolver } from '../../lib/zod-resolver'

export const Route = createFileRoute('/_marketing/forgot-password')({
  component: ForgotPasswordPage,
})

function ForgotPasswordPage() {
  const [sent, setSent] = useState(false)
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm({ resolver: zodResolver(forgotPasswordBodySchema), defaultValues: { email: '' } })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFormError(null)
    try {
      await requestPasswordReset(email)
      setSent(true)
    } catch (error) {
      setFormError(authErrorMessage(error))
    }
  })

  return (
    <AuthCard
      title="Reset your password"
      description="Enter the email you log in with and we will send you a link to choose a new password."
    >
      {sent ? (
        <Alert tone="success" role="status">
          If an account exists for that email, we sent a link to reset the password.
        </Alert>
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
          {formError ? <Alert tone="danger">{formError}</Alert> : null}
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            registration={form.register('email')}
            error={errors.email?.message}
          />
          <SubmitButton pending={isSubmitting} pendingLabel="Sending…">
            Send reset link
          </SubmitButton>
        </form>
      )}
      <p className="text-center text-sm">
        {/* The login page is prerendered, not a route of the app (ADR 036). */}
        <a href="/login" className="inline-flex min-h-11 items-center font-medium">
          Back to log in
        </a>
      </p>
    </AuthCard>
  )
}
