import { createInvite, expect, logInByApi, signUpByApi, test } from './support/fixtures'
import { ADMIN_EMAIL, adminPassword } from './support/state'

test('a logged-out visitor to an app page lands on /login with a request to log in', async ({
  page,
  expectAccessible,
}) => {
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login\?err=login-required(&redirect=[^&]+)?$/)
  await expect(page.getByRole('alert')).toHaveText('Please log in to continue.')
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeVisible()
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
    'href',
    '/forgot-password',
  )
  await expectAccessible()

  for (const path of ['/admin/users', '/students/8f8c7c3e-2b7a-4a3e-9d1e-0c3f5b1a2d4e', '/settings']) {
    await page.goto(path)
    await expect(page).toHaveURL(/\/login\?err=login-required(&redirect=[^&]+)?$/)
  }
})

test('a non-string err is dropped without a crash, and a wrong password is refused', async ({
  page,
  consoleGuard,
  expectAccessible,
}) => {
  consoleGuard.allow(/status of 401/, /\/api\/auth\/sign-in\/email$/)
  await page.goto('/login?err=404')
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)

  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByText('This field is required.')).toHaveCount(2)
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused()

  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN_EMAIL)
  await page.getByLabel('Password', { exact: true }).fill('not the password at all')
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('alert')).toHaveText('Email or password is incorrect.')
  await expectAccessible()
})

test('logging in goes to the dashboard, and a logged-in visitor to /login goes there too', async ({
  page,
}) => {
  await page.goto('/login')
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN_EMAIL)
  await page.getByLabel('Password', { exact: true }).fill(adminPassword())
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.goto('/login')
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible()
  // Onboarding is over for this user: the page sends them on.
  await page.goto('/onboarding')
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('app pages carry their titles', async ({ page, expectAccessible }) => {
  await logInByApi(page.request, ADMIN_EMAIL, adminPassword())
  const pages = [
    ['/admin/students', 'Manage Students'],
    ['/admin/users', 'Manage Users'],
    ['/admin', 'Admin'],
    ['/users', 'Users'],
    ['/students', 'Students'],
    ['/settings', 'Settings'],
  ] as const
  for (const [path, title] of pages) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page).toHaveTitle(`${title} | Crestline Prep`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
  }
  await expectAccessible()
  // In-app navigation through the sidebar.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Dashboard' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible()
})

test('a user who still needs onboarding is sent to /onboarding from app pages', async ({
  page,
  newVisitor,
  expectAccessible,
}) => {
  await logInByApi(page.request, ADMIN_EMAIL, adminPassword())
  const email = 'new.student@crestline.test'
  const invite = await createInvite(page.request, { email, student: true })
  const { page: newcomer } = await newVisitor()
  await signUpByApi(newcomer.request, invite, email, 'a long enough password')
  for (const path of ['/dashboard', '/admin', '/login']) {
    await newcomer.goto(path)
    await expect(newcomer).toHaveURL(/\/onboarding$/)
  }
  await expect(newcomer.getByRole('textbox', { name: 'Name' })).toBeVisible()
  await expectAccessible(newcomer)
})

test('an unknown path answers 404 with the Not Found page', async ({
  page,
  consoleGuard,
  expectAccessible,
}) => {
  consoleGuard.allow(/status of 404/, /\/no-such-page$/)
  const response = await page.goto('/no-such-page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Not Found' })).toBeVisible()
  await expect(page).toHaveTitle('Not Found | Crestline Prep')
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible()
  await expectAccessible()
})

test('the home page has its heading and its calls to action', async ({ page, expectAccessible }) => {
  await page.goto('/')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Test prep and admissions coaching that shows its work' }),
  ).toBeVisible()
  // The hero's and the closing call to action both lead to the contact page.
  const calls = page.getByRole('link', { name: 'Book a free consultation' })
  await expect(calls).toHaveCount(2)
  for (const call of await calls.all()) await expect(call).toHaveAttribute('href', '/contact-us')
  await expect(page.getByRole('contentinfo')).toContainText('hello@crestlineprep.com')
  await expectAccessible()
})
