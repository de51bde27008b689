import { useSyncExternalStore } from 'react'

const noChanges = () => () => {}

/**
 * False while the server renders a page and while the browser hydrates it (ADR 049), true after
 * and in any page the browser renders itself. For text that depends on where it is computed: the
 * browser's time zone, or the time-zone data of its `Intl`, which can differ from the server's.
 * Both sides render the same placeholder, so hydration matches; the browser then fills it in.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  )
}
