import type { Page } from '@playwright/test'
import { expect, logInByApi, submitLogin, test, waitForMail } from './support/fixtures'
import { createPersonByAdmin, PEOPLE_PASSWORD, uniqueToken } from './support/people'
import { shot } from './support/shots'
import { ADMIN_EMAIL, adminPassword } from './support/state'

const shotAtWidth = (page: Page, name: string) =>
  shot(page, `${name}-${page.viewportSize()?.width}`, { fullPage: true })

test('an admin reaches /admin and /admin/inquiries by clicking, with the open inquiries in the link name', async ({
  page,
  expectAccessible,
}) => {
  const contact = await page.request.post('/api/v1/contact', {
    data: {
      name: `Ines Inquiry ${uniqueToken()}`,
      email: 'ines.inquiry@crestline.test',
      service: 'tutoring',
      message: 'Could we talk about SAT tutoring this spring?',
    },
  })
  expect(contact.status(), await contact.text()).toBe(202)
  await logInByApi(page.request, ADMIN_EMAIL, adminPassword())
  const { counts } = (await (await page.request.get('/api/v1/screens/admin')).json()) as {
    counts: { openInquiries: number }
  }
  const open = counts.openInquiries
  expect(open).toBeGreaterThan(0)

  await page.goto('/dashboard')
  const nav = page.getByRole('navigation', { name: 'Main' })
  const overview = nav.getByRole('link', {
    name: `Overview, ${open} open ${open === 1 ? 'inquiry' : 'inquiries'}`,
  })
  await expect(overview).toBeVisible()
  // The dashboard's count of open inquiries links to where they are answered.
  await expect(
    page
      .getByRole('list', { name: 'The week at a glance' })
      .getByRole('link', { name: `${open} Open inquiries` }),
  ).toHaveAttribute('href', '/admin/inquiries')
  await shotAtWidth(page, 'sidebar-overview')
  await overview.click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Admin' })).toBeVisible()
  await expect(overview).toHaveAttribute('aria-current', 'page')
  await expectAccessible()
  await shotAtWidth(page, 'admin-overview')
  await page.getByRole('link', { name: 'Inquiries' }).click()
  await expect(page).toHaveURL(/\/admin\/inquiries$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

test('a logged-out visit to a student record comes back to it after login; a foreign redirect does not', async ({
  page,
  expectAccessible,
}) => {
  const student = await createPersonByAdmin('student', `Rhea Redirect ${uniqueToken()}`)

  await page.goto(`/students/${student.uuid}`)
  await expect(page).toHaveURL(/\/login\?err=login-required&redirect=%2Fstudents%2F/)
  await expect(page.getByRole('alert')).toHaveText('Please log in to continue.')
  await expectAccessible()
  await submitLogin(page, ADMIN_EMAIL, adminPassword())
  await expect(page).toHaveURL(new RegExp(`/students/${student.uuid}$`))
  await expect(page.getByRole('heading', { level: 1, name: student.name })).toBeVisible()

  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await page.goto('/login?err=login-required&redirect=%2F%2Fevil.example')
  await submitLogin(page, ADMIN_EMAIL, adminPassword())
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('a session that ends while the app is open goes to the login page once, saying so', async ({
  page,
  expectAccessible,
}) => {
  const student = await createPersonByAdmin('student', `Sid Session ${uniqueToken()}`)
  await logInByApi(page.request, student.email, PEOPLE_PASSWORD)
  await page.goto('/settings')
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  // The server rendered the page; the app listens for the tab's return once it has hydrated it.
  await expect(page.locator('#root')).not.toHaveAttribute('inert')
  // Its own calls answered first, so the only thing that can notice the ended session is the tab's return.
  await expect(page.getByText('This browser', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Turn on the calendar feed' })).toBeEnabled()
  // The session ends on the server (here: revoked by a sign-out from elsewhere).
  const signOut = await page.request.post('/api/auth/sign-out', { data: {} })
  expect(signOut.status()).toBe(200)
  // Coming back to the tab asks the server who is logged in.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
  await expect(page).toHaveURL(/\/login\?err=session-ended&redirect=%2Fsettings$/)
  await expect(page.getByRole('alert')).toHaveText(
    'Your session ended. Log in again to continue where you were.',
  )
  await expectAccessible()
  await submitLogin(page, student.email, PEOPLE_PASSWORD)
  await expect(page).toHaveURL(/\/settings$/)
})

test('two tabs, two people: a tab follows the other tab’s logout and login', async ({ newVisitor }) => {
  const first = await createPersonByAdmin('student', `Tab First ${uniqueToken()}`)
  const second = await createPersonByAdmin('student', `Tab Second ${uniqueToken()}`)
  const { context, page: tabA } = await newVisitor()
  await logInByApi(context.request, first.email, PEOPLE_PASSWORD)
  await tabA.goto('/dashboard')
  await expect(tabA.getByRole('complementary').getByText(first.name, { exact: true }).first()).toBeVisible()
  const tabB = await context.newPage()
  await tabB.goto('/dashboard')
  await tabB.getByRole('button', { name: 'Log out' }).click()
  await expect(tabB).toHaveURL(/\/login$/)
  await expect(tabA).toHaveURL(/\/login\?err=session-ended/)

  await submitLogin(tabB, second.email, PEOPLE_PASSWORD)
  await expect(tabB).toHaveURL(/\/dashboard$/)
  await expect(tabA).toHaveURL(/\/dashboard$/)
  await expect(tabA.getByRole('complementary').getByText(second.name, { exact: true }).first()).toBeVisible()
  // The page has made its calls (parts of a record load after it shows) before the session changes under it.
  await tabA.waitForLoadState('networkidle')

  // Someone else's login that no tab announced (here: through the API) shows when the tab comes back.
  await logInByApi(context.request, first.email, PEOPLE_PASSWORD)
  await tabA.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
  await expect(tabA.getByRole('complementary').getByText(first.name, { exact: true }).first()).toBeVisible()
  await expect(tabA.getByRole('complementary').getByText(second.name, { exact: true })).toHaveCount(0)
})

test('public pages offer the workspace to a logged-in visitor, the 404 page too', async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 404/, /\/no-such-page$/)
  await page.goto('/')
  const header = page.getByRole('banner')
  await expect(header.getByRole('link', { name: 'Log in' })).toBeVisible()
  await expect(header.getByRole('link', { name: 'Open workspace' })).toBeHidden()

  await logInByApi(page.request, ADMIN_EMAIL, adminPassword())
  for (const path of ['/', '/about-us', '/no-such-page']) {
    await page.goto(path)
    await expect(header.getByRole('link', { name: 'Open workspace' })).toBeVisible()
    await expect(header.getByRole('link', { name: 'Log in' })).toBeHidden()
  }
  await header.getByRole('link', { name: 'Open workspace' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)
  // The dashboard has finished loading (its task list last) before the session ends.
  await expect(page.getByRole('region', { name: 'My tasks' })).toContainText(/Nothing to do|Due|No due date/)
  await page.getByRole('button', { name: 'Log out', exact: true }).click()
  await expect(page).toHaveURL(/\/login$/)
  await page.goto('/')
  await expect(header.getByRole('link', { name: 'Log in' })).toBeVisible()
})

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('a 35-letter surname wraps on the student and user pages instead of widening them', async ({
    page,
  }) => {
    const surname = 'Wolfeschlegelsteinhausenbergerdorff'
    expect(surname).toHaveLength(35)
    const student = await createPersonByAdmin('student', `Hubert ${surname}`)
    await logInByApi(page.request, ADMIN_EMAIL, adminPassword())
    for (const path of [`/students/${student.uuid}`, `/users/${student.uuid}`]) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: student.name })).toBeVisible()
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    }
  })
})

