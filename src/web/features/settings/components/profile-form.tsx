import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { CurrentUser } from '../../../../shared/users'
import { Alert } from '../../../components/ui/alert'
import { NameBioFields, useNameBioForm } from '../../../components/ui/name-bio-fields'
import { SubmitButton } from '../../../components/ui/submit-button'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { showFieldProblems } from '../../../lib/field-problems'
import { queryKeys } from '../../../lib/query-keys'
import { useWarnBeforeUnload } from '../../../lib/use-unsaved-changes'
import { useUpdateMe } from '../api/update-me'

/** /settings "Profile": name, and the bio for educators (the same rules as onboarding). */
export function ProfileForm({ user }: { user: CurrentUser }) {
  const nameBio = useNameBioForm(user)
  const { form, isEducator } = nameBio
  const queryClient = useQueryClient()
  const updateMe = useUpdateMe()
  const [formError, setFormError] = useState<string | null>(null)
  useWarnBeforeUnload(form.formState.isDirty)

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null)
    try {
      const updated = await updateMe.mutateAsync(nameBio.bodyOf(values))
      // The sidebar reads this cache: the new name shows at once.
      queryClient.setQueryData(queryKeys.currentUser, updated)
      form.reset({ name: updated.name, bio: updated.profileEducator?.bio ?? '' })
      toast('Profile saved')
    } catch (error) {
      if (!showFieldProblems(form, error, ['name', 'bio'])) setFormError(errorMessage(error))
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
            : user.profileGuardian != null && user.profileStudent == null
              ? "Your name, as your child's coaches and the admins see it."
              : 'Your name, as your team and the admins see it.'}
        </p>
      </div>
      <form noValidate onSubmit={onSubmit} className="flex max-w-xl flex-col gap-5">
        {formError ? <Alert tone="danger">{formError}</Alert> : null}
        <NameBioFields form={form} isEducator={isEducator} />
        <div className="sm:w-48">
          <SubmitButton pending={form.formState.isSubmitting} pendingLabel="Saving…">
            Save profile
          </SubmitButton>
        </div>
      </form>
    </section>
  )
}
