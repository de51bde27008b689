import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

const src = fileURLToPath(new URL('../../src/', import.meta.url))
const lazyZod = fileURLToPath(new URL('../../src/web/lib/lazy-zod.ts', import.meta.url))
const realZod = fileURLToPath(new URL('../../src/web/lib/zod-jitless.ts', import.meta.url))

/**
 * The web build's `zod` loaded after the page is usable (ADR 057): under `src/`, `'zod'` resolves
 * to `src/web/lib/lazy-zod.ts`, whose `z` reads the package once `loadZod()` has loaded it, except
 * in `zod-jitless.ts`, the one module that imports the package itself. The server, its first
 * render, the dev server and the tests use the package as written.
 */
export function lazyZodPlugin(): Plugin {
  return {
    name: 'crestline-lazy-zod',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'zod' || !importer?.startsWith(src) || importer === realZod) return null
      return lazyZod
    },
  }
}