test('the score dialog asks before Esc throws a half-typed score away; settings ask before leaving', async ({
  page,
}) => {
  const student = await createPersonByAdmin('student', `Dirk Dirty ${uniqueToken()}`)
  await logInByApi(page.request, student.email, PEOPLE_PASSWORD)
  await page.goto(`/students/${student.uuid}`)
  const sat = page.getByRole('region', { name: 'SAT scores' })
  await expect(sat.getByText('No SAT scores yet. Add one when you get your results')).toBeVisible()
  await sat.getByRole('button', { name: 'Add SAT score' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add SAT score' })
  // The dialog's code may still be on its way (components/ui/lazy-dialog.tsx).
  await expect(dialog).toBeVisible()
  // Nothing typed: Esc closes at once.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  await sat.getByRole('button', { name: 'Add SAT score' }).click()
  await dialog.getByRole('textbox', { name: 'Reading and Writing' }).fill('650')
  const questions: string[] = []
  page.once('dialog', (question) => {
    questions.push(question.message())
    void question.dismiss()
  })
  await page.keyboard.press('Escape')
  await expect.poll(() => questions).toEqual(['Discard the SAT score you started?'])
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('textbox', { name: 'Reading and Writing' })).toHaveValue('650')
  page.once('dialog', (question) => void question.accept())
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()

  await page.goto('/settings')
  await page.getByRole('textbox', { name: 'Name' }).fill('Dirk with a new name')
  const leaving = new Promise<string>((resolve) =>
    page.once('dialog', (question) => {
      resolve(question.type())
      void question.dismiss()
    }),
  )
  await page.close({ runBeforeUnload: true })
  expect(await leaving).toBe('beforeunload')
})

test('an admin invites people from a CSV file: preview, send, and the same file again sends nothing', async ({
  page,
  expectAccessible,
}) => {
  const tag = uniqueToken()
  const csv = [
    'name,email,roles',
    `Cora Csv ${tag},cora.${tag}@crestline.test,student`,
    `Carl Csv ${tag},carl.${tag}@crestline.test,educator;fao`,
    `Avery Admin,${ADMIN_EMAIL},admin`,
    `Bad Row ${tag},not-an-email,student`,
  ].join('\n')
  const file = { name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) }
  await logInByApi(page.request, ADMIN_EMAIL, adminPassword())
  await page.goto('/admin/users')
  const section = page.getByRole('region', { name: 'Invite from a CSV file' })
  await section.getByLabel('CSV file').setInputFiles(file)
  await expect(
    section.getByRole('heading', {
      name: 'Preview of people.csv: 2 new invites, 0 already invited, 1 already a user, 1 error',
    }),
  ).toBeVisible()
  const rows = section.getByRole('row')
  await expect(rows.filter({ hasText: `cora.${tag}` })).toContainText('New invite')
  await expect(rows.filter({ hasText: `carl.${tag}` })).toContainText('Educator')
  await expect(rows.filter({ hasText: ADMIN_EMAIL })).toContainText('Already a user')
  await expect(rows.filter({ hasText: 'not-an-email' })).toContainText(
    'Email: Please provide a valid email address.',
  )
  await expectAccessible()
  await shotAtWidth(page, 'manage-users-csv-preview')

  await section.getByRole('button', { name: 'Send 2 invites' }).click()
  await expect(section.getByRole('status')).toContainText('2 invites sent; 1 skipped')
  // The result names the rows left out, and holds the focus the preview's button had.
  await expect(section.getByRole('status')).toContainText('1 row with an error left out (row 5)')
  await expect(page.locator(':focus')).toContainText('2 invites sent')
  expect(await waitForMail(`cora.${tag}@crestline.test`, /login\?invite=/)).toContain(
    `Hello Cora Csv ${tag},`,
  )
  await waitForMail(`carl.${tag}@crestline.test`, /login\?invite=/)

  await section.getByLabel('CSV file').setInputFiles(file)
  await expect(
    section.getByRole('heading', { name: /2 already invited, 1 already a user, 1 error$/ }),
  ).toBeVisible()
  await expect(section.getByText('Nothing new to send')).toBeVisible()
  await expect(section.getByRole('button', { name: /^Send/ })).toHaveCount(0)

  const download = await page.request.get(
    (await page.getByRole('link', { name: 'Download users (CSV)' }).getAttribute('href'))!,
  )
  expect(download.headers()['content-type']).toBe('text/csv; charset=utf-8')
  expect(await download.text()).toContain(`${ADMIN_EMAIL},admin`)
})
