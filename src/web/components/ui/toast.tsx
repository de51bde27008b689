import { useSyncExternalStore } from 'react'
import { CheckCircleIcon } from './icons'

/** A short note after each change ("Score added"), read out politely (docs/product.md#look-and-accessibility). */
let current: { id: number; message: string } | null = null
let timer: ReturnType<typeof setTimeout> | undefined
const listeners = new Set<() => void>()
const emit = () => {
  for (const listener of listeners) listener()
}

export function toast(message: string) {
  current = { id: (current?.id ?? 0) + 1, message }
  clearTimeout(timer)
  timer = setTimeout(() => {
    current = null
    emit()
  }, 4000)
  emit()
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The live region stays in the page so screen readers hear each new message. */
export function Toaster() {
  const note = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  )
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4"
    >
      {note ? (
        <p
          key={note.id}
          className="flex items-center gap-2 rounded-lg bg-ink px-4 py-2.5 text-sm font-medium text-white shadow-lg"
        >
          <CheckCircleIcon className="size-4 shrink-0" />
          {note.message}
        </p>
      ) : null}
    </div>
  )
}
