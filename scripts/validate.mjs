import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs'

/**
 * `npm run validate` (and `npm test`, the same command; `.ci/run` calls it): installs what it
 * needs, then runs every check and ends with one line `N passed, N failed, N skipped`:
 *
 * - typecheck (`tsc --noEmit`) and lint (`biome check .`), one check each;
 * - the unit and API tests (API on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set);
 * - the fault tests (tests/faults: a database outage, two instances, SIGTERM) on a throwaway
 *   PostgreSQL cluster, once;
 * - the unit tests and a smoke set of API tests (PGlite) again under each Node major in
 *   VALIDATE_NODES (default "22,24"; empty skips them), with that Node taken from the npm
 *   registry's `node` package;
 * - the browser tests (Playwright) against the production build.
 *
 * Every step runs even when an earlier one fails. A step that fails without reporting any
 * failed test counts as one failure, so the last line never says "0 failed" after a failure.
 */
const run = (command, args, env = {}) =>
  spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1

const lock = 'package-lock.json'
const installed = 'node_modules/.package-lock.json'
if (!existsSync(installed) || statSync(lock).mtimeMs > statSync(installed).mtimeMs) {
  console.log('Installing dependencies (npm install)…')
  if (run('npm', ['install', '--no-audit', '--no-fund']) !== 0) {
    console.log('\n0 passed, 1 failed')
    process.exit(1)
  }
}

mkdirSync('test-results', { recursive: true })
const totals = { passed: 0, failed: 0, skipped: 0 }
/** One line per step for the summary: name, counts, seconds. */
const summary = []

const banner = (name) => console.log(`\n=== ${name} ===\n`)

/** A step whose report is a file of counts; `read` turns the file into counts. */
function step(name, command, args, { report, read, env } = {}) {
  banner(name)
  if (report) rmSync(report, { force: true })
  const started = Date.now()
  const code = run(command, args, env)
  const counts = { passed: 0, failed: 0, skipped: 0 }
  if (report && existsSync(report)) Object.assign(counts, read(JSON.parse(readFileSync(report, 'utf8'))))
  else if (!report) counts[code === 0 ? 'passed' : 'failed'] = 1
  if (code !== 0 && counts.failed === 0) counts.failed = 1
  for (const key of Object.keys(totals)) totals[key] += counts[key]
  summary.push({ name, ...counts, seconds: Math.round((Date.now() - started) / 1000) })
}

const vitestCounts = (report) => ({
  passed: report.numPassedTests,
  failed: report.numFailedTests,
  skipped: report.numPendingTests + report.numTodoTests,
})
const vitestArgs = (report) => ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]

step('typecheck (tsc --noEmit)', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'])
step('lint (biome check .)', 'npx', ['biome', 'check', '.'])

const vitestReport = 'test-results/vitest.json'
step(`unit and API tests (Node ${process.versions.node})`, 'npx', ['vitest', ...vitestArgs(vitestReport)], {
  report: vitestReport,
  read: vitestCounts,
})

// Once, on this Node only: they start real server processes and stop a PostgreSQL cluster of their
// own (initdb, pg_ctl); without initdb they are skipped with a message saying so.
const faultsReport = 'test-results/vitest-faults.json'
step(
  'fault tests (throwaway PostgreSQL)',
  'npx',
  ['vitest', ...vitestArgs(faultsReport), '--project=faults'],
  {
    report: faultsReport,
    read: vitestCounts,
  },
)

/**
 * On the other Node majors: every unit test, and the API tests that lean most on Node itself
 * (crypto and password hashing, streams and uploads, gzip, child processes, the file system, time
 * zones), a smoke set. The rest of the API suite runs on the main Node above, twice over.
 */
const NODE_SMOKE_API = [
  'health',
  'auth',
  'session',
  'two-factor',
  'students',
  'scores',
  'document-files',
  'data-rights',
  'calendar',
  'people-csv',
  'cli',
  'backup',
].map((name) => `tests/api/${name}.test.ts`)

const otherNodes = (process.env.VALIDATE_NODES ?? '22,24').split(',').map((major) => major.trim())
for (const major of otherNodes.filter(Boolean)) {
  const report = `test-results/vitest-node${major}.json`
  // `npm exec` puts that Node first on PATH, so what the tests spawn (tsx, the CLI) runs on it too.
  step(
    `unit and smoke API tests on PGlite (Node ${major})`,
    'npm',
    [
      'exec',
      '--yes',
      `--package=node@${major}`,
      '--',
      'node',
      'node_modules/vitest/vitest.mjs',
      ...vitestArgs(report),
      '--project=unit',
      '--project=api',
      'tests/unit',
      ...NODE_SMOKE_API,
    ],
    { report, read: vitestCounts },
  )
}

const playwrightReport = 'test-results/playwright.json'
step('browser tests (Playwright)', 'node', ['scripts/test-e2e.mjs'], {
  report: playwrightReport,
  read: ({ stats }) => ({
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected,
    skipped: stats.skipped,
  }),
  env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
})

console.log('\n=== summary ===\n')
for (const { name, passed, failed, skipped, seconds } of summary)
  console.log(`${name.padEnd(48)} ${passed} passed, ${failed} failed, ${skipped} skipped (${seconds} s)`)
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exit(totals.failed > 0 ? 1 : 0)
