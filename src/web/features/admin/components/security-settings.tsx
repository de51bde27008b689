import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { useSavingValue } from '../../../lib/use-saving-value'
import { appSettingsQueryOptions, useUpdateAppSettings } from '../api/app-settings'

/**
 * "Security" on the admin overview: "Require two-factor for staff". Saved as soon as it changes;
 * the server refuses to turn it on for an admin without two-factor of their own.
 */
export function SecuritySettings() {
  const id = useId()
  const settings = useQuery(appSettingsQueryOptions())
  const update = useUpdateAppSettings()
  const [error, setError] = useState<string | null>(null)
  // The box follows the click at once; a refusal puts it back.
  const required = useSavingValue(settings.data?.requireStaffTwoFactor ?? false)

  const change = async (value: boolean) => {
    setError(null)
    try {
      await required.save(value, () => update.mutateAsync({ requireStaffTwoFactor: value }))
      toast(value ? 'Staff must now use two-factor' : 'Two-factor is now optional for staff')
    } catch (caught) {
      setError(errorMessage(caught))
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="card flex flex-col gap-3 p-4 sm:p-6">
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        Security
      </h2>
      {settings.isError ? <Alert tone="danger">{errorMessage(settings.error)}</Alert> : null}
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <label className="flex min-h-11 items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-primary"
          checked={required.shown}
          disabled={!settings.data || update.isPending}
          onChange={(event) => change(event.target.checked)}
          aria-describedby={`${id}-help`}
        />
        <span className="font-medium">Require two-factor for staff</span>
      </label>
      <p id={`${id}-help`} className="text-sm text-ink-muted">
        Admins, educators and FAOs then set up an authenticator app at their next visit before they can read
        anything. Set it up for your own account in Settings first.
      </p>
    </section>
  )
}
