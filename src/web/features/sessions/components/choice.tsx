import { type ReactNode, useId } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'

/** A radio or checkbox with its words, the whole row a 44 px target. */
export function Choice({
  type = 'radio',
  value,
  label,
  help,
  registration,
}: {
  type?: 'radio' | 'checkbox'
  value?: string
  label: ReactNode
  help?: string
  registration: UseFormRegisterReturn
}) {
  const id = useId()
  return (
    <label className="flex min-h-11 items-start gap-3 py-1">
      <input
        type={type}
        value={value}
        className="mt-0.5 size-5 shrink-0 accent-primary"
        aria-describedby={help ? `${id}-help` : undefined}
        {...registration}
      />
      <span className="flex flex-col">
        <span className="font-medium">{label}</span>
        {help ? (
          <span id={`${id}-help`} className="text-sm text-ink-muted">
            {help}
          </span>
        ) : null}
      </span>
    </label>
  )
}
