import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import type { CurrentUser } from '../../../shared/users'
import { Alert } from '../../components/ui/alert'
import { NameBioFields, useNameBioForm } from '../../components/ui/name-bio-fields'
import { SubmitButton } from '../../components/ui/submit-button'
import { onboardUser } from '../../features/users/api/onboard-user'
import { errorMessage } from '../../lib/api-client'
import { queryKeys } from '../../lib/query-keys'

export function OnboardingForm({ user }: { user: CurrentUser }) {
  const nameBio = useNameBioForm(user)
  const { form, isEducator } = nameBio
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [formError, setFormError] = useState<string | null>(null)

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null)
    try {
      const updated = await onboardUser(user.uuid, nameBio.bodyOf(values))
      queryClient.setQueryData(queryKeys.currentUser, updated)
      await navigate({ to: '/dashboard' })
    } catch (error) {
      setFormError(errorMessage(error))
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {formError ? <Alert tone="danger">{formError}</Alert> : null}
      <NameBioFields form={form} isEducator={isEducator} />
      <SubmitButton pending={form.formState.isSubmitting} pendingLabel="Saving…">
        Continue
      </SubmitButton>
    </form>
  )
}
