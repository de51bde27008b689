import { defineConfig } from 'vitest/config'

const apiProject = (name: string, database: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['tests/api/**/*.test.ts'],
    globalSetup: ['tests/helpers/global-setup.ts'],
    env: { TEST_DB: database },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})

/** unit, API on PGlite, and API on PostgreSQL when TEST_DATABASE_URL is set (ADR 026). */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      apiProject('api', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-pg', 'postgres')] : []),
    ],
  },
})
