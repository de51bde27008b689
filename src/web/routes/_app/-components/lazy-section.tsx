import { type ComponentType, lazy, type ReactNode } from 'react'

/**
 * A record section whose code loads when it is shown, or earlier with `preload()`. Typed as the
 * function component it stands for (React renders a lazy component as one).
 */
export type LazySection<P> = ((props: P) => ReactNode) & { preload: () => Promise<unknown> }

/**
 * A section of the record in a chunk of its own (docs/performance.md, change 40): the record's
 * page loads only the section it shows, and the others once the browser is idle. `load` gives the
 * section's component, importing the features it composes with `import()`.
 */
export function lazySection<P extends object>(load: () => Promise<ComponentType<P>>): LazySection<P> {
  let loading: Promise<ComponentType<P>> | null = null
  const preload = () => {
    loading ??= load()
    return loading
  }
  const section = lazy(() => preload().then((component) => ({ default: component })))
  return Object.assign(section, { preload }) as unknown as LazySection<P>
}

/** Loads each section's code when the browser is idle; the cleanup cancels it. */
export function preloadWhenIdle(sections: ReadonlyArray<object>): () => void {
  const task = () => {
    for (const section of sections) if ('preload' in section) void (section as LazySection<never>).preload()
  }
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 5000 })
    return () => cancelIdleCallback(id)
  }
  const id = setTimeout(task, 2000)
  return () => clearTimeout(id)
}
