import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The heavy libraries that only some screens use are loaded with `import()` where they are shown
 * (docs/architecture.md, web): d3-shape by the score chart, markdown-it by the note view, qrcode by
 * two-factor set-up. This follows the static imports from the web app's entry (`main.tsx`, through
 * the router and every route file) and checks that none of them is reached without an `import()`:
 * a plain import would put the library in the chunks a page loads before it needs it, or in the
 * app shell itself. The common-password list is the server's (src/server), which the web app never
 * imports (import-directions.test.ts).
 */
const root = resolve(import.meta.dirname, '../..')
const ENTRY = join(root, 'src/web/main.tsx')
/** What `main.tsx` imports with `import()` at once on every page, after React (ADR 058): part of the entry. */
const APP = join(root, 'src/web/router.tsx')
const LAZY_ONLY = [
  'd3-shape',
  'src/web/features/scores/components/score-plot',
  'markdown-it',
  'qrcode',
  'src/shared/markdown',
]
/**
 * The server loads these after it listens or on first use (docs/performance.md, a faster start):
 * better-auth's core took about a third of a start, file-type is for uploads only, and the
 * common-password list decompresses itself when imported.
 */
const SERVER_ENTRY = join(root, 'src/server/main.ts')
const SERVER_LAZY_ONLY = [
  'better-auth',
  'better-auth/api',
  'better-auth/adapters/drizzle',
  'better-auth/plugins',
  'better-auth/plugins/two-factor',
  'file-type',
  'ajv',
  '@zxcvbn-ts/language-common',
]

/** Static imports and re-exports; `import type` and `import()` load nothing up front. */
const STATIC = /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]/gm

function resolveFile(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier)
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]
  for (const candidate of candidates)
    if (/\.(ts|tsx)$/.test(candidate) && existsSync(candidate)) return candidate
  return null
}

/** Every module reached from the entries by static imports: repository paths and bare package names. */
function staticallyReached(...entries: string[]): Map<string, string> {
  const reachedFrom = new Map<string, string>(entries.map((entry) => [relative(root, entry), '(entry)']))
  const queue = [...entries]
  while (queue.length > 0) {
    const file = queue.pop()!
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC)) {
      const target = specifier!.startsWith('.') ? resolveFile(file, specifier!) : null
      const name = target ? relative(root, target).replace(/\.tsx?$/, '') : specifier!
      if (reachedFrom.has(name)) continue
      reachedFrom.set(name, relative(root, file))
      if (target) queue.push(target)
    }
  }
  return reachedFrom
}

describe('libraries loaded only where they are used', () => {
  it('reads static imports and re-exports, not type imports nor import()', () => {
    const text = [
      "import { a } from './a'",
      "import './styles.css'",
      "export { b } from 'b-lib'",
      "import type { C } from 'c-lib'",
      "const d = lazy(() => import('./d'))",
    ].join('\n')
    expect([...text.matchAll(STATIC)].map(([, specifier]) => specifier)).toEqual([
      './a',
      './styles.css',
      'b-lib',
    ])
  })

  it('follows the app from main.tsx through the router to the route files', () => {
    expect(readFileSync(ENTRY, 'utf8')).toContain("await import('./router')")
    const reached = staticallyReached(ENTRY, APP)
    expect(reached.has('src/web/routeTree.gen')).toBe(true)
    expect(reached.has('src/web/routes/_marketing/forgot-password')).toBe(true)
    expect(reached.has('react-dom/client')).toBe(true)
  })

  it('reaches d3-shape (and the chart drawn with it), markdown-it and qrcode only through import()', () => {
    const reached = staticallyReached(ENTRY, APP)
    const eager = LAZY_ONLY.filter((name) => reached.has(name)).map(
      (name) => `${name} (imported by ${reached.get(name)})`,
    )
    expect(eager).toEqual([])
  })

  it('starts the server without better-auth’s core or file-type: they load after listening, or on first use', () => {
    const reached = staticallyReached(SERVER_ENTRY)
    expect(reached.has('src/server/app')).toBe(true)
    expect(reached.has('better-auth/crypto')).toBe(true)
    const eager = SERVER_LAZY_ONLY.filter((name) => reached.has(name)).map(
      (name) => `${name} (imported by ${reached.get(name)})`,
    )
    expect(eager).toEqual([])
  })
})
