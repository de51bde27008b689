import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * docs/architecture.md is the map a newcomer reads first: short, and naming every folder a change
 * could land in. Top-level folders are named by their path (`src/server/auth/`), server modules as
 * `modules/<name>/` and web features as `features/<name>/`.
 */
const root = resolve(import.meta.dirname, '../..')
const map = readFileSync(join(root, 'docs/architecture.md'), 'utf8')
const folders = (dir: string) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)

describe('docs/architecture.md', () => {
  it('is a map: at most 150 lines', () => {
    expect(map.trimEnd().split('\n').length).toBeLessThanOrEqual(150)
  })

  it('names every folder of src/server and src/web, every server module and every web feature', () => {
    const expected = [
      ...folders('src/server').map((name) => `src/server/${name}/`),
      ...folders('src/web').map((name) => `src/web/${name}/`),
      ...folders('src/server/modules').map((name) => `modules/${name}/`),
      ...folders('src/web/features').map((name) => `features/${name}/`),
    ]
    expect(expected.filter((path) => !map.includes(`\`${path}\``))).toEqual([])
  })
})
