import { useId } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { FieldError } from './field-error'

interface TextFieldProps {
  label: string
  registration: UseFormRegisterReturn
  error?: string | undefined
  help?: string
  type?: 'text' | 'email' | 'password' | 'date' | 'time' | 'url'
  inputMode?: 'numeric' | 'url'
  max?: string
  /** The schema's limit, so the browser stops typing at it as the server would refuse more. */
  maxLength?: number
  autoComplete?: string
  readOnly?: boolean
  multiline?: boolean
}

/** Label above, help below, the error under the field in red with an icon (docs/product.md#look-and-accessibility). */
export function TextField({
  label,
  registration,
  error,
  help,
  type = 'text',
  autoComplete,
  readOnly,
  multiline,
  inputMode,
  max,
  maxLength,
}: TextFieldProps) {
  const id = useId()
  const helpId = `${id}-help`
  const errorId = `${id}-error`
  const describedBy = [help ? helpId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  const shared = {
    id,
    className: 'field-input',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    readOnly,
    maxLength,
    ...registration,
  }
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="font-medium text-ink">
        {label}
      </label>
      {multiline ? (
        <textarea rows={5} {...shared} />
      ) : (
        <input type={type} autoComplete={autoComplete} inputMode={inputMode} max={max} {...shared} />
      )}
      {help ? (
        <p id={helpId} className="text-sm text-ink-muted">
          {help}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  )
}
