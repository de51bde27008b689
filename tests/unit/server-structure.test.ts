import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The server's structure (docs/architecture.md, ADR 044): `auth/` and `plugins/` stand below the
 * modules; nothing in src/ imports in a circle; and the answers kept between writes live in
 * src/server/kept/, which only the app's registration (app.ts) imports, through its door
 * (kept/index.ts). Every import specifier (static, dynamic, re-exports, type-only) is read and the
 * relative ones resolved to files, as in import-directions.test.ts.
 */
const root = resolve(import.meta.dirname, '../..')
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.mjs', '.js']

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.(ts|tsx|mts|mjs|js)$/.test(entry.name) ? [path] : []
  })
}

const SPECIFIER = /(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"]+)['"]/g

/** The file a relative specifier names ('src/server/kept/index.ts'), or null for a package. */
function resolveImport(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null
  const base = resolve(dirname(file), specifier.replace(/\.js$/, ''))
  const candidates = [
    base,
    ...EXTENSIONS.map((extension) => base + extension),
    ...EXTENSIONS.map((extension) => join(base, `index${extension}`)),
  ]
  const found = candidates.find((path) => existsSync(path) && statSync(path).isFile())
  return relative(root, found ?? base)
}

/** Every relative import of every source file in src/, as repository paths. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const file of sourceFiles(join(root, 'src'))) {
    const text = readFileSync(file, 'utf8')
    const targets = [...text.matchAll(SPECIFIER)]
      .map(([, specifier]) => resolveImport(file, specifier!))
      .filter((target): target is string => target !== null)
    graph.set(relative(root, file), [...new Set(targets)])
  }
  return graph
}

/** Each import cycle once, as the files around it. */
function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = []
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const visit = (file: string) => {
    state.set(file, 'open')
    stack.push(file)
    for (const target of graph.get(file) ?? []) {
      if (state.get(target) === 'open') found.push([...stack.slice(stack.indexOf(target)), target])
      else if (!state.has(target) && graph.has(target)) visit(target)
    }
    stack.pop()
    state.set(file, 'done')
  }
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file)
  return found
}

const WING = 'src/server/kept/'
const WING_DOOR = 'src/server/kept/index.ts'
/** The one file outside the wing that may import it: the app's registration. */
const REGISTRATION = 'src/server/app.ts'

describe('server structure', () => {
  const graph = importGraph()

  it('resolves relative imports to files, and finds a cycle', () => {
    const file = join(root, 'src/server/app.ts')
    expect(resolveImport(file, './kept')).toBe(WING_DOOR)
    expect(resolveImport(file, './auth/session')).toBe('src/server/auth/session.ts')
    expect(resolveImport(file, 'fastify')).toBeNull()
    const circle = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ])
    expect(cycles(circle)).toEqual([['a', 'b', 'c', 'a']])
  })

  it('keeps auth/ and plugins/ below the modules: neither imports src/server/modules', () => {
    const found = [...graph].flatMap(([file, targets]) =>
      /^src\/server\/(auth|plugins)\//.test(file)
        ? targets
            .filter((target) => target.startsWith('src/server/modules/'))
            .map((target) => `${file} imports ${target}`)
        : [],
    )
    expect(found).toEqual([])
  })

  it('has no import cycles in src/', () => {
    expect(cycles(graph).map((cycle) => cycle.join(' -> '))).toEqual([])
  })

  it('keeps the kept answers in src/server/kept/: only app.ts imports it, through its door', () => {
    const found = [...graph].flatMap(([file, targets]) =>
      file.startsWith(WING)
        ? []
        : targets
            .filter((target) => target.startsWith(WING))
            .filter((target) => file !== REGISTRATION || target !== WING_DOOR)
            .map((target) => `${file} imports ${target}`),
    )
    expect(found).toEqual([])
  })
})
