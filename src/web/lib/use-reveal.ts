import { useEffect, useRef } from 'react'

/**
 * A result shown below a form that stays open (an invite's link): when `shown` becomes a new
 * truthy value, the element scrolls into view and takes focus, so that the person who pressed
 * the button at the foot of a long form, on a phone, sees it. The element needs `tabIndex={-1}`.
 */
export function useReveal<T extends HTMLElement>(shown: unknown) {
  const ref = useRef<T>(null)
  useEffect(() => {
    if (!shown) return
    ref.current?.scrollIntoView({ block: 'nearest' })
    ref.current?.focus({ preventScroll: true })
  }, [shown])
  return ref
}
