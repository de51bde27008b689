import { readFile } from 'node:fs/promises'
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, logInByApi, test } from './support/fixtures'
import { addToTeam, adminApi, createPerson, PEOPLE_PASSWORD, type Person, visitAs } from './support/people'
import { shot } from './support/shots'
import { ADMIN_EMAIL, ADMIN_NAME, adminPassword } from './support/state'

/** The admin area in the browser: the /admin overview, Manage Students (archive, restore) and /settings. */

// Journeys with several visitors and axe checks: 90 s each.
test.describe.configure({ timeout: 90_000 })

/** A unique, letters-only suffix: people.ts builds email addresses from names. */
/**
 * Students a test archives through the API are restored after it: other specs share the database
 * and may expect an empty archive.
 */
const toRestore: Person[] = []
test.afterEach(async () => {
  if (toRestore.length === 0) return
  const admin = await adminApi()
  for (const student of toRestore.splice(0)) {
    const response = await admin.patch(`/api/v1/students/${student.uuid}`, { data: { archived: false } })
    expect(response.status(), await response.text()).toBe(200)
  }
  await admin.dispose()
})

async function archiveByApi(admin: APIRequestContext, student: Person) {
  const response = await admin.patch(`/api/v1/students/${student.uuid}`, { data: { archived: true } })
  expect(response.status(), await response.text()).toBe(200)
  toRestore.push(student)
}

const stamp = () =>
  Date.now()
    .toString(36)
    .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'x')
const myStudentsNav = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('group', { name: 'My Students' })
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true })
/** Manage Students shows a page at a time: a search finds a student wherever they fall. */
const searchStudents = (page: Page, text: string) =>
  page.getByRole('searchbox', { name: 'Search by name or email' }).fill(text)

test('an admin archives a student: they leave the educator’s navigation and dashboard, and come back on restore', async ({
  page,
  newVisitor,
  expectAccessible,
}) => {
  const admin = await adminApi()
  const student = await createPerson(admin, 'student', `Archie Student ${stamp()}`)
  const educator = await createPerson(admin, 'educator', `Edna Educator ${stamp()}`)
  await addToTeam(admin, student, educator)
  await admin.dispose()

  const educatorPage = await visitAs(newVisitor, educator)
  await educatorPage.goto('/dashboard')
  await expect(myStudentsNav(educatorPage).getByRole('link', { name: student.name })).toBeVisible()
  await expect(region(educatorPage, 'My students').getByRole('link', { name: student.name })).toBeVisible()

  await logInByApi(page.request, ADMIN_EMAIL, adminPassword())
  await page.goto('/admin/students')
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Students' })).toBeVisible()
  await expect(page).toHaveTitle('Manage Students | Crestline Prep')
  await searchStudents(page, student.name)
  await expect(
    page.getByRole('status').filter({ hasText: `Showing 1 student matching “${student.name}”.` }),
  ).toBeVisible()
  const row = page.getByRole('row', { name: new RegExp(student.name) })
  await expect(row.getByRole('link', { name: student.name })).toHaveAttribute(
    'href',
    `/students/${student.uuid}`,
  )
  await expect(row.getByRole('link', { name: educator.name })).toHaveAttribute(
    'href',
    `/users/${educator.uuid}`,
  )
  await expect(row).toContainText('Educator')
  await expect(row).toContainText('None yet')
  await expectAccessible()

  // Archiving asks first, naming the student; Cancel changes nothing.
  await row.getByRole('button', { name: `Archive ${student.name}` }).click()
  const dialog = page.getByRole('alertdialog', { name: `Archive ${student.name}?` })
  await expect(dialog).toContainText("They leave active lists and educators' navigation; their data is kept.")
  await expectAccessible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await expect(row).toBeVisible()

  toRestore.push(student) // in case the test stops before its own restore
  await row.getByRole('button', { name: `Archive ${student.name}` }).click()
  await dialog.getByRole('button', { name: 'Archive student' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: `${student.name} archived` })).toBeVisible()
  await expect(row).toHaveCount(0)

  await page.getByRole('link', { name: /^Archived/ }).click()
  await expect(page).toHaveURL(/\/admin\/students\?archived=true$/)
  await expect(page.getByRole('heading', { level: 2, name: 'Archived students' })).toBeVisible()
  // The search stays when the tab changes.
  await expect(page.getByRole('searchbox', { name: 'Search by name or email' })).toHaveValue(student.name)
  const archivedRow = page.getByRole('row', { name: new RegExp(student.name) })
  await expect(archivedRow).toContainText(
    new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date()),
  )
  await expectAccessible()

  // The educator's navigation and dashboard no longer list the student.
  await educatorPage.reload()
  await expect(myStudentsNav(educatorPage)).toBeVisible()
  await expect(myStudentsNav(educatorPage).getByRole('link', { name: student.name })).toHaveCount(0)
  await expect(region(educatorPage, 'My students')).toBeVisible()
  await expect(region(educatorPage, 'My students').getByRole('link', { name: student.name })).toHaveCount(0)

  // Restoring needs no confirmation; the toast says it happened.
  await archivedRow.getByRole('button', { name: `Restore ${student.name}` }).click()
  await expect(page.getByRole('status').filter({ hasText: `${student.name} restored` })).toBeVisible()
  await expect(archivedRow).toHaveCount(0)
  await page.getByRole('link', { name: /^Active/ }).click()
  await expect(page.getByRole('row', { name: new RegExp(student.name) })).toBeVisible()

  await educatorPage.reload()
  await expect(myStudentsNav(educatorPage).getByRole('link', { name: student.name })).toBeVisible()
  await expect(region(educatorPage, 'My students').getByRole('link', { name: student.name })).toBeVisible()
})

