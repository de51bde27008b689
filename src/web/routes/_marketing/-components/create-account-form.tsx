import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { createAccountFormSchema } from '../../../../shared/auth'
import { PASSWORD_MIN } from '../../../../shared/validation'
import { Alert } from '../../../components/ui/alert'
import { SubmitButton } from '../../../components/ui/submit-button'
import { TextField } from '../../../components/ui/text-field'
import { currentUserQueryOptions } from '../../../features/auth/api/get-current-user'
import { signUpWithInvite } from '../../../features/auth/api/log-in'
import { authErrorMessage } from '../../../features/auth/auth-errors'
import { showFieldProblems } from '../../../lib/field-problems'

interface CreateAccountFormProps {
  invite: string
  /** The address the invite was sent to: only it may register (docs/product.md#invites-and-sign-up). */
  email: string | null
}

export function CreateAccountForm({ invite, email }: CreateAccountFormProps) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm({
    resolver: zodResolver(createAccountFormSchema),
    defaultValues: { email: email ?? '', password: '', confirmPassword: '' },
  })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setFormError(null)
    try {
      await signUpWithInvite({ email, password, invite })
      await queryClient.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 })
      await navigate({ to: '/onboarding' })
    } catch (error) {
      if (!showFieldProblems(form, error, ['email', 'password'])) setFormError(authErrorMessage(error))
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {formError ? <Alert tone="danger">{formError}</Alert> : null}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        readOnly={email !== null}
        help={email !== null ? 'This invite is for this address.' : undefined}
        registration={form.register('email')}
        error={errors.email?.message}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        help={`At least ${PASSWORD_MIN} characters.`}
        registration={form.register('password')}
        error={errors.password?.message}
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        registration={form.register('confirmPassword')}
        error={errors.confirmPassword?.message}
      />
      <SubmitButton pending={isSubmitting} pendingLabel="Creating account…">
        Create account
      </SubmitButton>
    </form>
  )
}
