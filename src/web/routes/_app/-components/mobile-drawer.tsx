import { useRouterState } from '@tanstack/react-router'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { BRAND } from '../../../../shared/brand'
import { CloseIcon, MenuIcon } from '../../../components/ui/icons'

const DESKTOP = '(min-width: 1024px)'

/**
 * The navigation under 1024 px: a modal native <dialog>, so the browser traps focus, closes it on
 * Escape and makes the page behind it inert; focus goes back to the menu button on close.
 */
export function MobileTopBar({
  children,
  notice,
}: {
  children: (close: () => void) => ReactNode
  /** Shown on the menu button: what waits behind it (the unread messages). */
  notice?: ReactNode
}) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const [open, setOpen] = useState(false)
  const pathname = useRouterState({ select: (state) => state.location.pathname })

  const close = () => dialogRef.current?.close()

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
  }, [open])

  // A new page, or a window grown to desktop width, closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger
  useEffect(() => {
    dialogRef.current?.close()
  }, [pathname])
  useEffect(() => {
    const query = window.matchMedia(DESKTOP)
    const onChange = () => query.matches && dialogRef.current?.close()
    query.addEventListener('change', onChange)
    return () => query.removeEventListener('change', onChange)
  }, [])

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface lg:hidden">
      <div className="flex items-center gap-2 px-2 py-1.5">
        <button
          ref={buttonRef}
          type="button"
          className="btn btn-quiet px-3"
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpen(true)}
        >
          <MenuIcon className="size-6" />
          <span>Menu</span>
          {notice}
        </button>
        <span className="flex items-center gap-2 font-bold">
          <img src="/favicon.svg" alt="" width={24} height={24} />
          {BRAND.name}
        </span>
      </div>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click is a mouse shortcut; Escape and the close button serve keyboards */}
      <dialog
        ref={dialogRef}
        aria-label="Menu"
        className="m-0 h-dvh max-h-none w-[min(20rem,88vw)] max-w-none overflow-y-auto bg-surface p-0 text-ink shadow-xl"
        onClose={() => {
          setOpen(false)
          buttonRef.current?.focus()
        }}
        onClick={(event) => {
          // A click on the backdrop lands on the dialog element itself.
          if (event.target === event.currentTarget) close()
        }}
      >
        <div className="relative min-h-full">
          <button
            type="button"
            className="btn btn-quiet absolute top-3 right-3 px-2"
            aria-label="Close menu"
            onClick={close}
          >
            <CloseIcon className="size-6" />
          </button>
          {open ? children(close) : null}
        </div>
      </dialog>
    </header>
  )
}
