import { useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { CurrentUser } from '../../../../shared/users'
import { Alert } from '../../../components/ui/alert'
import { SpinnerIcon } from '../../../components/ui/icons'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'
import { useSavingValue } from '../../../lib/use-saving-value'
import { useUpdateMe } from '../api/update-me'

/** Who receives the shared-note emails: the student and their parents or guardians. */
export const receivesNoteEmails = (user: CurrentUser) =>
  user.profileStudent != null || user.profileGuardian != null

/**
 * /settings "Email notices": the opt-out of the notice a shared session note sends (the notice says a
 * note was shared, never its text). Saved as soon as it changes.
 */
export function EmailPreferences({ user }: { user: CurrentUser }) {
  const id = useId()
  const queryClient = useQueryClient()
  const updateMe = useUpdateMe()
  const [error, setError] = useState<string | null>(null)
  // The box follows the click at once; a refusal puts it back.
  const checked = useSavingValue(user.emailOnSharedNotes ?? true)

  const change = async (value: boolean) => {
    setError(null)
    try {
      const updated = await checked.save(value, () => updateMe.mutateAsync({ emailOnSharedNotes: value }))
      queryClient.setQueryData(queryKeys.currentUser, updated)
      toast(value ? 'You will get an email when a note is shared' : 'No more emails about shared notes')
    } catch (caught) {
      setError(errorMessage(caught))
    }
  }

  return (
    <section aria-labelledby="email-heading" className="card flex flex-col gap-4 p-4 sm:p-6">
      <div>
        <h2 id="email-heading" className="text-xl font-semibold">
          Email notices
        </h2>
        <p className="mt-1 text-ink-muted">What we email you about, besides invites and password resets.</p>
      </div>
      {error ? <Alert tone="danger">Could not save: {error}</Alert> : null}
      <div className="flex items-start gap-3">
        {/* The wrapping label gives the small box a 44 x 44 px touch area. */}
        <label className="tap-box mt-0">
          <input
            id={id}
            type="checkbox"
            className="size-5 shrink-0 accent-primary"
            checked={checked.shown}
            disabled={updateMe.isPending}
            aria-describedby={`${id}-help`}
            onChange={(event) => change(event.target.checked)}
          />
        </label>
        <div className="flex flex-col">
          <label htmlFor={id} className="flex min-h-11 items-center gap-2 font-medium">
            Email me when a coach shares a session note
            {updateMe.isPending ? <SpinnerIcon className="size-4" /> : null}
          </label>
          <p id={`${id}-help`} className="text-sm text-ink-muted">
            The email says a note was shared and links to it; the note itself stays on the site.
          </p>
        </div>
      </div>
    </section>
  )
}