test('Manage Students loads a page at a time: “Load more students” brings the rest, each once', async ({
  page,
  expectAccessible,
}) => {
  test.setTimeout(180_000)
  // One more than a page (25), under a tag only they carry; named to sort after everyone else.
  const tag = `Zed Pager ${stamp()}`
  const admin = await adminApi()
  const students: Person[] = []
  for (let n = 0; n < 26; n++) {
    const letter = 'abcdefghijklmnopqrstuvwxyz'[n]!
    students.push(await createPerson(admin, 'student', `${tag} ${letter}${letter}`))
  }
  await admin.dispose()

  await logInByApi(page.request, ADMIN_EMAIL, adminPassword())
  await page.goto('/admin/students')
  await expect(page.getByRole('link', { name: /^Active \(\d+\)$/ })).toBeVisible()
  await searchStudents(page, tag)
  const rows = page.getByRole('row').filter({ hasText: tag })
  await expect(rows).toHaveCount(25)
  await expect(
    page.getByRole('status').filter({ hasText: `Showing 25 students; more to load matching “${tag}”.` }),
  ).toBeVisible()
  await expectAccessible()
  await page.getByRole('button', { name: 'Load more students' }).click()
  await expect(rows).toHaveCount(26)
  await expect(
    page.getByRole('status').filter({ hasText: `Showing 26 students matching “${tag}”.` }),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Load more students' })).toHaveCount(0)
  // In name order, each once.
  const names = await rows.getByRole('rowheader').allTextContents()
  expect(names).toEqual(students.map((student) => student.name))

  // A search nobody matches says so, and clearing it brings the list back.
  await searchStudents(page, `${tag} nobody`)
  await expect(page.getByText(`No active students match “${tag} nobody”.`)).toBeVisible()
  await page.getByRole('button', { name: 'Clear search' }).click()
  await expect(page.getByRole('searchbox', { name: 'Search by name or email' })).toHaveValue('')
  await expect(page.getByRole('row').nth(1)).toBeVisible()
})

test('/admin shows the counts and the archive in its recent activity', async ({ page, expectAccessible }) => {
  const admin = await adminApi()
  const student = await createPerson(admin, 'student', `Olive Overview ${stamp()}`)
  await archiveByApi(admin, student)
  await admin.dispose()

  await logInByApi(page.request, ADMIN_EMAIL, adminPassword())
  await page.goto('/admin')
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible()
  await expect(page).toHaveTitle('Admin | Crestline Prep')

  // Each count links to where it is handled. The numbers themselves are the API's (tested there):
  // other browser tests running beside this one add and remove invites and students meanwhile.
  const main = page.getByRole('main')
  for (const [name, href] of [
    ['Active students', '/admin/students'],
    ['Open inquiries', '/admin/inquiries'],
    ['Invites waiting', '/admin/users#invites-heading'],
    ['Educators', '/admin/users'],
    ['Admins', '/admin/users'],
    ['Archived students', '/admin/students'],
  ] as const) {
    await expect(main.getByRole('link', { name: new RegExp(`^\\d+ ${name}$`) })).toHaveAttribute('href', href)
  }
  await expect(main.getByRole('link', { name: /^0 Archived students$/ })).toHaveCount(0)

  const activity = region(page, 'Recent activity')
  await expect(
    activity.getByRole('listitem').filter({ hasText: `${ADMIN_NAME} archived ${student.name}` }),
  ).toBeVisible()
  await expectAccessible()

  // The full log pages on from the overview's newest events.
  const before = await activity.getByRole('listitem').count()
  await activity.getByRole('button', { name: 'Show more activity' }).click()
  await expect(activity.getByRole('button', { name: /Loading/ })).toHaveCount(0)
  expect(await activity.getByRole('listitem').count()).toBeGreaterThanOrEqual(before)
  await expect(
    activity.getByRole('listitem').filter({ hasText: `${ADMIN_NAME} archived ${student.name}` }),
  ).toBeVisible()
})

test('settings: name and bio change at once, a wrong current password is refused, a new password logs in', async ({
  page,
  newVisitor,
  consoleGuard,
  expectAccessible,
}) => {
  // Three sign-ins with their password hashes and three axe passes: slow on a busy two-core machine.
  test.setTimeout(150_000)
  consoleGuard.allow(/status of 400/, /\/api\/auth\/change-password$/)
  const admin = await adminApi()
  const student = await createPerson(admin, 'student', `Sasha Settings ${stamp()}`)
  const educator = await createPerson(admin, 'educator', `Bea Bio ${stamp()}`)
  await admin.dispose()

  // A student renames themself: the layout shows the new name at once and after a reload.
  await logInByApi(page.request, student.email, PEOPLE_PASSWORD)
  await page.goto('/dashboard')
  await page.getByRole('link', { name: 'Settings' }).click()
  await expect(page).toHaveURL(/\/settings$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Bio' })).toHaveCount(0)
  await expectAccessible()
  const sidebar = page.getByRole('complementary')
  const newName = `Sasha Renamed ${stamp()}`
  await page.getByRole('textbox', { name: 'Name' }).fill('')
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByText('This field is required.')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Name' })).toBeFocused()
  await page.getByRole('textbox', { name: 'Name' }).fill(newName)
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Profile saved' })).toBeVisible()
  await expect(sidebar.getByText(newName, { exact: true })).toBeVisible()
  await page.reload()
  await expect(sidebar.getByText(newName, { exact: true })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(newName)

  // Passwords: the two new ones must match, and the current one must be right.
  const current = page.getByLabel('Current password')
  const newPassword = 'a brand new passphrase'
  await current.fill('not my password at all')
  await page.getByLabel('New password', { exact: true }).fill(newPassword)
  await page.getByLabel('Confirm new password').fill('something different')
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText('The two passwords do not match.')).toBeVisible()
  await page.getByLabel('Confirm new password').fill(newPassword)
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText('Your current password is not correct.')).toBeVisible()
  await expect(current).toBeFocused()
  await expect(current).toHaveAttribute('aria-invalid', 'true')
  await expectAccessible()
  // A password from the common-password list is refused at its field.
  await current.fill(PEOPLE_PASSWORD)
  await page.getByLabel('New password', { exact: true }).fill('qwertyuiop')
  await page.getByLabel('Confirm new password').fill('qwertyuiop')
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(
    page.getByText('This password is on a list of common passwords. Choose another.'),
  ).toBeVisible()
  await expect(page.getByLabel('New password', { exact: true })).toBeFocused()
  await page.getByLabel('New password', { exact: true }).fill(newPassword)
  await page.getByLabel('Confirm new password').fill(newPassword)

  // A copy of their own data, as a readable page.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('region', { name: 'Your data' })
      .getByRole('link', { name: 'Download as a readable page' })
      .click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^crestline-my-data-\d{4}-\d{2}-\d{2}\.html$/)
  expect(await readFile((await download.path())!, 'utf8')).toContain(newName)

  // Signed-in devices: another browser shows up, and logging it out ends it at once.
  const laptop = await newVisitor()
  await logInByApi(laptop.context.request, student.email, PEOPLE_PASSWORD)
  await page.reload()
  const devices = page.getByRole('region', { name: 'Signed-in devices' })
  // This browser, the laptop, and the API login that onboarded the student.
  await expect(devices.getByRole('listitem')).toHaveCount(3)
  await expect(devices.getByText('This browser')).toHaveCount(1)
  await devices
    .getByRole('button', { name: /^Log out Chrome/ })
    .first()
    .click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Log out' }).click()
  await expect(devices.getByRole('listitem')).toHaveCount(2)
  await devices.getByRole('button', { name: 'Log out everywhere else' }).click()
  await page
    .getByRole('alertdialog', { name: 'Log out everywhere else?' })
    .getByRole('button', { name: 'Log out' })
    .click()
  await expect(devices.getByRole('listitem')).toHaveCount(1)
  await expect(devices.getByRole('button', { name: 'Log out everywhere else' })).toHaveCount(0)
  // The reload above emptied the password form.
  await page.getByLabel('New password', { exact: true }).fill(newPassword)
  await page.getByLabel('Confirm new password').fill(newPassword)
  expect((await laptop.context.request.get('/api/v1/users/me')).status()).toBe(401)
  await expectAccessible()

  // Another browser of the same person is logged out by the change.
  const elsewhere = await newVisitor()
  await logInByApi(elsewhere.context.request, student.email, PEOPLE_PASSWORD)
  await current.fill(PEOPLE_PASSWORD)
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Password changed' })).toBeVisible()
  await expect(current).toHaveValue('')
  expect((await elsewhere.context.request.get('/api/v1/users/me')).status()).toBe(401)

  // This browser stays logged in; logging out and in again needs the new password.
  await page.goto('/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible()
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await page.getByRole('textbox', { name: 'Email' }).fill(student.email)
  await page.getByLabel('Password', { exact: true }).fill(newPassword)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(sidebar.getByText(newName, { exact: true })).toBeVisible()

  // An educator changes their bio; their profile shows it.
  const educatorPage = await visitAs(newVisitor, educator)
  await educatorPage.goto('/settings')
  const bio = educatorPage.getByRole('textbox', { name: 'Bio' })
  await expect(bio).toHaveValue(`${educator.name} coaches SAT and ACT math.`)
  const newBio = `Essay coach since 2019 (${stamp()}).`
  await bio.fill(newBio)
  await educatorPage.getByRole('button', { name: 'Save profile' }).click()
  await expect(educatorPage.getByRole('status').filter({ hasText: 'Profile saved' })).toBeVisible()
  await expectAccessible(educatorPage)
  await educatorPage.goto(`/users/${educator.uuid}`)
  await expect(educatorPage.getByText(newBio)).toBeVisible()
})

test('a non-admin is refused on /admin and /admin/students', async ({ newVisitor, expectAccessible }) => {
  const admin = await adminApi()
  const educator = await createPerson(admin, 'educator', `Nina Nonadmin ${stamp()}`)
  await admin.dispose()
  const page = await visitAs(newVisitor, educator)
  for (const [path, title] of [
    ['/admin', 'Admin'],
    ['/admin/students', 'Manage Students'],
  ] as const) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: 'For admins only' })).toBeVisible()
    await expect(page.getByRole('table')).toHaveCount(0)
    await expect(page.getByRole('region', { name: 'Recent activity' })).toHaveCount(0)
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('group', { name: 'Admin' }),
    ).toHaveCount(0)
    await expectAccessible(page)
  }
  // The server refuses too (the page only says what the server would do).
  expect((await page.request.get('/api/v1/screens/admin')).status()).toBe(403)
  expect((await page.request.get('/api/v1/screens/admin/students')).status()).toBe(403)
})

