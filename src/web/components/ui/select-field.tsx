import { useId } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { AlertCircleIcon } from './icons'

interface SelectFieldProps {
  label: string
  registration: UseFormRegisterReturn
  options: readonly { value: string; label: string }[]
  error?: string | undefined
  help?: string
}

/** A labelled select with help and an error under it, as `TextField` does for text. */
export function SelectField({ label, registration, options, error, help }: SelectFieldProps) {
  const id = useId()
  const describedBy = [help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(' ')
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-ink">
        {label}
      </label>
      <select
        id={id}
        className="field-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...registration}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {help ? (
        <p id={`${id}-help`} className="text-sm text-ink-muted">
          {help}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="flex items-start gap-1.5 text-sm font-medium text-danger">
          <AlertCircleIcon className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  )
}
