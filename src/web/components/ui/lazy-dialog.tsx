import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react'
import { loadZod } from '../../lib/lazy-zod'
import { whenIdle } from '../../lib/when-idle'

/**
 * A dialog whose code (its form, its checks) is not loaded with the page that shows its button:
 * the browser fetches it when idle after the page is up, or at once when it is opened first
 * (docs/performance.md, change 34). Closed and never opened, it renders nothing, on the server
 * too; once opened it stays mounted, so it closes and returns focus as any dialog does.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean = openProp,
): ComponentType<P> {
  let loading: Promise<ComponentType<P>> | null = null
  const loadOnce = () => {
    // A dialog's form checks with zod as it renders (ADR 053): both arrive before it opens.
    loading ??= Promise.all([load(), loadZod()]).then(([component]) => component)
    return loading
  }
  const Dialog = lazy(() => loadOnce().then((component) => ({ default: component })))
  // biome-ignore lint/correctness/noComponentHookFactories: called once per dialog, at a module's top level
  return function LazyDialog(props: P) {
    const open = isOpen(props)
    const [opened, setOpened] = useState(open)
    if (open && !opened) setOpened(true)
    useEffect(() => whenIdle(() => void loadOnce()), [])
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
