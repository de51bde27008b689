import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { StudentRules } from '../../../../shared/admin-settings'
import { Alert } from '../../../components/ui/alert'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { useSavingValue } from '../../../lib/use-saving-value'
import { appSettingsQueryOptions, useUpdateAppSettings } from '../api/app-settings'

const RULES: Array<{ key: keyof StudentRules; label: string; help: string; on: string; off: string }> = [
  {
    key: 'studentsSetTargets',
    label: 'Students may set their own targets',
    help: 'Off: only admins and educators on the team set a student’s SAT and ACT targets.',
    on: 'Students may now set their own targets',
    off: 'Targets are now set by staff only',
  },
  {
    key: 'studentsEditOthersColleges',
    label: 'Students may edit colleges others added',
    help: 'Off: a student still adds colleges and changes the ones they added; the ones their counselor added they only read.',
    on: 'Students may now edit every college on their list',
    off: 'Students now change only the colleges they added',
  },
]

/** "What students may change" on the admin overview: company choices, saved as soon as changed. */
export function StudentRulesSettings() {
  const id = useId()
  const settings = useQuery(appSettingsQueryOptions())
  const [error, setError] = useState<string | null>(null)
  return (
    <section aria-labelledby={`${id}-heading`} className="card flex flex-col gap-3 p-4 sm:p-6">
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        What students may change
      </h2>
      {settings.isError ? <Alert tone="danger">{errorMessage(settings.error)}</Alert> : null}
      {error ? <Alert tone="danger">{error}</Alert> : null}
      {RULES.map((rule) => (
        <RuleBox key={rule.key} rule={rule} saved={settings.data?.[rule.key]} onError={setError} />
      ))}
    </section>
  )
}

function RuleBox({
  rule,
  saved,
  onError,
}: {
  rule: (typeof RULES)[number]
  saved: boolean | undefined
  onError: (message: string | null) => void
}) {
  const id = useId()
  const update = useUpdateAppSettings()
  const value = useSavingValue(saved ?? true)
  const change = async (next: boolean) => {
    onError(null)
    try {
      await value.save(next, () => update.mutateAsync({ [rule.key]: next }))
      toast(next ? rule.on : rule.off)
    } catch (caught) {
      onError(errorMessage(caught))
    }
  }
  return (
    <div className="flex flex-col gap-1">
      <label className="flex min-h-11 items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-primary"
          checked={value.shown}
          disabled={saved === undefined || update.isPending}
          onChange={(event) => change(event.target.checked)}
          aria-describedby={`${id}-help`}
        />
        <span className="font-medium">{rule.label}</span>
      </label>
      <p id={`${id}-help`} className="pl-8 text-sm text-ink-muted">
        {rule.help}
      </p>
    </div>
  )
}
