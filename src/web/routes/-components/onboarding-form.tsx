import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import type { CurrentUser } from '../../../shared/users'
import { Alert } from '../../components/ui/alert'
import { NameBioFields, useNameBioForm } from '../../components/ui/name-bio-fields'
import { SubmitButton } from '../../components/ui/submit-button'
import { StudentProfileFields } from '../../features/profile/components/student-profile-fields'
import { bodyOfDraft, draftOf, localToday, profileProblems } from '../../features/profile/profile-draft'
import { onboardUser } from '../../features/users/api/onboard-user'
import { errorMessage } from '../../lib/api-client'
import { showFieldProblems } from '../../lib/field-problems'
import { queryKeys } from '../../lib/query-keys'
import { OnboardingParents, type ParentRow, parentsToInvite } from './onboarding-parents'

/**
 * The onboarding form: a name (and an educator's bio); a student also gives their class year,
 * school and planned test dates, and may invite their parents. One request saves all of it.
 */
export function OnboardingForm({ user }: { user: CurrentUser }) {
  const nameBio = useNameBioForm(user)
  const { form, isEducator } = nameBio
  const isStudent = user.profileStudent != null
  const [profile, setProfile] = useState(() => draftOf())
  const [parents, setParents] = useState<ParentRow[]>([])
  const [problems, setProblems] = useState<Record<string, string>>({})
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [formError, setFormError] = useState<string | null>(null)

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null)
    setProblems({})
    const guardians = parentsToInvite(parents)
    const student = isStudent
      ? { studentProfile: bodyOfDraft(profile), ...(guardians.length > 0 ? { guardians } : {}) }
      : {}
    try {
      const updated = await onboardUser(user.uuid, { ...nameBio.bodyOf(values), ...student })
      queryClient.setQueryData(queryKeys.currentUser, updated)
      await navigate({ to: '/dashboard' })
    } catch (error) {
      const shown = profileProblems(error)
      setProblems(shown)
      const onFields = showFieldProblems(form, error, ['name', 'bio'])
      if (!onFields && Object.keys(shown).length === 0) setFormError(errorMessage(error))
      else if (!onFields) setFormError('Check the fields marked below.')
    }
  })

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      {formError ? <Alert tone="danger">{formError}</Alert> : null}
      <NameBioFields form={form} isEducator={isEducator} />
      {isStudent ? (
        <>
          <StudentProfileFields
            draft={profile}
            onChange={setProfile}
            errors={prefixed(problems, 'studentProfile.')}
            today={localToday()}
          />
          <OnboardingParents rows={parents} onChange={setParents} errors={problems} />
        </>
      ) : null}
      <SubmitButton pending={form.formState.isSubmitting} pendingLabel="Saving…">
        Continue
      </SubmitButton>
    </form>
  )
}

/** The messages under `prefix`, with it taken off. */
const prefixed = (problems: Record<string, string>, prefix: string) =>
  Object.fromEntries(
    Object.entries(problems)
      .filter(([path]) => path.startsWith(prefix))
      .map(([path, message]) => [path.slice(prefix.length), message]),
  )
