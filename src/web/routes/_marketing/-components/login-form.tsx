import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { loginBodySchema } from '../../../../shared/auth'
import { safeRedirectPath } from '../../../../shared/safe-redirect'
import { Alert } from '../../../components/ui/alert'
import { SubmitButton } from '../../../components/ui/submit-button'
import { TextField } from '../../../components/ui/text-field'
import { currentUserQueryOptions } from '../../../features/auth/api/get-current-user'
import { logIn } from '../../../features/auth/api/log-in'
import { needsSecondFactor } from '../../../features/auth/api/two-factor'
import { authErrorMessage } from '../../../features/auth/auth-errors'
import { TwoFactorStep } from './two-factor-step'

/** `redirect`: where the visitor was going, kept only when it is a path of this app. */
export function LoginForm({ redirect }: { redirect?: string | undefined }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: '', password: '' },
  })
  const { errors, isSubmitting } = form.formState

  const [secondStep, setSecondStep] = useState(false)

  const enter = async () => {
    await queryClient.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 })
    // The app layout's guard sends a user who still needs onboarding (or two-factor set-up) on.
    await navigate({ href: safeRedirectPath(redirect) })
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null)
    try {
      const answer = await logIn(values)
      if (needsSecondFactor(answer)) setSecondStep(true)
      else await enter()
    } catch (error) {
      setFormError(authErrorMessage(error))
    }
  })

  if (secondStep) {
    return (
      <TwoFactorStep
        onDone={enter}
        onCancel={() => {
          form.reset({ email: form.getValues('email'), password: '' })
          setSecondStep(false)
        }}
      />
    )
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {formError ? <Alert tone="danger">{formError}</Alert> : null}
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        registration={form.register('email')}
        error={errors.email?.message}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        registration={form.register('password')}
        error={errors.password?.message}
      />
      <SubmitButton pending={isSubmitting} pendingLabel="Logging in…">
        Log in
      </SubmitButton>
      <p className="text-center text-sm">
        <Link to="/forgot-password" className="inline-flex min-h-11 items-center font-medium">
          Forgot password?
        </Link>
      </p>
    </form>
  )
}
