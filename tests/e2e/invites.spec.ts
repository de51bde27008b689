import type { Page } from '@playwright/test'
import { createInvite, expect, logInByApi, navLinks, test } from './support/fixtures'
import { ADMIN_EMAIL, adminPassword } from './support/state'

const PASSWORD = 'a long enough password'

async function claimInvite(page: Page, invite: string, email: string) {
  await page.goto(`/login?invite=${invite}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirm password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/onboarding$/)
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login\?err=login-required(&redirect=[^&]+)?$/)
}

test('an admin invites an educator and a student; each joins and sees their own navigation', async ({
  page,
  newVisitor,
  consoleGuard,
  expectAccessible,
}) => {
  await logInByApi(page.request, ADMIN_EMAIL, adminPassword())
  const educatorEmail = 'edna.educator@crestline.test'
  const studentEmail = 'sam.student@crestline.test'
  const educatorInvite = await createInvite(page.request, { email: educatorEmail, educator: true })
  const studentInvite = await createInvite(page.request, { email: studentEmail, student: true })

  // The educator: Name and Bio, then a My Students group (empty until students are assigned).
  // GET /v1/educators/{id}/students may not answer yet: the sidebar shows the empty state then.
  consoleGuard.allow(/status of 404/, /\/api\/v1\/educators\/[^/]+\/students$/)
  const educator = (await newVisitor()).page
  await claimInvite(educator, educatorInvite, educatorEmail)
  await educator.getByRole('textbox', { name: 'Name' }).fill('Edna Educator')
  await educator.getByRole('button', { name: 'Continue' }).click()
  await expect(educator.getByText('This field is required.')).toBeVisible()
  await expect(educator.getByRole('textbox', { name: 'Bio' })).toBeFocused()
  await expectAccessible(educator)
  await educator
    .getByRole('textbox', { name: 'Bio' })
    .fill('SAT math and ACT science coach; ten years of classroom teaching.')
  await educator.getByRole('button', { name: 'Continue' }).click()
  await expect(educator).toHaveURL(/\/dashboard$/)
  const educatorNav = educator.getByRole('navigation', { name: 'Main' })
  await expect(educatorNav.getByRole('group', { name: 'My Students' })).toBeVisible()
  await expect(educatorNav.getByText('No students yet.')).toBeVisible()
  await expect(educatorNav.getByRole('group', { name: 'Admin' })).toHaveCount(0)
  await expect(educator.getByRole('complementary').getByText('Educator', { exact: true })).toBeVisible()
  await expectAccessible(educator)
  await logOut(educator)

  // The student: Name only, then My Dashboard alone.
  const student = (await newVisitor()).page
  await claimInvite(student, studentInvite, studentEmail)
  await expect(student.getByRole('textbox', { name: 'Bio' })).toHaveCount(0)
  await student.getByRole('textbox', { name: 'Name' }).fill('Sam Student')
  await student.getByRole('button', { name: 'Continue' }).click()
  await expect(student).toHaveURL(/\/dashboard$/)
  await expect(student.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible()
  expect(await navLinks(student)).toEqual(['My Dashboard'])
  await expect(student.getByRole('navigation', { name: 'Main' }).getByRole('group')).toHaveCount(0)
  await expectAccessible(student)
  await logOut(student)
})

test('an invite without an email asks for one, and a used invite is no longer valid', async ({
  page,
  newVisitor,
  expectAccessible,
}) => {
  await logInByApi(page.request, ADMIN_EMAIL, adminPassword())
  const invite = await createInvite(page.request, { student: true })
  const visitor = (await newVisitor()).page
  await visitor.goto(`/login?invite=${invite}`)
  const email = visitor.getByRole('textbox', { name: 'Email' })
  await expect(email).toHaveValue('')
  await expect(email).not.toHaveAttribute('readonly')
  await email.fill('not an email')
  await visitor.getByRole('button', { name: 'Create account' }).click()
  await expect(visitor.getByText('Please provide a valid email address.')).toBeVisible()
  await expect(email).toBeFocused()
  await expect(email).toHaveAttribute('aria-invalid', 'true')
  await expectAccessible(visitor)
  await email.fill('open.invite@crestline.test')
  await visitor.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await visitor.getByLabel('Confirm password').fill(PASSWORD)
  await visitor.getByRole('button', { name: 'Create account' }).click()
  await expect(visitor).toHaveURL(/\/onboarding$/)

  const other = (await newVisitor()).page
  await other.goto(`/login?invite=${invite}`)
  await expect(other.getByText('This invite is no longer valid')).toBeVisible()
  await expect(other.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible()
})
