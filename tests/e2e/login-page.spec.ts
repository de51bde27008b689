import { gzipSync } from 'node:zlib'
import { expect, submitLogin, test } from './support/fixtures'

/** /login is a prerendered page with an island (ADR 036): light, quiet, and still the whole login. */

const BUDGET = 60 * 1024

test('a logged-out visit to /login loads under 60 KB of JavaScript and makes no failing request', async ({
  page,
  expectAccessible,
}) => {
  const scripts: Promise<number>[] = []
  const apiCalls: string[] = []
  const failures: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url())
  })
  page.on('response', (response) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`)
    // The bytes as served compressed: gzip of each script's body, as the bench counts them.
    if (new URL(response.url()).pathname.endsWith('.js'))
      scripts.push(response.body().then((body) => gzipSync(body).length))
  })
  page.on('requestfailed', (request) => failures.push(`${request.failure()?.errorText} ${request.url()}`))

  await page.goto('/login?redirect=%2Fsettings')
  await expect(page.locator('[data-island="login"][data-mounted]')).toBeAttached()
  await page.waitForLoadState('networkidle')
  const bytes = (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0)
  expect(scripts.length, 'the island loads').toBeGreaterThan(0)
  expect(bytes, `${(bytes / 1024).toFixed(1)} KB of JavaScript in ${scripts.length} files`).toBeLessThan(
    BUDGET,
  )
  expect(failures).toEqual([])
  expect(apiCalls).toEqual([])

  await expect(page).toHaveTitle('Log in | Crestline Prep')
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible()
  await expect(page.getByText('Welcome back. Log in to see your dashboard.')).toBeVisible()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toHaveCount(0)
  await expectAccessible()
})

test('the login answers in words: too many attempts, and the two-factor step with its backup codes', async ({
  page,
  consoleGuard,
  expectAccessible,
}) => {
  // The server's answers are stood in for here; the API tests and two-factor.spec.ts cover the real ones.
  consoleGuard.allow(/status of (429|401)/)
  let signIn: { status: number; body: object; headers?: Record<string, string> } = {
    status: 429,
    body: {
      type: 'about:blank',
      title: 'Too Many Requests',
      status: 429,
      detail: 'Slow down.',
      code: 'rate-limited',
    },
    headers: { 'retry-after': '120' },
  }
  await page.route('**/api/auth/sign-in/email', (route) =>
    route.fulfill({
      status: signIn.status,
      contentType: 'application/json',
      headers: signIn.headers ?? {},
      body: JSON.stringify(signIn.body),
    }),
  )
  await page.route('**/api/auth/two-factor/verify-backup-code', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/problem+json',
      body: JSON.stringify({
        type: 'about:blank',
        title: 'Unauthorized',
        status: 401,
        detail: 'The two-factor cookie is missing or expired.',
        code: 'invalid-two-factor-cookie',
      }),
    }),
  )

  await page.goto('/login')
  await submitLogin(page, 'Someone@Crestline.test', 'a password')
  await expect(page.getByRole('alert')).toHaveText('Too many attempts. Try again in 2 minutes.')
  await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled()

  signIn = { status: 200, body: { twoFactorRedirect: true } }
  await page.getByRole('button', { name: 'Log in' }).click()
  const step = page.getByRole('form', { name: 'Two-factor authentication' })
  await expect(step.getByLabel('Authentication code')).toBeFocused()
  await expect(step.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible()
  // The shared rule speaks under the field (the hint above says the same words).
  await step.getByRole('button', { name: 'Verify' }).click()
  await expect(step.getByText('Enter the 6-digit code from your authenticator app.')).toHaveCount(2)
  await expect(step.getByLabel('Authentication code')).toHaveAttribute('aria-invalid', 'true')
  await expectAccessible()

  await step.getByRole('button', { name: 'Use a backup code instead' }).click()
  await expect(step.getByLabel('Backup code')).toHaveValue('')
  await expect(step.getByText('Enter one of your backup codes. Each works once.')).toBeVisible()
  await step.getByLabel('Backup code').fill('abcde-fghij')
  await step.getByRole('button', { name: 'Verify' }).click()
  await expect(step.getByRole('alert')).toHaveText('This login has expired. Log in again.')

  await step.getByRole('button', { name: 'Start over' }).click()
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('Someone@Crestline.test')
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('')
  await expect(page.getByRole('alert')).toHaveCount(0)
})

test('without JavaScript /login says it needs it, and shows no form to send a password with', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/login')
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible()
  await expect(page.getByText('Logging in needs JavaScript')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Log in' })).toBeHidden()
  await context.close()
})
