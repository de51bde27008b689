import { useSyncExternalStore } from 'react'

/**
 * What counts as the person starting to use the page. Not `scroll`, which the browser fires itself
 * when it restores a position; a person's scrolling starts with a touch, a wheel or a key.
 */
const EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'wheel', 'focusin'] as const

let interacted = false
const listeners = new Set<() => void>()

function noteInteraction() {
  interacted = true
  for (const event of EVENTS) window.removeEventListener(event, noteInteraction, true)
  for (const listener of listeners) listener()
  listeners.clear()
}

function subscribe(listener: () => void): () => void {
  if (interacted) return () => {}
  if (listeners.size === 0)
    for (const event of EVENTS)
      window.addEventListener(event, noteInteraction, { capture: true, passive: true })
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * False until the person first touches, points, clicks, types, turns a wheel or moves focus on the page (on the
 * server, always false). For work a page may need but that need not run while it loads: the time
 * zones' list and its ~420 offsets, whose first `Intl` formatter alone is a long task on a phone.
 */
export function useFirstInteraction(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => interacted,
    () => false,
  )
}
