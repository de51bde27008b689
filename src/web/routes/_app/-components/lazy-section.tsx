import { type ComponentType, type ReactNode, use } from 'react'
import { whenIdle } from '../../../lib/when-idle'

/**
 * A record section whose code loads when it is shown, or earlier with `preload()`. Typed as the
 * function component it stands for.
 */
export type LazySection<P> = ((props: P) => ReactNode) & { preload: () => Promise<unknown> }

/**
 * A section of the record in a chunk of its own (docs/performance.md, change 40): the record's
 * page loads only the section it shows, and the others once the browser is idle. `load` gives the
 * section's component, importing the features it composes with `import()`. Once loaded it renders
 * at once, with no suspending: the record's loader preloads the chosen section, so the page
 * hydrates it together with the rest (a section left to hydrate later would show buttons that do
 * nothing until its code arrived).
 */
export function lazySection<P extends object>(load: () => Promise<ComponentType<P>>): LazySection<P> {
  let loaded: ComponentType<P> | null = null
  let loading: Promise<ComponentType<P>> | null = null
  const preload = () => {
    loading ??= load().then((component) => {
      loaded = component
      return component
    })
    return loading
  }
  // biome-ignore lint/correctness/noComponentHookFactories: called once per section, at a module's top level
  function Section(props: P) {
    const Component = loaded ?? use(preload())
    return <Component {...props} />
  }
  return Object.assign(Section, { preload })
}

/**
 * Loads each section's code when the browser is idle, one section per idle moment: starting a
 * section's import adds a preload for each chunk it needs, and all of them at once made one long
 * task (docs/performance.md, change 46). The cleanup cancels what has not started.
 */
export function preloadWhenIdle(sections: ReadonlyArray<object>): () => void {
  const queue = sections.filter((section): section is LazySection<never> => 'preload' in section)
  const next = () => {
    const section = queue.shift()
    if (!section) return
    void section.preload()
    cancel = whenIdle(next)
  }
  let cancel = whenIdle(next)
  return () => cancel()
}
