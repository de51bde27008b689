import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { type CurrentUser, educatorOnboardFormSchema, onboardBodySchema } from '../../../../shared/users'
import { Alert } from '../../../components/ui/alert'
import { SubmitButton } from '../../../components/ui/submit-button'
import { TextField } from '../../../components/ui/text-field'
import { toast } from '../../../components/ui/toast'
import { currentUserQueryKey } from '../../../features/auth/api/get-current-user'
import { useUpdateMe } from '../../../features/users/api/update-me'
import { errorMessage, isApiError } from '../../../lib/api-client'

/** /settings "Profile": name, and the bio for educators (the same rules as onboarding). */
export function ProfileForm({ user }: { user: CurrentUser }) {
  const isEducator = user.profileEducator != null
  const queryClient = useQueryClient()
  const updateMe = useUpdateMe()
  const [formError, setFormError] = useState<string | null>(null)
  const form = useForm({
    resolver: zodResolver(isEducator ? educatorOnboardFormSchema : onboardBodySchema),
    defaultValues: { name: user.name, bio: user.profileEducator?.bio ?? '' },
  })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async ({ name, bio }) => {
    setFormError(null)
    try {
      const updated = await updateMe.mutateAsync(isEducator ? { name, bio } : { name })
      // The sidebar reads this cache: the new name shows at once.
      queryClient.setQueryData(currentUserQueryKey, updated)
      form.reset({ name: updated.name, bio: updated.profileEducator?.bio ?? '' })
      toast('Profile saved')
    } catch (error) {
      const problems = isApiError(error, 400) ? (error.problem?.errors ?? []) : []
      const fieldProblems = problems.filter((problem) => problem.path === 'name' || problem.path === 'bio')
      for (const [index, problem] of fieldProblems.entries()) {
        form.setError(
          problem.path as 'name' | 'bio',
          { message: problem.message },
          { shouldFocus: index === 0 },
        )
      }
      if (fieldProblems.length === 0) setFormError(errorMessage(error))
    }
  })

  return (
    <section aria-labelledby="profile-heading" className="card flex flex-col gap-4 p-4 sm:p-6">
      <div>
        <h2 id="profile-heading" className="text-xl font-semibold">
          Profile
        </h2>
        <p className="mt-1 text-ink-muted">
          {isEducator
            ? 'Your name and bio, as students, parents and colleagues see them.'
            : 'Your name, as your team and the admins see it.'}
        </p>
      </div>
      <form noValidate onSubmit={onSubmit} className="flex max-w-xl flex-col gap-5">
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
        <div className="sm:w-48">
          <SubmitButton pending={isSubmitting} pendingLabel="Saving…">
            Save profile
          </SubmitButton>
        </div>
      </form>
    </section>
  )
}
