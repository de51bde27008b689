import { useEffect, useSyncExternalStore } from 'react'
import { USABLE_MARK } from '../../shared/first-screen'

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

/**
 * A page the server rendered comes with its root `inert` (ADR 049): until React has hydrated it,
 * a tap would reach no handler, and a form's button would submit the form natively (its fields in
 * the address). Once hydrated, the root takes input, and the page marks that moment
 * (`USABLE_MARK`). For the root layout, once.
 */
export function useInteractiveRoot(): void {
  useEffect(() => {
    const root = document.getElementById('root')
    if (!root?.hasAttribute('inert')) return
    root.removeAttribute('inert')
    performance.mark(USABLE_MARK)
  }, [])
}
