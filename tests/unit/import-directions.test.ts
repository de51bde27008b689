import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Imports flow one way (docs/architecture.md, ADR 026): src/shared <- src/server and
 * src/shared <- src/web; the web app never imports the server nor the server the web app; no
 * production code imports tests/ (it would ship test code in the build). This reads every import
 * specifier in src/ (static, dynamic, re-exports) and resolves the relative ones.
 */
const root = resolve(import.meta.dirname, '../..')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.(ts|tsx|mts|mjs|js)$/.test(entry.name) ? [path] : []
  })
}

const SPECIFIER = /(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"]+)['"]/g

/** Every import of `file` as a repository path ('src/shared/roles'), or the bare package name. */
function importsOf(file: string, text = readFileSync(file, 'utf8')): string[] {
  return [...text.matchAll(SPECIFIER)].map(([, specifier]) =>
    specifier!.startsWith('.') ? relative(root, resolve(dirname(file), specifier!)) : specifier!,
  )
}

const area = (path: string) => /^(src\/(?:shared|server|web)|tests)(?:\/|$)/.exec(path)?.[1] ?? null

const FORBIDDEN: Record<string, { areas: string[]; why: string }> = {
  'src/shared': { areas: ['src/server', 'src/web', 'tests'], why: 'shared code is used by both sides' },
  'src/server': { areas: ['src/web', 'tests'], why: 'the server never imports the web app or tests' },
  'src/web': { areas: ['src/server', 'tests'], why: 'the web app never imports the server or tests' },
}

function violations(): string[] {
  const found: string[] = []
  for (const file of sourceFiles(join(root, 'src'))) {
    const from = area(relative(root, file))
    const rule = from ? FORBIDDEN[from] : undefined
    if (!rule) continue
    for (const target of importsOf(file)) {
      const to = area(target)
      if (to && rule.areas.includes(to)) found.push(`${relative(root, file)} imports ${target} (${rule.why})`)
      if (from === 'src/shared' && target.startsWith('node:'))
        found.push(`${relative(root, file)} imports ${target} (shared code also runs in the browser)`)
    }
  }
  return found
}

describe('import directions', () => {
  it('finds relative, dynamic and re-exported imports', () => {
    const file = join(root, 'src/web/x.ts')
    const text = [
      "import { a } from '../server/app'",
      "export * from '../../tests/factories'",
      "const m = await import('../shared/roles')",
      "import 'zod'",
    ].join('\n')
    expect(importsOf(file, text)).toEqual(['src/server/app', 'tests/factories', 'src/shared/roles', 'zod'])
  })

  it('holds in src/: shared imports neither side, server and web not each other, nothing imports tests/', () => {
    expect(violations()).toEqual([])
  })
})
