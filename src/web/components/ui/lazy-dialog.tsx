import { type ComponentType, lazy, Suspense, useState } from 'react'

/**
 * A dialog whose code (its form, react-hook-form, its checks) loads when it is first opened, not
 * with the page that shows its button: a page is usable sooner, and most visits open no dialog
 * (docs/performance.md, change 33). Closed and never opened, it renders nothing, on the server
 * too; once opened it stays mounted, so it closes and returns focus as any dialog does.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean = openProp,
): ComponentType<P> {
  const Dialog = lazy(() => load().then((component) => ({ default: component })))
  // biome-ignore lint/correctness/noComponentHookFactories: called once per dialog, at a module's top level
  return function LazyDialog(props: P) {
    const open = isOpen(props)
    const [opened, setOpened] = useState(open)
    if (open && !opened) setOpened(true)
    if (!opened) return null
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    )
  }
}

/** A dialog's `open`; one without it is open while it is mounted. */
function openProp(props: object): boolean {
  return (props as { open?: boolean }).open ?? true
}
