import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs'

/**
 * `npm test`: installs what it needs, runs every suite (unit, API on PGlite and on PostgreSQL when
 * TEST_DATABASE_URL is set, browser), and ends with one line `N passed, N failed`.
 */
const run = (command, args, env = {}) =>
  spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1

const lock = 'package-lock.json'
const installed = 'node_modules/.package-lock.json'
if (!existsSync(installed) || statSync(lock).mtimeMs > statSync(installed).mtimeMs) {
  console.log('Installing dependencies (npm install)…')
  if (run('npm', ['install', '--no-audit', '--no-fund']) !== 0) process.exit(1)
}

mkdirSync('test-results', { recursive: true })
const totals = { passed: 0, failed: 0, skipped: 0 }
let failedSuites = 0

const vitestCode = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/vitest.json',
])
if (existsSync('test-results/vitest.json')) {
  const report = JSON.parse(readFileSync('test-results/vitest.json', 'utf8'))
  totals.passed += report.numPassedTests
  totals.failed += report.numFailedTests
  totals.skipped += report.numPendingTests + report.numTodoTests
}
if (vitestCode !== 0) failedSuites += 1

const e2eCode = run('node', ['scripts/test-e2e.mjs'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: 'test-results/playwright.json',
})
if (existsSync('test-results/playwright.json')) {
  const { stats } = JSON.parse(readFileSync('test-results/playwright.json', 'utf8'))
  totals.passed += stats.expected + stats.flaky
  totals.failed += stats.unexpected
  totals.skipped += stats.skipped
}
if (e2eCode !== 0) failedSuites += 1

// A suite that crashed before reporting still fails the run.
if (failedSuites > 0 && totals.failed === 0) totals.failed = failedSuites
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exit(totals.failed > 0 ? 1 : 0)
