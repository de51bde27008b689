import { defineConfig } from 'vitest/config'

const apiProject = (name: string, database: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['tests/api/**/*.test.ts'],
    isolate: false,
    globalSetup: ['tests/helpers/global-setup.ts'],
    env: { TEST_DB: database },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})

/**
 * The fault tests stop a PostgreSQL cluster of their own and run real server processes, one file
 * at a time (docs/architecture.md, tests). They are asked for by name (`--project faults`, as
 * `npm run test:faults` and the validate step do), so a plain `vitest run` leaves them out.
 */
const faultsAskedFor = process.argv.slice(2).some((arg) => /(^|[=/])faults\b/.test(arg))
const faultsProject = {
  test: {
    name: 'faults',
    include: ['tests/faults/**/*.test.ts'],
    globalSetup: ['tests/faults/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 90_000,
  },
}

/** unit, API on PGlite, API on PostgreSQL when TEST_DATABASE_URL is set (ADR 026), and faults. */
export default defineConfig({
  test: {
    // Vitest's default on this 2-core machine kind is one file at a time. The API files wait on
    // PostgreSQL (its own process) and on their servers' I/O, so three at a time keeps both cores
    // busy. The unit and API files share their worker's modules (`isolate: false`): each file
    // builds its own app on its own database, so what a file may not leave behind is global
    // state (process.env, timers, mocks), and loading the server once per worker instead of once
    // per file more than halved the step (docs/performance.md, the time CI takes).
    maxWorkers: 3,
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], isolate: false } },
      apiProject('api', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-pg', 'postgres')] : []),
      ...(faultsAskedFor ? [faultsProject] : []),
    ],
  },
})
