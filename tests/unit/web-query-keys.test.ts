import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Query keys come from one tree, `src/web/lib/query-keys.ts`: the query-options factories take
 * theirs from it, and mutations invalidate through it. A key spelled out elsewhere can drift from
 * the key it means to refresh, and `invalidateQueries()` with no key refetches everything.
 */
const web = resolve(import.meta.dirname, '../../src/web')
const KEYS_FILE = 'lib/query-keys.ts'

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return files(path)
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.gen.ts') ? [path] : []
  })
}

describe('web query keys', () => {
  it('are never written as literals outside lib/query-keys.ts, and every invalidation names a key', () => {
    const problems = files(web).flatMap((file) => {
      const name = relative(web, file)
      if (name === KEYS_FILE) return []
      const text = readFileSync(file, 'utf8')
      return [
        ...[...text.matchAll(/queryKey:\s*\[/g)].map(() => `${name}: a literal queryKey`),
        ...[...text.matchAll(/\b(invalidateQueries|refetchQueries|removeQueries)\(\s*\)/g)].map(
          ([call]) => `${name}: ${call} with no key`,
        ),
        ...[...text.matchAll(/setQueryData\(\s*\[/g)].map(() => `${name}: setQueryData on a literal key`),
      ]
    })
    expect(problems).toEqual([])
  })
})
