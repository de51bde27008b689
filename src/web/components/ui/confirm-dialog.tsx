import { useState } from 'react'
import { errorMessage } from '../../lib/api-client'
import { Alert } from './alert'
import { SpinnerIcon } from './icons'
import { Modal } from './modal'

interface ConfirmDialogProps {
  open: boolean
  onClose: () => void
  /** Names the thing: "Delete 'Common App essay draft 2'?" (docs/product.md#look-and-accessibility). */
  title: string
  description?: string
  confirmLabel: string
  onConfirm: () => Promise<unknown>
  /** See `Modal`: where focus goes when the thing deleted took its button with it. */
  fallbackFocus?: () => void
  /** Red for what takes something away (the default); primary for a change that only adds. */
  tone?: 'danger' | 'primary'
}

/** A confirmation (a destructive one by default): red button, progress while it runs, the error if it fails. */
export function ConfirmDialog({
  open,
  onClose,
  title,
  description,
  confirmLabel,
  onConfirm,
  fallbackFocus,
  tone = 'danger',
}: ConfirmDialogProps) {
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const close = () => {
    if (pending) return
    setError(null)
    onClose()
  }
  const confirm = async () => {
    setPending(true)
    setError(null)
    try {
      await onConfirm()
      setPending(false)
      onClose()
    } catch (caught) {
      setPending(false)
      setError(errorMessage(caught))
    }
  }
  return (
    <Modal open={open} onClose={close} title={title} role="alertdialog" fallbackFocus={fallbackFocus}>
      {description ? <p className="text-ink-muted">{description}</p> : null}
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-secondary" onClick={close} disabled={pending}>
          Cancel
        </button>
        <button
          type="button"
          className={tone === 'danger' ? 'btn btn-danger' : 'btn btn-primary'}
          onClick={confirm}
          disabled={pending}
          aria-disabled={pending}
        >
          {pending ? <SpinnerIcon className="size-4" /> : null}
          {confirmLabel}
        </button>
      </div>
    </Modal>
  )
}
