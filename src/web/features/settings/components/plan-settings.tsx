import { useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { DEFAULT_TIME_ZONE } from '../../../../shared/time-zones'
import {
  type CurrentUser,
  SESSION_REMINDERS_LABEL,
  TASK_EMAILS_LABEL,
  type UpdateMeBody,
} from '../../../../shared/users'
import { Alert } from '../../../components/ui/alert'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'
import { useSavingValue } from '../../../lib/use-saving-value'
import { useUpdateMe } from '../api/update-me'
import { CalendarFeed } from './calendar-feed'
import { TimeZonePicker } from './time-zone-picker'

/**
 * /settings "Tasks and calendar": the time zone that reminders and "Overdue" follow, the task
 * emails and session reminders, and the private calendar feed (on, a new link, off).
 */
export function PlanSettings({ user }: { user: CurrentUser }) {
  const id = useId()
  const queryClient = useQueryClient()
  const updateMe = useUpdateMe()
  const [error, setError] = useState<string | null>(null)
  // The controls follow the click at once; a refusal puts them back.
  const zone = useSavingValue(user.timeZone ?? DEFAULT_TIME_ZONE)
  const reminders = useSavingValue(user.emailTaskReminders ?? true)
  const sessionReminders = useSavingValue(user.emailSessionReminders ?? true)

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
      <TimeZonePicker
        value={zone.shown}
        disabled={updateMe.isPending}
        help="Reminders arrive at 8:00 AM in this time zone; a task is overdue from midnight here."
        onChange={(value, label) => save(zone, value, { timeZone: value }, `Time zone: ${label}`)}
      />
      <ReminderCheckbox
        id={`${id}-reminders`}
        checked={reminders.shown}
        disabled={updateMe.isPending}
        label={TASK_EMAILS_LABEL}
        help="When someone else gives you a task or a practice test, and at 8:00 AM the day before one is due."
        onChange={(checked) =>
          save(
            reminders,
            checked,
            { emailTaskReminders: checked },
            checked ? 'Task emails on' : 'No more task emails',
          )
        }
      />
      <ReminderCheckbox
        id={`${id}-session-reminders`}
        checked={sessionReminders.shown}
        disabled={updateMe.isPending}
        label={SESSION_REMINDERS_LABEL}
        help="One email before each session, with the time in your time zone. Educators also get a morning list of sessions still to mark."
        onChange={(checked) =>
          save(
            sessionReminders,
            checked,
            { emailSessionReminders: checked },
            checked ? 'Session reminders on' : 'No more session reminder emails',
          )
        }
      />
      {user.twoFactorRequired ? (
        <p className="text-ink-muted">Set up two-factor above to turn on your calendar feed.</p>
      ) : (
        <CalendarFeed />
      )}
    </section>
  )
}

function ReminderCheckbox(props: {
  id: string
  checked: boolean
  disabled: boolean
  label: string
  help: string
  onChange: (checked: boolean) => void
}) {
  return (
    <div className="flex items-start gap-3">
      {/* The wrapping label gives the small box a 44 x 44 px touch area. */}
      <label className="tap-box mt-0">
        <input
          id={props.id}
          type="checkbox"
          className="size-5 shrink-0 accent-primary"
          checked={props.checked}
          disabled={props.disabled}
          aria-describedby={`${props.id}-help`}
          onChange={(event) => props.onChange(event.target.checked)}
        />
      </label>
      <div className="flex flex-col">
        <label htmlFor={props.id} className="flex min-h-11 items-center font-medium">
          {props.label}
        </label>
        <p id={`${props.id}-help`} className="text-sm text-ink-muted">
          {props.help}
        </p>
      </div>
    </div>
  )
}
