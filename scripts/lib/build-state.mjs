import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** What `npm start` checks: is the build missing, or older than any source it is made from? */
const SOURCES = [
  'src',
  'content',
  'drizzle',
  'package-lock.json',
  'vite.config.ts',
  'scripts/build-server.mjs',
  'scripts/prerender',
]
export const STAMP = 'dist/.build-stamp'

function newestMtime(entry) {
  if (!existsSync(entry)) return 0
  const stat = statSync(entry)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = 0
  for (const child of readdirSync(entry)) {
    if (child === 'node_modules' || child.endsWith('.gen.ts')) continue
    newest = Math.max(newest, newestMtime(path.join(entry, child)))
  }
  return newest
}

export function buildIsStale(root = process.cwd()) {
  const stamp = path.join(root, STAMP)
  if (!existsSync(stamp) || !existsSync(path.join(root, 'dist/server/main.js'))) return 'missing'
  const built = statSync(stamp).mtimeMs
  return SOURCES.some((entry) => newestMtime(path.join(root, entry)) > built)
    ? 'older than the sources'
    : null
}

export function markBuilt(root = process.cwd()) {
  writeFileSync(path.join(root, STAMP), new Date().toISOString())
}
