import type * as Zod from 'zod'
import { loadedZod, pendingConfig } from './zod-slot'

/**
 * zod for the web app, loaded after the page is usable (ADR 053). The web build resolves every
 * `import { z } from 'zod'` under `src/` to this module (`scripts/lib/lazy-zod.ts`), except in
 * `zod-jitless.ts`, which imports the package itself and hands it here when it is evaluated. The
 * schemas are built on first use (ADR 051), so a page's modules only name `z` until something
 * parses: every such path waits for `loadZod()` first (`apiFetch`, the form resolvers, the lazy
 * dialogs), and the app loads it when the browser is idle after the first render. The dev server,
 * the server's first render and the tests use the package as written.
 */
let loading: Promise<void> | undefined

/** Loads zod once; resolved at once when it is already here. */
export function loadZod(): Promise<void> {
  if (loadedZod()) return Promise.resolve()
  loading ??= import('./zod-jitless').then(() => undefined)
  return loading
}

/**
 * The package's `z`, read when used: a use before `loadZod()` has settled is a bug, and says so.
 * `z.config()` is the exception: it is kept and applied when zod arrives.
 */
export const z = new Proxy({} as typeof Zod.z, {
  get(_, key) {
    const zod = loadedZod()
    if (!zod && key === 'config')
      return (options: (typeof pendingConfig)[number]) => pendingConfig.push(options)
    if (!zod) throw new Error(`zod was used (z.${String(key)}) before loadZod() settled`)
    return Reflect.get(zod, key)
  },
})
