import { type ReactNode, useEffect, useId, useRef } from 'react'
import { CloseIcon } from './icons'

interface ModalProps {
  open: boolean
  onClose: () => void
  title: string
  children: ReactNode
  /** `alertdialog` for confirmations: a screen reader announces them as urgent. */
  role?: 'dialog' | 'alertdialog'
  /**
   * Where focus goes when the control that opened the dialog is gone (a deleted row's button):
   * the browser would otherwise leave it on <body>.
   */
  fallbackFocus?: (() => void) | undefined
  /**
   * Asked before Escape or the close button closes the dialog; false keeps it open (a form with
   * typed input asks the person first).
   */
  mayClose?: (() => boolean) | undefined
}

/**
 * A modal native <dialog> (as the mobile drawer): the browser traps focus, makes the page behind
 * it inert, closes it on Escape and gives focus back to the control that opened it.
 * The content mounts only while open, so a form inside starts fresh each time.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  role = 'dialog',
  fallbackFocus,
  mayClose,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])

  return (
    <dialog
      ref={ref}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={(event) => {
        // Escape: the browser would close the dialog unless told not to.
        if (mayClose && !mayClose()) event.preventDefault()
      }}
      onClose={() => {
        onClose()
        // The browser has already tried to give focus back by now.
        if (fallbackFocus && (document.activeElement === document.body || !document.activeElement)) {
          fallbackFocus()
        }
      }}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] max-w-none rounded-xl bg-surface p-0 text-ink shadow-xl"
    >
      {open ? (
        <div className="flex flex-col gap-4 p-5 sm:p-6">
          <div className="flex items-start justify-between gap-3">
            <h2 id={titleId} className="text-xl font-semibold break-words">
              {title}
            </h2>
            <button
              type="button"
              className="btn btn-quiet -mt-1 -mr-2 shrink-0 px-2"
              aria-label="Close"
              onClick={() => {
                if (!mayClose || mayClose()) onClose()
              }}
            >
              <CloseIcon className="size-5" />
            </button>
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  )
}
