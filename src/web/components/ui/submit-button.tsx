import type { ReactNode } from 'react'
import { SpinnerIcon } from './icons'

interface SubmitButtonProps {
  pending: boolean
  pendingLabel: string
  children: ReactNode
}

/** The view's primary action; while saving it says so and cannot be pressed twice. */
export function SubmitButton({ pending, pendingLabel, children }: SubmitButtonProps) {
  return (
    <button type="submit" className="btn btn-primary w-full" disabled={pending} aria-disabled={pending}>
      {pending ? (
        <>
          <SpinnerIcon className="size-4" />
          {pendingLabel}
        </>
      ) : (
        children
      )}
    </button>
  )
}
