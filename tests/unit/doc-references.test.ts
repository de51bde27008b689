import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Every document the code and docs point at is in the repository (ADR 026). The product's rules
 * are in docs/product.md, the API's conventions in docs/api.md, the reasons in docs/decisions/.
 * This fails on: a relative Markdown link that does not resolve (or names a heading that is not
 * there), a `docs/….md` path or an "ADR NNN" with no such file, and references to documents the
 * team once worked from but that never lived here (design notes, the original specification,
 * issue numbers).
 */
const root = resolve(import.meta.dirname, '../..')
const SELF = 'tests/unit/doc-references.test.ts'
const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'data', 'test-results', 'playwright-report'])
const TEXT = /\.(ts|tsx|mts|mjs|js|md|css|json|html|ya?ml)$/

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP_DIRS.has(entry.name)) return []
    const path = join(dir, entry.name)
    return entry.isDirectory() ? walk(path) : TEXT.test(entry.name) ? [path] : []
  })
}

const ROOT_FILES = [
  'README.md',
  '.env.example',
  '.ci/run',
  'vitest.config.ts',
  'playwright.config.ts',
  'vite.config.ts',
  'drizzle.config.ts',
  'biome.json',
]
const checkedFiles = () =>
  [
    ...['src', 'tests', 'scripts', 'docs'].flatMap((dir) => walk(join(root, dir))),
    ...ROOT_FILES.map((file) => join(root, file)).filter((file) => existsSync(file)),
  ].filter((file) => relative(root, file) !== SELF && !file.endsWith('routeTree.gen.ts'))

/** Documents that were never part of this repository, however they are cited. */
const OUTSIDE_DOCUMENTS: Array<[RegExp, string]> = [
  [/\bDESIGN(\.md)?\b/, 'the design notes'],
  [/\bSTACK-NOTES\b/, 'the stack notes'],
  [/\bSTYLE\.md\b/, 'the style notes'],
  [/\bUI\.md\b/, 'the UI notes'],
  [/product-spec/, 'the original specification'],
  [/\bspec(ification)? sections? \d/i, 'the original specification'],
  [/\b(the|original) spec\b|\bspec's\b/i, 'the original specification'],
  [/\bdesign notes\b/i, 'the design notes'],
  [/\.\.\/shared\/(design|spec|hooks)|\/work\/shared/, 'a folder outside the repository'],
  [/\bissues? #?\d+/i, 'an issue tracker'],
]

const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{Letter}\p{Number} _-]/gu, '')
    .replace(/ /g, '-')

