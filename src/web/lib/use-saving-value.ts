import { useState } from 'react'

/** How long a saved value waits for the query cache to bring it back before it is let go. */
const SETTLE_MS = 1000

/**
 * The value a control shows while a change to it is being saved: `save(value, request)` shows the
 * clicked value from the click on, until the saved value changes (the answer has reached the query
 * cache). A failed request puts the saved value back at once (and `save` throws its error); a
 * successful one lets the held value go a moment later even if the saved value never changes (a
 * refetch that failed, or someone else's change back). Letting go as soon as the request ends
 * instead would show the old value for a moment, because the cache tells its readers of new data
 * a tick after the request's promise resolves. Values are compared with `Object.is`, so only
 * plain values.
 */
export function useSavingValue<T extends string | number | boolean>(saved: T) {
  const [held, setHeld] = useState<{ value: T } | null>(null)
  const [seen, setSeen] = useState(saved)
  if (!Object.is(seen, saved)) {
    setSeen(saved)
    setHeld(null)
  }
  const letGo = (entry: { value: T }) => setHeld((current) => (current === entry ? null : current))
  return {
    shown: held ? held.value : saved,
    save: async <R>(value: T, request: () => Promise<R>): Promise<R> => {
      const entry = { value }
      setHeld(entry)
      try {
        const answer = await request()
        setTimeout(() => letGo(entry), SETTLE_MS)
        return answer
      } catch (error) {
        letGo(entry)
        throw error
      }
    },
  }
}
