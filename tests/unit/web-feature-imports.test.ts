import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Web features stand alone (docs/architecture.md): a file under src/web/features/<a>/ never
 * imports from src/web/features/<b>/. What two features share lives in src/web/components/ or
 * src/web/lib/, and a page that shows several features composes them from its route. This reads
 * every import specifier (static, dynamic, re-exports), resolves the relative ones, and maps the
 * web app's path aliases (none today: tsconfig.json and vite.config.ts declare none; add them to
 * ALIASES if one appears).
 */
const root = resolve(import.meta.dirname, '../..')
const FEATURES = 'src/web/features'

/** Alias prefix to the repository folder it stands for. */
const ALIASES: Record<string, string> = {}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.(ts|tsx|mts|js)$/.test(entry.name) ? [path] : []
  })
}

const SPECIFIER = /(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"]+)['"]/g

/** Each import of `file` (a repository path) as a repository path, or null for a package. */
function importedPaths(file: string, text: string): string[] {
  return [...text.matchAll(SPECIFIER)].flatMap(([, specifier]) => {
    if (specifier!.startsWith('.')) return [relative(root, resolve(root, dirname(file), specifier!))]
    const alias = Object.keys(ALIASES).find((prefix) => specifier!.startsWith(prefix))
    return alias ? [join(ALIASES[alias]!, specifier!.slice(alias.length))] : []
  })
}

const featureOf = (path: string) => new RegExp(`^${FEATURES}/([^/]+)/`).exec(path)?.[1] ?? null

/** "file imports target" for every import from one feature into another. */
function crossFeatureImports(files: Array<{ file: string; text: string }>): string[] {
  return files.flatMap(({ file, text }) => {
    const from = featureOf(file)
    if (!from) return []
    return importedPaths(file, text)
      .filter((target) => {
        const to = featureOf(`${target}/`)
        return to !== null && to !== from
      })
      .map((target) => `${file} imports ${target}`)
  })
}

describe('web features import no other feature', () => {
  it('sees relative, dynamic and re-exported imports across features, and none within one', () => {
    const files = [
      {
        file: `${FEATURES}/scores/components/x.tsx`,
        text: [
          "import { a } from '../../notes/api/notes'",
          "export * from '../../../features/team/api/change-team'",
          "const m = await import('../../documents/components/document-dialog')",
          "import { b } from '../api/add-score'",
          "import { c } from '../../../lib/record-access'",
          "import { z } from 'zod'",
        ].join('\n'),
      },
    ]
    expect(crossFeatureImports(files)).toEqual([
      `${FEATURES}/scores/components/x.tsx imports ${FEATURES}/notes/api/notes`,
      `${FEATURES}/scores/components/x.tsx imports ${FEATURES}/team/api/change-team`,
      `${FEATURES}/scores/components/x.tsx imports ${FEATURES}/documents/components/document-dialog`,
    ])
  })

  it('holds in src/web/features', () => {
    const files = sourceFiles(join(root, FEATURES)).map((path) => ({
      file: relative(root, path),
      text: readFileSync(path, 'utf8'),
    }))
    expect(files.length).toBeGreaterThan(0)
    expect(crossFeatureImports(files)).toEqual([])
  })
})
