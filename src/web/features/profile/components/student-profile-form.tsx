import { useSuspenseQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { SubmitButton } from '../../../components/ui/submit-button'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { useWarnBeforeUnload } from '../../../lib/use-unsaved-changes'
import { studentProfileQueryOptions, useUpdateStudentProfile } from '../api/student-profile'
import { bodyOfDraft, draftOf, localToday, profileProblems } from '../profile-draft'
import { StudentProfileFields } from './student-profile-fields'

/** "School and tests": the student profile as a card of its own, saved with one button. */
export function StudentProfileForm({ studentUuid, intro }: { studentUuid: string; intro: string }) {
  const id = useId()
  const { data: profile } = useSuspenseQuery(studentProfileQueryOptions(studentUuid))
  const update = useUpdateStudentProfile(studentUuid)
  const [draft, setDraft] = useState(() => draftOf(profile))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const dirty = JSON.stringify(bodyOfDraft(draft)) !== JSON.stringify(bodyOfDraft(draftOf(profile)))
  useWarnBeforeUnload(dirty)

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault()
    setErrors({})
    setFormError(null)
    try {
      const saved = await update.mutateAsync(bodyOfDraft(draft))
      setDraft(draftOf(saved))
      toast('School and tests saved')
    } catch (error) {
      const problems = profileProblems(error)
      setErrors(problems)
      if (Object.keys(problems).length === 0) setFormError(errorMessage(error))
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="card flex flex-col gap-4 p-4 sm:p-6">
      <div>
        <h2 id={`${id}-heading`} className="text-xl font-semibold">
          School and tests
        </h2>
        <p className="mt-1 text-ink-muted">{intro}</p>
      </div>
      <form noValidate onSubmit={onSubmit} className="flex max-w-xl flex-col gap-5">
        {formError ? <Alert tone="danger">{formError}</Alert> : null}
        <StudentProfileFields draft={draft} onChange={setDraft} errors={errors} today={localToday()} />
        <div className="sm:w-64">
          <SubmitButton pending={update.isPending} pendingLabel="Saving…">
            Save school and tests
          </SubmitButton>
        </div>
      </form>
    </section>
  )
}