const anchorsOf = (markdown: string) =>
  new Set([...markdown.matchAll(/^#{1,6} +(.+)$/gm)].map(([, heading]) => slug(heading!)))

/** Problems in one file's text; `file` is its path from the repository root. */
function problemsIn(file: string, text: string, exists: (path: string) => boolean): string[] {
  const problems: string[] = []
  const lines = text.split('\n')
  lines.forEach((line, index) => {
    const where = `${file}:${index + 1}`
    // With the next line joined on, so that a reference wrapped across two lines is still seen.
    const next = (lines[index + 1] ?? '').replace(/^\s*(\*|\/\/|#|>)?\s*/, '')
    const joined = `${line} ${next}`
    for (const [pattern, what] of OUTSIDE_DOCUMENTS) {
      for (const match of joined.matchAll(new RegExp(pattern.source, `${pattern.flags}g`))) {
        if (match.index < line.length)
          problems.push(`${where}: "${match[0]}" cites ${what}, which is not in the repository`)
      }
    }
    for (const [, path, anchor] of line.matchAll(/\b(docs\/[\w./-]+\.md)(?:#([\w-]+))?/g)) {
      if (!exists(path!)) problems.push(`${where}: ${path} does not exist`)
      else if (anchor && !anchorsOf(readFileSync(join(root, path!), 'utf8')).has(anchor))
        problems.push(`${where}: ${path} has no heading #${anchor}`)
    }
    for (const [, number] of line.matchAll(/\bADRs? (\d{1,3})\b/g)) {
      const padded = number!.padStart(3, '0')
      if (!exists(`docs/decisions/${padded}-*`)) problems.push(`${where}: ADR ${number} does not exist`)
    }
    if (!file.endsWith('.md')) return
    for (const [, target] of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^([a-z]+:|#)/i.test(target!)) continue
      const [path, anchor] = target!.split('#') as [string, string | undefined]
      const resolved = relative(root, resolve(root, dirname(file), path))
      if (!exists(resolved)) problems.push(`${where}: link to ${target} does not resolve`)
      else if (
        anchor &&
        resolved.endsWith('.md') &&
        !anchorsOf(readFileSync(join(root, resolved), 'utf8')).has(anchor)
      )
        problems.push(`${where}: ${resolved} has no heading #${anchor}`)
    }
  })
  return problems
}

function existsInRepo(path: string): boolean {
  if (path.endsWith('-*')) {
    const prefix = path.slice(path.lastIndexOf('/') + 1, -1)
    return readdirSync(join(root, dirname(path))).some((name) => name.startsWith(prefix))
  }
  const full = join(root, path)
  return existsSync(full) && (statSync(full).isFile() || statSync(full).isDirectory())
}

describe('document references', () => {
  it('catches outside documents, dead links, missing headings and unknown ADRs', () => {
    // Assembled from pieces, so that a search of the repository for outside references finds
    // only real ones, not this test's examples.
    const design = ['DESIGN', 'md'].join('.')
    const spec = ['spec', 'section'].join(' ')
    const issue = ['(issue', '4)'].join(' ')
    const text = [
      `See ${design} section 5 and ${spec} 3 ${issue}. Wrapped: ${spec}`,
      ' * 8.',
      'As the spec says; see [the rules](../docs/nowhere.md) and ADR 999.',
      'Roles are in [product](../docs/product.md#roles-and-labels), not [here](../docs/product.md#nope).',
      '// In code: docs/product.md#permissions, not docs/api.md#nowhere.',
    ].join('\n')
    const problems = problemsIn('tests/example.md', text, existsInRepo)
    expect(problems.join('\n')).toMatch(/DESIGN/)
    expect(problems.join('\n')).toMatch(new RegExp(`${spec} 3`))
    expect(problems.join('\n')).toMatch(/issue 4/)
    expect(problems.join('\n')).toMatch(/the spec/)
    expect(problems.join('\n')).toMatch(/nowhere\.md does not resolve/)
    expect(problems.join('\n')).toMatch(/ADR 999 does not exist/)
    expect(problems.join('\n')).toMatch(/no heading #nope/)
    expect(problems.join('\n')).toMatch(/docs\/api.md has no heading #nowhere/)
    // The dead link and the missing heading in Markdown count twice: as a link and as a docs/ path.
    expect(problems).toHaveLength(11)
  })

  it('numbers the ADRs 001, 002, … with no gap and no number used twice', () => {
    const numbers = readdirSync(join(root, 'docs/decisions'))
      .filter((name) => /^\d{3}-/.test(name) && !name.startsWith('000-'))
      .map((name) => Number(name.slice(0, 3)))
      .sort((a, b) => a - b)
    expect(numbers).toEqual(numbers.map((_, index) => index + 1))
  })

  it('lists every ADR in the README', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8')
    const adrs = readdirSync(join(root, 'docs/decisions')).filter((name) => /^\d{3}-/.test(name))
    const unlisted = adrs.filter(
      (name) => !name.startsWith('000-') && !readme.includes(`docs/decisions/${name}`),
    )
    expect(unlisted).toEqual([])
  })

  // It reads every file of the repository: seconds when other test files run beside it.
  it('finds only documents that exist, in src/, tests/, scripts/, docs/, the README and configs', {
    timeout: 30_000,
  }, () => {
    const problems = checkedFiles().flatMap((file) =>
      problemsIn(relative(root, file), readFileSync(file, 'utf8'), existsInRepo),
    )
    expect(problems).toEqual([])
  })
})
