import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { type CurrentUser, educatorOnboardFormSchema, onboardBodySchema } from '../../../shared/users'
import { Alert } from '../../components/ui/alert'
import { SubmitButton } from '../../components/ui/submit-button'
import { TextField } from '../../components/ui/text-field'
import { currentUserQueryKey } from '../../features/auth/api/get-current-user'
import { onboardUser } from '../../features/users/api/onboard-user'
import { errorMessage } from '../../lib/api-client'

export function OnboardingForm({ user }: { user: CurrentUser }) {
  const isEducator = user.profileEducator != null
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm({
    // Educators must write a bio (DESIGN.md section 4 "Onboarding").
    resolver: zodResolver(isEducator ? educatorOnboardFormSchema : onboardBodySchema),
    defaultValues: { name: user.name, bio: user.profileEducator?.bio ?? '' },
  })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async ({ name, bio }) => {
    setFormError(null)
    try {
      const updated = await onboardUser(user.uuid, isEducator ? { name, bio } : { name })
      queryClient.setQueryData(currentUserQueryKey, updated)
      await navigate({ to: '/dashboard' })
    } catch (error) {
      setFormError(errorMessage(error))
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {formError ? <Alert tone="danger">{formError}</Alert> : null}
      <TextField
        label="Name"
        autoComplete="name"
        registration={form.register('name')}
        error={errors.name?.message}
      />
      {isEducator ? (
        <TextField
          label="Bio"
          multiline
          help="A few sentences: what you teach and how you work with students."
          registration={form.register('bio')}
          error={errors.bio?.message}
        />
      ) : null}
      <SubmitButton pending={isSubmitting} pendingLabel="Saving…">
        Continue
      </SubmitButton>
    </form>
  )
}
