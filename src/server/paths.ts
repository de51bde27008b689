import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository root, found from this file whether it runs from `src/` (tsx) or `dist/` (build). */
function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url))
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error('Cannot find the project root (package.json)')
    dir = parent
  }
  return dir
}

export const PROJECT_ROOT = findProjectRoot()
export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'drizzle')
export const WEB_DIST_DIR = path.join(PROJECT_ROOT, 'dist', 'web')
