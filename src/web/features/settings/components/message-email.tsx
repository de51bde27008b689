import { useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { MESSAGE_EMAIL_LABELS, MESSAGE_EMAIL_MODES, type MessageEmailMode } from '../../../../shared/messages'
import type { CurrentUser } from '../../../../shared/users'
import { Alert } from '../../../components/ui/alert'
import { SpinnerIcon } from '../../../components/ui/icons'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'
import { useSavingValue } from '../../../lib/use-saving-value'
import { useUpdateMe } from '../api/update-me'

const HELP: Record<MessageEmailMode, string> = {
  batched:
    'One email per conversation after 10 minutes unread, at most one an hour. None if you read it first.',
  daily: 'One email a day listing what is still unread, in your time zone.',
  off: 'No email about messages; the count in the menu still shows them.',
}

/**
 * /settings "Email me about messages": as they come (batched), a daily summary at 18:00, or off.
 * Saved through `PATCH /v1/users/me` (`emailMessages`) as soon as it changes.
 */
export function MessageEmail({ user }: { user: CurrentUser }) {
  const id = useId()
  const queryClient = useQueryClient()
  const updateMe = useUpdateMe()
  const [error, setError] = useState<string | null>(null)
  const mode = useSavingValue<MessageEmailMode>(user.emailMessages ?? 'batched')

  const change = async (value: MessageEmailMode) => {
    setError(null)
    try {
      const updated = await mode.save(value, () => updateMe.mutateAsync({ emailMessages: value }))
      queryClient.setQueryData(queryKeys.currentUser, updated)
      toast(
        value === 'off' ? 'No more emails about messages' : `Message emails: ${MESSAGE_EMAIL_LABELS[value]}`,
      )
    } catch (caught) {
      setError(errorMessage(caught))
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="card flex flex-col gap-4 p-4 sm:p-6">
      <div>
        <h2 id={`${id}-heading`} className="text-xl font-semibold">
          Email me about messages
        </h2>
        <p className="mt-1 text-ink-muted">
          When someone writes in a conversation you take part in and you have not read it yet.
        </p>
      </div>
      {error ? <Alert tone="danger">Could not save: {error}</Alert> : null}
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">Email me about messages</legend>
        {MESSAGE_EMAIL_MODES.map((value) => (
          <div key={value} className="flex items-start gap-3">
            <label className="tap-box mt-0">
              <input
                id={`${id}-${value}`}
                type="radio"
                name={`${id}-mode`}
                value={value}
                className="size-5 shrink-0 accent-primary"
                checked={mode.shown === value}
                disabled={updateMe.isPending}
                aria-describedby={`${id}-${value}-help`}
                onChange={() => change(value)}
              />
            </label>
            <div className="flex flex-col">
              <label htmlFor={`${id}-${value}`} className="flex min-h-11 items-center gap-2 font-medium">
                {MESSAGE_EMAIL_LABELS[value]}
                {updateMe.isPending && mode.shown === value ? <SpinnerIcon className="size-4" /> : null}
              </label>
              <p id={`${id}-${value}-help`} className="text-sm text-ink-muted">
                {HELP[value]}
              </p>
            </div>
          </div>
        ))}
      </fieldset>
    </section>
  )
}
