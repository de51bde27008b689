import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { transformSync } from 'esbuild'
import type { Plugin } from 'vite'
import { z } from 'zod'

const src = fileURLToPath(new URL('../../src/', import.meta.url))
const lazyZod = fileURLToPath(new URL('../../src/web/lib/lazy-zod.ts', import.meta.url))
const realZod = fileURLToPath(new URL('../../src/web/lib/zod-jitless.ts', import.meta.url))

/**
 * Every `z.name` the browser's sources (src/shared, src/web) use as a value and zod exports: read
 * with the types stripped, since a type (`z.core.$ZodIssue`) would keep a whole namespace.
 */
export function zodMembersUsed(dirs = ['shared', 'web'].map((dir) => path.join(src, dir))): string[] {
  const names = new Set<string>()
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name)
      if (entry.isDirectory()) visit(file)
      else if (/\.tsx?$/.test(entry.name)) {
        const source = readFileSync(file, 'utf8')
        if (!source.includes('z.')) continue
        const loader = entry.name.endsWith('x') ? 'tsx' : 'ts'
        const code = transformSync(source, { loader, jsx: 'automatic' }).code
        for (const [, name] of code.matchAll(/\bz\.([A-Za-z_$][\w$]*)/g)) names.add(name!)
      }
    }
  }
  for (const dir of dirs) visit(dir)
  return [...names].filter((name) => name in z).sort()
}

/**
 * The web build's `zod` loaded after the page is usable (ADR 053): under `src/`, `'zod'` resolves
 * to `src/web/lib/lazy-zod.ts`, whose `z` reads the package once `loadZod()` has loaded it, except
 * in `zod-jitless.ts`, the one module that imports the package itself. That module hands over an
 * object of the parts of `z` the sources name, not `z` itself: `z` read by a key the bundler
 * cannot see would keep all of zod (its locales among it), about 89 KB gzip instead of 25.
 * The server, its first render, the dev server and the tests use the package as written.
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
    transform(code, id) {
      if (id !== realZod) return null
      if (!code.includes('provideZod(z)')) this.error('zod-jitless.ts no longer calls provideZod(z)')
      const members = zodMembersUsed().map((name) => `${name}: z.${name}`)
      return { code: code.replace('provideZod(z)', `provideZod({ ${members.join(', ')} })`), map: null }
    },
  }
}
