import { readFileSync } from 'node:fs'

/**
 * The Node flags the server runs with, read from package.json's `start` script (`npm start` and
 * `npm run start:demo` give them to `node`, since V8 sizes its young generation once, when the
 * process starts). The bench starts the server with the same flags, so it measures what
 * `npm start` serves. Why these flags: docs/performance.md, change 21.
 */
export function serverNodeFlags(packageJson = 'package.json') {
  const { scripts } = JSON.parse(readFileSync(packageJson, 'utf8'))
  const words = scripts.start.split(/\s+/)
  if (words[0] !== 'node') throw new Error('package.json: the start script no longer starts with node')
  return words.slice(1).filter((word) => word.startsWith('--'))
}
