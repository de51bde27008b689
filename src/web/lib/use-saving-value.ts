import { useState } from 'react'

/**
 * The value a control shows while a change to it is being saved: the clicked value from the click
 * on, until the saved value changes (the answer has reached the query cache) or the save fails
 * (`release`). Clearing it when the request ends instead would show the old value for a moment,
 * because the cache tells its readers of new data a tick after the request's promise resolves.
 */
export function useSavingValue<T>(saved: T) {
  const [saving, setSaving] = useState<{ value: T } | null>(null)
  const [seen, setSeen] = useState(saved)
  if (!Object.is(seen, saved)) {
    setSeen(saved)
    setSaving(null)
  }
  return {
    shown: saving ? saving.value : saved,
    hold: (value: T) => setSaving({ value }),
    release: () => setSaving(null),
  }
}
