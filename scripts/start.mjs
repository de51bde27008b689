import { spawnSync } from 'node:child_process'
import { buildIsStale } from './lib/build-state.mjs'

/**
 * `npm start`: build when the build is missing or stale (saying so), then serve.
 * `npm run start:demo`: the same with demo people and records loaded first.
 */
const demo = process.argv.includes('--demo')
const stale = buildIsStale()
if (stale) {
  console.log(`The build is ${stale}: building the web app and the server (a few seconds)…`)
  const result = spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
if (demo) {
  process.env.CRESTLINE_DEMO = '1'
  process.env.NODE_ENV ??= 'development'
}
await import('../dist/server/main.js')
