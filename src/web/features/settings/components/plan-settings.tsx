import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useMemo, useState } from 'react'
import { DEFAULT_TIME_ZONE } from '../../../../shared/time-zones'
import type { CurrentUser, UpdateMeBody } from '../../../../shared/users'
import { Alert } from '../../../components/ui/alert'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { CopyLink } from '../../../components/ui/copy-link'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'
import { useSavingValue } from '../../../lib/use-saving-value'
import { calendarFeedQueryOptions, useCalendarFeed } from '../api/calendar-feed'
import { useUpdateMe } from '../api/update-me'

/**
 * /settings "Tasks and calendar": the time zone that reminders and "Overdue" follow, the
 * reminder email, and the private calendar feed (on, a new link, off).
 */
export function PlanSettings({ user }: { user: CurrentUser }) {
  const id = useId()
  const queryClient = useQueryClient()
  const updateMe = useUpdateMe()
  const [error, setError] = useState<string | null>(null)
  // The controls follow the click at once; a refusal puts them back.
  const zone = useSavingValue(user.timeZone ?? DEFAULT_TIME_ZONE)
  const reminders = useSavingValue(user.emailTaskReminders ?? true)
  const zones = useMemo(() => {
    const all = Intl.supportedValuesOf?.('timeZone') ?? []
    const mine = user.timeZone ?? DEFAULT_TIME_ZONE
    return all.includes(mine) ? all : [mine, ...all]
  }, [user.timeZone])

  /** Saves `body` while `control` shows the new value. */
  const save = async <T extends string | boolean>(
    control: ReturnType<typeof useSavingValue<T>>,
    value: T,
    body: UpdateMeBody,
    message: string,
  ) => {
    setError(null)
    try {
      queryClient.setQueryData(
        queryKeys.currentUser,
        await control.save(value, () => updateMe.mutateAsync(body)),
      )
      toast(message)
    } catch (caught) {
      setError(errorMessage(caught))
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="card flex flex-col gap-4 p-4 sm:p-6">
      <div>
        <h2 id={`${id}-heading`} className="text-xl font-semibold">
          Tasks and calendar
        </h2>
        <p className="mt-1 text-ink-muted">
          When reminders arrive, and your deadlines in your own calendar app.
        </p>
      </div>
      {error ? <Alert tone="danger">Could not save: {error}</Alert> : null}
      <div className="flex max-w-md flex-col gap-1.5">
        <label htmlFor={`${id}-zone`} className="font-medium">
          Time zone
        </label>
        <select
          id={`${id}-zone`}
          className="field-input"
          value={zone.shown}
          disabled={updateMe.isPending}
          aria-describedby={`${id}-zone-help`}
          onChange={(event) =>
            save(
              zone,
              event.target.value,
              { timeZone: event.target.value },
              `Time zone: ${event.target.value}`,
            )
          }
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </select>
        <p id={`${id}-zone-help`} className="text-sm text-ink-muted">
          Reminders arrive at 8 am here, and a task is overdue from midnight here.
        </p>
      </div>
      <div className="flex items-start gap-3">
        {/* The wrapping label gives the small box a 44 x 44 px touch area. */}
        <label className="tap-box mt-0">
          <input
            id={`${id}-reminders`}
            type="checkbox"
            className="size-5 shrink-0 accent-primary"
            checked={reminders.shown}
            disabled={updateMe.isPending}
            aria-describedby={`${id}-reminders-help`}
            onChange={(event) =>
              save(
                reminders,
                event.target.checked,
                { emailTaskReminders: event.target.checked },
                event.target.checked ? 'Task reminders on' : 'No more task reminder emails',
              )
            }
          />
        </label>
        <div className="flex flex-col">
          <label htmlFor={`${id}-reminders`} className="flex min-h-11 items-center font-medium">
            Email me the day before a task of mine is due
          </label>
          <p id={`${id}-reminders-help`} className="text-sm text-ink-muted">
            One email per task, at 8 am the day before.
          </p>
        </div>
      </div>
      {user.twoFactorRequired ? (
        <p className="text-ink-muted">Set up two-factor above to turn on your calendar feed.</p>
      ) : (
        <CalendarFeed />
      )}
    </section>
  )
}

function CalendarFeed() {
  const feed = useQuery(calendarFeedQueryOptions())
  const { create, remove } = useCalendarFeed()
  const [confirming, setConfirming] = useState<'renew' | 'off' | null>(null)
  const [error, setError] = useState<string | null>(null)
  const enabled = feed.data?.enabled ?? false
  const url = feed.data?.url

  const turnOn = async () => {
    setError(null)
    try {
      await create.mutateAsync()
      toast('Calendar feed on')
    } catch (caught) {
      setError(errorMessage(caught))
    }
  }

  return (
    <div className="flex flex-col gap-3 border-t border-line pt-4">
      <h3 className="font-semibold">Calendar feed</h3>
      <p className="text-sm text-ink-muted">
        A private link your calendar app (Google Calendar, Apple Calendar, Outlook) subscribes to: task due
        dates and college deadlines as all-day events. Anyone with the link can read it, so keep it to
        yourself.
      </p>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      {feed.isError ? <Alert tone="danger">{errorMessage(feed.error)}</Alert> : null}
      {url ? <CopyLink url={url} label="Your calendar link" showField /> : null}
      {enabled && !url ? (
        <p className="text-sm">
          The feed is on. Its link is shown only when it is made; make a new link to copy it again (the old
          one stops working).
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {enabled ? (
          <>
            <button type="button" className="btn btn-secondary" onClick={() => setConfirming('renew')}>
              Make a new link
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setConfirming('off')}>
              Turn off
            </button>
          </>
        ) : (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={create.isPending || feed.isPending}
            onClick={turnOn}
          >
            Turn on the calendar feed
          </button>
        )}
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming === 'off' ? 'Turn off the calendar feed?' : 'Make a new calendar link?'}
        description="The current link stops working at once; calendars subscribed to it stop updating."
        confirmLabel={confirming === 'off' ? 'Turn off' : 'Make a new link'}
        onConfirm={async () => {
          if (confirming === 'off') {
            await remove.mutateAsync()
            toast('Calendar feed off')
          } else {
            await create.mutateAsync()
            toast('New calendar link made; the old one no longer works')
          }
        }}
      />
    </div>
  )
}
