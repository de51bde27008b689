import { type DragEvent, type Ref, useId, useState } from 'react'
import { DOCUMENT_FILE_ACCEPT, formatFileSize } from '../../../shared/documents'
import { FieldError } from './field-error'

interface FileDropZoneProps {
  file: File | null
  onFile: (file: File | null) => void
  error?: string | undefined
  /** The file input, so a submit with a problem can move focus to it. */
  inputRef?: Ref<HTMLInputElement>
}

/**
 * Pick a file: drop it on the zone, or press the zone's file input (Tab reaches it; Enter or Space
 * opens the picker). `accept` includes `image/*`, so a phone also offers its camera, without
 * forcing it (no `capture`).
 */
export function FileDropZone({ file, onFile, error, inputRef }: FileDropZoneProps) {
  const id = useId()
  const [dragging, setDragging] = useState(false)
  const helpId = `${id}-help`
  const errorId = `${id}-error`

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    const dropped = event.dataTransfer.files[0]
    if (dropped) onFile(dropped)
  }

  return (
    <div className="flex flex-col gap-1.5">
      <span className="font-medium text-ink" id={`${id}-label`}>
        File
      </span>
      <label
        htmlFor={id}
        onDragOver={(event) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex min-h-28 cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed p-4 text-center has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus ${
          error
            ? 'border-danger'
            : dragging
              ? 'border-primary bg-primary-soft'
              : 'border-line-strong bg-surface-warm'
        }`}
      >
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={DOCUMENT_FILE_ACCEPT}
          className="sr-only"
          aria-labelledby={`${id}-label ${id}-choice`}
          aria-describedby={[helpId, error ? errorId : null].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onFile(event.target.files?.[0] ?? null)}
        />
        {file ? (
          <>
            <span id={`${id}-choice`} className="font-semibold break-all">
              {file.name}
            </span>
            <span className="text-sm text-ink-muted">
              {formatFileSize(file.size)} · choose another or drop it here
            </span>
          </>
        ) : (
          <>
            <span id={`${id}-choice`} className="font-semibold text-primary underline">
              Choose a file
            </span>
            <span className="text-sm text-ink-muted">or drop it here</span>
          </>
        )}
      </label>
      <p id={helpId} className="text-sm text-ink-muted">
        PDF, Word, PowerPoint, Excel, plain text, PNG, JPEG or HEIC, up to 25 MB.
      </p>
      <FieldError id={errorId} message={error} />
    </div>
  )
}
