import { expect, navLinks, test } from './support/fixtures'
import { ADMIN_EMAIL, ADMIN_NAME, adminPassword, e2eState } from './support/state'

test('the first admin claims the CLI invite, onboards and sees the admin navigation', async ({
  page,
  expectAccessible,
}) => {
  await page.goto(e2eState().inviteUrl)
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible()
  const email = page.getByRole('textbox', { name: 'Email' })
  await expect(email).toHaveValue(ADMIN_EMAIL)
  await expect(email).toHaveAttribute('readonly', '')
  await expectAccessible()

  // The shared form rules speak before the server is asked.
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('This field is required.').first()).toBeVisible()
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused()
  await page.getByLabel('Password', { exact: true }).fill(adminPassword())
  await page.getByLabel('Confirm password').fill('something else entirely')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('The two passwords do not match.')).toBeVisible()
  await page.getByLabel('Confirm password').fill(adminPassword())
  await page.getByRole('button', { name: 'Create account' }).click()

  await expect(page).toHaveURL(/\/onboarding$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Bio' })).toHaveCount(0)
  await expectAccessible()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByText('This field is required.')).toBeVisible()
  await page.getByRole('textbox', { name: 'Name' }).fill(ADMIN_NAME)
  await page.getByRole('button', { name: 'Continue' }).click()

  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible()
  await expect(page).toHaveTitle('My Dashboard | Crestline Prep')
  await expect(page.getByRole('complementary').getByText(ADMIN_NAME, { exact: true })).toBeVisible()
  const adminGroup = page.getByRole('navigation', { name: 'Main' }).getByRole('group', { name: 'Admin' })
  await expect(adminGroup.getByRole('link')).toHaveText([
    /^Overview/,
    'Manage Students',
    'Manage Users',
    'Practice tests',
  ])
  expect(await navLinks(page)).toEqual([
    'My Dashboard',
    'Schedule',
    'Skills',
    'Overview',
    'Manage Students',
    'Manage Users',
    'Practice tests',
  ])
  await expectAccessible()

  // The invite is spent: the same link now says so and offers the ordinary login.
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await page.goto(e2eState().inviteUrl)
  await expect(page.getByText('This invite is no longer valid')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible()
})
