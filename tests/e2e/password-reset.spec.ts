import { expect, test, waitForMail } from './support/fixtures'
import { ADMIN_EMAIL, setAdminPassword } from './support/state'

// Runs after every other spec (its own project in playwright.config.ts): a reset ends every session.
test('an admin resets a forgotten password from the emailed link and logs in with it', async ({
  page,
  consoleGuard,
  expectAccessible,
}) => {
  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN_EMAIL)
  await expectAccessible()
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(
    page.getByText('If an account exists for that email, we sent a link to reset the password.'),
  ).toBeVisible()

  const mail = await waitForMail(ADMIN_EMAIL, /reset-password/)
  const link = mail.match(/https?:\/\/\S*reset-password\S*/)?.[0]
  expect(link, mail).toBeTruthy()

  // A bad token is refused in words.
  consoleGuard.allow(/status of 400/, /\/api\/auth\/reset-password$/)
  await page.goto('/reset-password?token=not-a-real-token')
  await page.getByLabel('New password').fill('a brand new password')
  await page.getByLabel('Confirm password').fill('a brand new password')
  await page.getByRole('button', { name: 'Reset password' }).click()
  await expect(page.getByRole('alert')).toContainText('This reset link is invalid or has expired.')

  const newPassword = 'my freshly reset password'
  await page.goto(link!)
  await expect(page).toHaveURL(/\/reset-password\?token=/)
  await page.getByLabel('New password').fill(newPassword)
  await page.getByLabel('Confirm password').fill(newPassword)
  await expectAccessible()
  await page.getByRole('button', { name: 'Reset password' }).click()
  await expect(page.getByText('Your password has been changed.')).toBeVisible()
  setAdminPassword(newPassword)

  await page.getByRole('link', { name: 'Log in with your new password' }).click()
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN_EMAIL)
  await page.getByLabel('Password', { exact: true }).fill(newPassword)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
})
