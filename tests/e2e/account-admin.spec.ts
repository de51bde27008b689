import type { Locator, Page } from '@playwright/test'
import { expect, logInByApi, submitLogin, test, waitForMail } from './support/fixtures'
import { adminApi, createPerson, PEOPLE_PASSWORD } from './support/people'
import { shot } from './support/shots'
import { ADMIN_EMAIL, adminPassword } from './support/state'

/**
 * Deleting a person for good and changing a person's email from Manage Users
 * (docs/product.md#deleting-a-person), with axe on each dialog and screenshots at 390 and 1280 px.
 */
const stamp = () => Date.now().toString(36)

async function screenshotAtBothWidths(page: Page, target: Locator, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
    await shot(target, `${name}-${width}`)
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

/** Narrows Manage Users to one person and opens their Manage dialog. */
async function manage(page: Page, person: { name: string; email: string }) {
  await page.goto('/admin/users')
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Users' })).toBeVisible()
  const users = page.getByRole('region', { name: 'Users', exact: true })
  await users.getByRole('searchbox', { name: 'Search by name or email' }).fill(person.email)
  const row = users.getByRole('row').filter({ hasText: person.email })
  await expect(row).toHaveCount(1)
  await row.getByRole('button', { name: `Manage ${person.name}` }).click()
  const dialog = page.getByRole('dialog', { name: `Manage ${person.name}` })
  await expect(dialog).toBeVisible()
  return { row, dialog }
}

test('an admin archives a student, then deletes them for good by typing their email', async ({
  page,
  expectAccessible,
}) => {
  const admin = await adminApi()
  const student = await createPerson(admin, 'student', `Dana Delete ${stamp()}`)
  const score = await admin.post(`/api/v1/students/${student.uuid}/sat-scores`, {
    data: { date: '2025-03-08', english: 600, math: 620 },
  })
  expect(score.status(), await score.text()).toBe(201)
  await logInByApi(page.request, ADMIN_EMAIL, adminPassword())

  // Not archived yet: the dialog explains and offers no delete button.
  let { dialog } = await manage(page, student)
  await dialog.getByRole('button', { name: 'Delete user…' }).click()
  const refusal = page.getByRole('alertdialog', { name: `Delete ${student.name}?` })
  await expect(refusal).toContainText('A student is deleted only once archived')
  await expect(refusal.getByRole('button', { name: /for good/ })).toHaveCount(0)
  await expect(refusal.getByRole('link', { name: 'Manage Students' })).toHaveAttribute(
    'href',
    '/admin/students',
  )
  await expectAccessible()
  await screenshotAtBothWidths(page, refusal, 'delete-user-not-archived')
  await refusal.getByRole('button', { name: 'Cancel' }).click()
  await expect(refusal).toBeHidden()

  // Archive on Manage Students.
  await page.goto('/admin/students')
  // A page at a time: search, so the student is on it however many others there are.
  await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(student.name)
  const studentRow = page.getByRole('row', { name: new RegExp(student.name) })
  await studentRow.getByRole('button', { name: `Archive ${student.name}` }).click()
  await page
    .getByRole('alertdialog', { name: `Archive ${student.name}?` })
    .getByRole('button', { name: 'Archive student' })
    .click()
  await expect(page.getByRole('status').filter({ hasText: `${student.name} archived` })).toBeVisible()

  // Now the dialog asks for the email; the red button waits for it.
  ;({ dialog } = await manage(page, student))
  await dialog.getByRole('button', { name: 'Delete user…' }).click()
  const confirm = page.getByRole('alertdialog', { name: `Delete ${student.name}?` })
  const typed = confirm.getByRole('textbox', { name: 'Type their email to confirm' })
  const button = confirm.getByRole('button', { name: `Delete ${student.name} for good` })
  await expect(confirm).toContainText('their whole record go for good')
  await expect(button).toBeDisabled()
  await typed.fill('someone.else@crestline.test')
  await expect(button).toBeDisabled()
  await typed.fill(student.email.toUpperCase())
  await expect(button).toBeEnabled()
  await expectAccessible()
  await screenshotAtBothWidths(page, confirm, 'delete-user-confirm')
  await button.click()
  await expect(confirm).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: `${student.name} was deleted` })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Users', exact: true })).toBeFocused()
  const users = page.getByRole('region', { name: 'Users', exact: true })
  await expect(users.getByRole('row').filter({ hasText: student.email })).toHaveCount(0)
  await expect(users).toContainText('No users match')
  await expectAccessible()

  const record = await admin.get(`/api/v1/students/${student.uuid}`)
  expect(record.status()).toBe(404)
  await admin.dispose()
})

test('an admin changes a person’s email: both addresses are told, and the new one logs in', async ({
  page,
  newVisitor,
  consoleGuard,
  expectAccessible,
}) => {
  consoleGuard.allow(/status of 409/, /\/api\/v1\/users\/[0-9a-f-]{36}\/email$/)
  consoleGuard.allow(/status of 401/, /\/api\/auth\/sign-in\/email$/)
  const admin = await adminApi()
  const person = await createPerson(admin, 'educator', `Emil Email ${stamp()}`)
  await admin.dispose()
  const newEmail = `emil.new.${stamp()}@crestline.test`
  await logInByApi(page.request, ADMIN_EMAIL, adminPassword())

  const { row, dialog } = await manage(page, person)
  await expectAccessible()
  await screenshotAtBothWidths(page, dialog, 'manage-user-dialog')
  await dialog.getByRole('button', { name: 'Change email…' }).click()
  const change = page.getByRole('dialog', { name: `Change ${person.name}’s email` })
  await expect(change).toContainText(person.email)
  const field = change.getByRole('textbox', { name: 'New email' })
  await field.fill(ADMIN_EMAIL.toUpperCase())
  await change.getByRole('button', { name: 'Change email' }).click()
  await expect(change.getByText('Another account already uses this email.')).toBeVisible()
  await expect(field).toBeFocused()
  await expectAccessible()
  await screenshotAtBothWidths(page, change, 'change-email-dialog')

  await field.fill(newEmail)
  await change.getByRole('button', { name: 'Change email' }).click()
  await expect(change).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: `Email changed to ${newEmail}` })).toBeVisible()
  // The search was for the old address: the row has gone, and focus is on the list's heading.
  await expect(row).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 2, name: 'Users', exact: true })).toBeFocused()
  const users = page.getByRole('region', { name: 'Users', exact: true })
  await users.getByRole('searchbox', { name: 'Search by name or email' }).fill(newEmail)
  await expect(users.getByRole('row').filter({ hasText: newEmail })).toHaveCount(1)

  expect(await waitForMail(person.email, /changed the email/)).toContain(newEmail)
  expect(await waitForMail(newEmail, /to this address/)).toContain('/login')

  const { page: visitor } = await newVisitor()
  await visitor.goto('/login')
  await submitLogin(visitor, person.email, PEOPLE_PASSWORD)
  await expect(visitor.getByRole('alert')).toHaveText('Email or password is incorrect.')
  await expect(visitor).toHaveURL(/\/login/)
  await submitLogin(visitor, newEmail, PEOPLE_PASSWORD)
  await expect(visitor).toHaveURL(/\/dashboard$/)
})