test.describe('admin students screenshots', () => {
  const VIEWPORTS = [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ] as const

  test('overview, Manage Students, confirm dialog, archived tab and settings at both widths', async ({
    page,
    consoleGuard,
  }) => {
    test.setTimeout(120_000)
    consoleGuard.allow(/status of 400/, /\/api\/auth\/change-password$/)
    const admin = await adminApi()
    const student = await createPerson(admin, 'student', `Piper Picture ${stamp()}`)
    const educator = await createPerson(admin, 'educator', `Quinn Quill ${stamp()}`)
    const fao = await createPerson(admin, 'fao', `Faye Aid ${stamp()}`)
    await addToTeam(admin, student, educator)
    await addToTeam(admin, student, fao)
    const score = await admin.post(`/api/v1/students/${student.uuid}/sat-scores`, {
      data: { date: '2025-03-08', english: 650, math: 700 },
    })
    expect(score.status(), await score.text()).toBe(201)
    const gone = await createPerson(admin, 'student', `Rowan Retired ${stamp()}`)
    await archiveByApi(admin, gone)
    await admin.dispose()
    await logInByApi(page.request, ADMIN_EMAIL, adminPassword())

    const noSidewaysScroll = async () =>
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0)
    const settle = async () => {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0)
    }
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport)
      const check = async (name: string) => {
        await noSidewaysScroll()
        await shot(page, `${name}-${viewport.width}`, { fullPage: true })
      }
      await page.goto('/admin')
      await settle()
      await check('admin-overview')
      await page.goto('/admin/students')
      await settle()
      await searchStudents(page, student.name)
      await expect(
        page.getByRole('status').filter({ hasText: `Showing 1 student matching “${student.name}”.` }),
      ).toBeVisible()
      await check('admin-students')
      await page.getByRole('button', { name: `Archive ${student.name}` }).click()
      await expect(page.getByRole('alertdialog')).toBeVisible()
      await shot(page, `admin-students-confirm-${viewport.width}`)
      await page.getByRole('button', { name: 'Cancel' }).click()
      await page.goto('/admin/students?archived=true')
      await settle()
      await check('admin-students-archived')
      await page.goto('/settings')
      await settle()
      await page.getByLabel('Current password').fill('not the right one')
      await page.getByLabel('New password', { exact: true }).fill('a long new password')
      await page.getByLabel('Confirm new password').fill('a long new password')
      await page.getByRole('button', { name: 'Change password' }).click()
      await expect(page.getByText('Your current password is not correct.')).toBeVisible()
      await check('settings-errors')
    }
  })
})
