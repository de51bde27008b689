import { defineConfig } from '@playwright/test'
import { testBrowserPath } from './scripts/lib/test-browser.mjs'

/**
 * Browser tests against the production build (`npm run build` first; scripts/test-e2e.mjs does it),
 * in Debian's Chromium headless shell (ADR 054): `npx playwright install` cannot download anything here.
 * Two workers, one file each: the files share one server and one database, and each makes the
 * people it needs. The two files that change what everyone sees run after the rest, one at a time:
 * two-factor (it turns on the staff requirement for a moment), then password reset (it ends the
 * admin's sessions). E2E_WORKERS overrides the count.
 *
 * Screenshots for a person to look at are taken only when asked for (`E2E_SCREENSHOTS=1`), and so
 * is `screenshots.spec.ts`, whose pages exist for that: `support/shots.ts`.
 */
const lastFiles = { twoFactor: /two-factor\.spec\.ts/, passwordReset: /password-reset\.spec\.ts/ }
const screenshotsOnly = process.env.E2E_SCREENSHOTS ? [] : [/screenshots\.spec\.ts/]
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Journeys run several axe checks; a loaded 2-core machine needs the room (no test asserts a time).
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    launchOptions: {
      executablePath: testBrowserPath(),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'setup', testMatch: /admin\.setup\.ts/ },
    {
      name: 'chromium',
      testMatch: /.*\.spec\.ts/,
      testIgnore: [lastFiles.twoFactor, lastFiles.passwordReset, ...screenshotsOnly],
      dependencies: ['setup'],
    },
    { name: 'two-factor', testMatch: lastFiles.twoFactor, dependencies: ['chromium'] },
    { name: 'password-reset', testMatch: lastFiles.passwordReset, dependencies: ['two-factor'] },
  ],
})
