import { useEffect, useId, useRef, useState } from 'react'
import { toast } from './toast'

interface CopyLinkProps {
  url: string
  /** Tells the buttons and the field apart in a list: "for jane@example.com". */
  context?: string
  /** Show the read-only field from the start, not only when the clipboard refuses. */
  showField?: boolean
  /** The field's label: what the link is ("Invite link" unless said otherwise). */
  label?: string
}

/**
 * "Copy link": the clipboard when the browser allows it; otherwise the link in a read-only
 * field, selected, for the person to copy themself.
 */
export function CopyLink({ url, context, showField = false, label = 'Invite link' }: CopyLinkProps) {
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [fallback, setFallback] = useState(false)

  useEffect(() => {
    if (fallback) inputRef.current?.select()
  }, [fallback])

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard')
      await navigator.clipboard.writeText(url)
      toast('Link copied')
    } catch {
      setFallback(true)
      inputRef.current?.focus()
      inputRef.current?.select()
    }
  }

  const field = showField || fallback
  return (
    <div className={field ? 'flex w-full flex-col gap-1.5' : 'contents'}>
      {field ? (
        <>
          <label htmlFor={id} className={showField ? 'font-medium' : 'sr-only'}>
            {label}
            {context ? ` ${context}` : ''}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              ref={inputRef}
              id={id}
              className="field-input font-mono text-sm sm:flex-1"
              readOnly
              value={url}
              aria-describedby={fallback ? `${id}-help` : undefined}
              onFocus={(event) => event.target.select()}
            />
            <CopyButton onClick={copy} context={context} />
          </div>
          {fallback ? (
            <p id={`${id}-help`} className="text-sm text-ink-muted">
              The browser did not allow copying: the link is selected, press Ctrl+C (⌘C on a Mac).
            </p>
          ) : null}
        </>
      ) : (
        <CopyButton onClick={copy} context={context} />
      )}
    </div>
  )
}

function CopyButton({ onClick, context }: { onClick: () => void; context: string | undefined }) {
  return (
    <button type="button" className="btn btn-secondary btn-small shrink-0" onClick={onClick}>
      Copy link{context ? <span className="sr-only"> {context}</span> : null}
    </button>
  )
}
