import { AlertCircleIcon } from './icons'

/** A field's error under it, in red with an icon; `id` is what the field's aria-describedby names. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null
  return (
    <p id={id} className="flex items-start gap-1.5 text-sm font-medium text-danger">
      <AlertCircleIcon className="mt-0.5 size-4 shrink-0" />
      <span>{message}</span>
    </p>
  )
}
