import type { APIRequestContext, Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { expect, logInByApi, submitLogin, test } from './support/fixtures'
import { adminApi, createPerson, PEOPLE_PASSWORD, type Person } from './support/people'
import { shot } from './support/shots'

/** Two-factor in the browser: set-up in /settings, the login's second step, and the admin's requirement. */
test.describe.configure({ mode: 'serial', timeout: 90_000 })

const stamp = () => Date.now().toString(36)

/** The page at phone and desktop width, then back to the test's own size. */
async function shoot(page: Page, name: string) {
  const size = page.viewportSize()
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(scrollWidth, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(width)
    await shot(page, `${name}-${width}`, { fullPage: true })
  }
  if (size) await page.setViewportSize(size)
}
/** The app's code now, or `stepsAhead` 30-second steps later (each code works once; one step ahead is accepted). */
const codeFor = (key: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(key.replaceAll(' ', '')) }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  })

/** Sets up two-factor on /settings as the person would, answering the app's code; returns the key. */
async function setUpInSettings(page: Page): Promise<string> {
  const section = page.getByRole('region', { name: 'Two-factor authentication' })
  await section.getByRole('button', { name: 'Set up two-factor' }).click()
  // Each step takes the focus from the button that led to it.
  await expect(section.getByLabel('Your password')).toBeFocused()
  await section.getByLabel('Your password').fill(PEOPLE_PASSWORD)
  await section.getByRole('button', { name: 'Continue' }).click()
  await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  await expect(page.locator(':focus')).toContainText('Open an authenticator app')
  await shoot(page, 'two-factor-setup')
  const key = ((await section.locator('code').textContent()) ?? '').trim()
  await section.getByLabel('Code from the app').fill(codeFor(key))
  await section.getByRole('button', { name: 'Turn on two-factor' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Two-factor authentication is on' })).toBeVisible()
  await expect(section.getByRole('region', { name: 'Your backup codes' }).getByRole('listitem')).toHaveCount(
    10,
  )
  await expect(section.getByRole('region', { name: 'Your backup codes' })).toBeFocused()
  return key
}

/** Two-factor through the API (for the admin who then requires it). */
async function setUpByApi(api: APIRequestContext): Promise<void> {
  const started = await api.post('/api/auth/two-factor/enable', { data: { password: PEOPLE_PASSWORD } })
  expect(started.status()).toBe(200)
  const { totpURI } = (await started.json()) as { totpURI: string }
  const key = new URL(totpURI).searchParams.get('secret')!
  expect(
    (await api.post('/api/auth/two-factor/verify-totp', { data: { code: codeFor(key) } })).status(),
  ).toBe(200)
}

test('a person sets up two-factor, and the next login asks for a code', async ({
  page,
  consoleGuard,
  expectAccessible,
}) => {
  consoleGuard.allow(/status of 401/, /\/api\/auth\/two-factor\/verify-totp$/)
  const admin = await adminApi()
  const educator = await createPerson(admin, 'educator', `Tess Twofactor ${stamp()}`)
  await admin.dispose()
  await logInByApi(page.request, educator.email, PEOPLE_PASSWORD)
  await page.goto('/settings')
  await expectAccessible()
  const key = await setUpInSettings(page)
  await expectAccessible()
  await expect(page.getByRole('region', { name: 'Two-factor authentication' })).toContainText(
    'On: logging in asks',
  )

  await page.getByRole('button', { name: 'Log out', exact: true }).click()
  await expect(page).toHaveURL(/\/login$/)
  await submitLogin(page, educator.email, PEOPLE_PASSWORD)
  const step = page.getByRole('form', { name: 'Two-factor authentication' })
  await expect(step.getByLabel('Authentication code')).toBeVisible()
  await expectAccessible()
  await shoot(page, 'two-factor-login')
  await step.getByLabel('Authentication code').fill('000000')
  await step.getByRole('button', { name: 'Verify' }).click()
  await expect(step.getByText('That code is not right. Try again.')).toBeVisible()
  // A backup code is typed as printed: the phone's keyboard neither capitalises nor corrects it.
  await step.getByRole('button', { name: 'Use a backup code instead' }).click()
  await expect(step.getByLabel('Backup code')).toBeFocused()
  await expect(step.getByLabel('Backup code')).toHaveAttribute('autocapitalize', 'none')
  await expect(step.getByLabel('Backup code')).toHaveAttribute('spellcheck', 'false')
  await step.getByRole('button', { name: 'Use the authenticator app instead' }).click()
  // Set-up used the code of this step: the login takes the next one.
  await step.getByLabel('Authentication code').fill(codeFor(key, 1))
  await step.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('when admins require two-factor for staff, an educator sets it up before anything else', async ({
  page,
  newVisitor,
  expectAccessible,
}) => {
  const admin = await adminApi()
  const securityAdmin = await createPerson(admin, 'admin', `Sam Security ${stamp()}`)
  const educator: Person = await createPerson(admin, 'educator', `Eli Enrol ${stamp()}`)
  await admin.dispose()

  const adminVisit = await newVisitor()
  await logInByApi(adminVisit.context.request, securityAdmin.email, PEOPLE_PASSWORD)
  await setUpByApi(adminVisit.context.request)
  const adminPage = adminVisit.page
  try {
    await adminPage.goto('/admin')
    const security = adminPage.getByRole('region', { name: 'Security' })
    await security.getByRole('checkbox', { name: 'Require two-factor for staff' }).check()
    await expect(
      adminPage.getByRole('status').filter({ hasText: 'Staff must now use two-factor' }),
    ).toBeVisible()
    await expectAccessible(adminPage)

    // The educator's next visit lands on set-up, whatever page they open.
    await logInByApi(page.request, educator.email, PEOPLE_PASSWORD)
    await page.goto('/students')
    await expect(page).toHaveURL(/\/settings$/)
    await expect(page.getByText('Your admins require two-factor authentication for staff.')).toBeVisible()
    await expectAccessible()
    await setUpInSettings(page)
    await page.goto('/dashboard')
    await expect(page).toHaveURL(/\/dashboard$/)
    await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible()
  } finally {
    // Other tests' staff log in with a password alone.
    const off = await adminVisit.context.request.put('/api/v1/admin/settings', {
      data: { requireStaffTwoFactor: false },
    })
    expect(off.status()).toBe(200)
  }
})
