import type { Page } from '@playwright/test'
import { expect, logInByApi, navLinks, submitLogin, test, waitForMail } from './support/fixtures'
import { adminApi, createPerson, PEOPLE_PASSWORD, uniqueToken } from './support/people'
import { ADMIN_EMAIL, ADMIN_NAME, adminPassword, e2eState } from './support/state'

async function openManageUsers(page: Page) {
  await page.goto('/admin/users')
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Users' })).toBeVisible()
  await expect(page).toHaveTitle('Manage Users | Crestline Prep')
  const users = page.getByRole('region', { name: 'Users', exact: true })
  await expect(users.getByRole('table')).toBeVisible()
  return users
}

/** Narrows Manage Users to one person and opens their Manage dialog. */
async function manage(page: Page, person: { name: string; email: string }) {
  const users = page.getByRole('region', { name: 'Users', exact: true })
  await users.getByRole('searchbox', { name: 'Search by name or email' }).fill(person.email)
  const row = users.getByRole('row').filter({ hasText: person.email })
  await expect(row).toHaveCount(1)
  await expect(users.getByRole('row')).toHaveCount(2)
  await row.getByRole('button', { name: `Manage ${person.name}` }).click()
  const dialog = page.getByRole('dialog', { name: `Manage ${person.name}` })
  await expect(dialog).toBeVisible()
  return { row, dialog }
}

/** "Invite someone", the page's first action: the invite form in a dialog. */
async function openInviteForm(page: Page) {
  await page.getByRole('button', { name: 'Invite someone' }).click()
  const form = page.getByRole('dialog', { name: 'Invite someone' })
  await expect(form).toBeVisible()
  return form
}

async function logInByForm(page: Page, email: string, password: string) {
  await page.goto('/login')
  await submitLogin(page, email, password)
}

test('an admin invites an educator by email from Manage Users; they join, and the invite shows who used it', async ({
  page,
  newVisitor,
  expectAccessible,
}) => {
  const token = uniqueToken()
  const email = `ivy.invited.${token}@crestline.test`
  const name = `Ivy Invited ${token}`
  await logInByApi(page.request, ADMIN_EMAIL, adminPassword())
  await openManageUsers(page)

  const form = await openInviteForm(page)
  const roleBoxes = form.getByRole('group', { name: 'Roles' }).getByRole('checkbox')
  // The invite label order (docs/product.md#roles-and-labels).
  expect(
    await roleBoxes.evaluateAll((boxes) => boxes.map((box) => box.closest('label')?.textContent?.trim())),
  ).toEqual(['Admin', 'FAO', 'Educator', 'Student'])
  await form.getByRole('button', { name: 'Create invite' }).click()
  await expect(form.getByText('Choose at least one role.')).toBeVisible()
  await expect(roleBoxes.first()).toBeFocused()
  await expectAccessible()

  await form.getByRole('checkbox', { name: 'Educator' }).check()
  await form.getByRole('textbox', { name: 'Email (optional)' }).fill(email)
  await form.getByRole('button', { name: 'Create invite' }).click()
  await expect(form.getByRole('status')).toContainText(`Invite for Educator created and emailed to ${email}`)
  // The dialog stays open for the link: its confirmation is brought into view and focused.
  await expect(form.getByRole('status')).toBeInViewport()
  await expect(form.locator(':focus')).toContainText('created and emailed')
  const link = await form.getByRole('textbox', { name: 'Invite link' }).inputValue()
  expect(link).toMatch(/\/login\?invite=[0-9a-f-]{36}$/)

  const mail = await waitForMail(email, /login\?invite=/)
  expect(mail).toContain(link)
  await form.getByRole('button', { name: 'Done' }).click()

  const invites = page.getByRole('region', { name: 'Invites', exact: true })
  await expect(invites.getByRole('button', { name: /^Available/, pressed: true })).toBeVisible()
  const available = invites.getByRole('row').filter({ hasText: email })
  await expect(available).toContainText('Educator')
  await expect(available.getByRole('button', { name: `Copy link for ${email}` })).toBeVisible()
  await expect(available.getByRole('button', { name: `Resend for ${email}` })).toBeVisible()
  await expectAccessible()

  // The invitee follows the emailed link, creates the account and onboards.
  const { page: visitor } = await newVisitor()
  await visitor.goto(link)
  await expect(visitor.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible()
  await expect(visitor.getByRole('textbox', { name: 'Email' })).toHaveValue(email)
  await visitor.getByLabel('Password', { exact: true }).fill(PEOPLE_PASSWORD)
  await visitor.getByLabel('Confirm password').fill(PEOPLE_PASSWORD)
  await visitor.getByRole('button', { name: 'Create account' }).click()
  await expect(visitor).toHaveURL(/\/onboarding$/)
  await visitor.getByRole('textbox', { name: 'Name' }).fill(name)
  await visitor.getByRole('textbox', { name: 'Bio' }).fill('Reading and writing coach for the digital SAT.')
  await visitor.getByRole('button', { name: 'Continue' }).click()
  await expect(visitor).toHaveURL(/\/dashboard$/)

  // Back on Manage Users: the invite has moved to Used, naming the new educator.
  await page.reload()
  await expect(invites.getByRole('row').filter({ hasText: email })).toHaveCount(0)
  await invites.getByRole('button', { name: /^Used/ }).click()
  const used = invites.getByRole('row').filter({ hasText: email })
  await expect(used).toContainText(`By ${name} on`)
  await expect(used.getByRole('link', { name })).toHaveAttribute('href', /^\/users\/[0-9a-f-]{36}$/)
  await expect(used.getByRole('button', { name: /Copy link|Resend|Renew/ })).toHaveCount(0)
  await expectAccessible()
})

test('an admin resends an emailed invite, and deletes it after confirming', async ({
  page,
  expectAccessible,
}) => {
  const email = `rita.resend.${uniqueToken()}@crestline.test`
  await logInByApi(page.request, ADMIN_EMAIL, adminPassword())
  await openManageUsers(page)
  const form = await openInviteForm(page)
  await form.getByRole('checkbox', { name: 'FAO' }).check()
  await form.getByRole('textbox', { name: 'Email (optional)' }).fill(email)
  await form.getByRole('button', { name: 'Create invite' }).click()
  await expect(form.getByRole('status')).toContainText(`emailed to ${email}`)
  await waitForMail(email, /login\?invite=/)
  await form.getByRole('button', { name: 'Done' }).click()

  const invites = page.getByRole('region', { name: 'Invites', exact: true })
  const row = invites.getByRole('row').filter({ hasText: email })
  // The clipboard, or (when the browser refuses it) the link selected in a field to copy by hand.
  await row.getByRole('button', { name: `Copy link for ${email}` }).click()
  await expect(
    page.getByText('Link copied').or(row.getByRole('textbox', { name: `Invite link for ${email}` })),
  ).toBeVisible()
  await row.getByRole('button', { name: `Resend for ${email}` }).click()
  await expect(page.getByText(`Invite emailed again to ${email}`)).toBeVisible()
  const mailbox = async () => {
    const response = await fetch(e2eState().mailboxUrl)
    return ((await response.json()) as { to: string[] }[]).filter((message) => message.to.includes(email))
  }
  await expect.poll(async () => (await mailbox()).length).toBe(2)

  await row.getByRole('button', { name: `Delete for ${email}` }).click()
  const confirm = page.getByRole('alertdialog', { name: `Delete the invite for ${email}?` })
  await expect(confirm).toContainText('The link stops working at once.')
  await expectAccessible()
  await confirm.getByRole('button', { name: 'Delete invite' }).click()
  await expect(confirm).toBeHidden()
  await expect(page.getByText('Invite deleted')).toBeVisible()
  await expect(row).toHaveCount(0)
})

test('an admin grants the Admin role with confirmation, then revokes it; the sidebar follows', async ({
  page,
  newVisitor,
  expectAccessible,
}) => {
  const admin = await adminApi()
  const person = await createPerson(admin, 'educator', `Gail Granted ${uniqueToken()}`)
  await admin.dispose()
  const { page: theirs } = await newVisitor()
  await logInByApi(theirs.request, person.email, PEOPLE_PASSWORD)
  await theirs.goto('/dashboard')
  const theirAdminGroup = theirs
    .getByRole('navigation', { name: 'Main' })
    .getByRole('group', { name: 'Admin' })
  await expect(theirs.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible()
  await expect(theirAdminGroup).toHaveCount(0)

  await logInByApi(page.request, ADMIN_EMAIL, adminPassword())
  await openManageUsers(page)
  let { row, dialog } = await manage(page, person)
  await expect(dialog.getByRole('checkbox', { name: /^Educator/ })).toBeChecked()
  await expect(dialog.getByRole('checkbox', { name: /^Admin/ })).not.toBeChecked()
  await expect(dialog.getByRole('radio', { name: /^Enabled/ })).toBeChecked()
  await expectAccessible()
  await dialog.getByRole('checkbox', { name: /^Admin/ }).check()
  await dialog.getByRole('button', { name: 'Review changes' }).click()
  let confirm = page.getByRole('alertdialog', { name: `Change ${person.name}'s roles?` })
  await expect(confirm).toContainText(`${person.name} gains the Admin role.`)
  await expectAccessible()
  await confirm.getByRole('button', { name: 'Save changes' }).click()
  await expect(confirm).toBeHidden()
  await expect(page.getByText(`${person.name}'s roles updated`)).toBeVisible()
  await expect(row.getByRole('list', { name: `Roles of ${person.name}` })).toContainText('Admin')

  await theirs.reload()
  await expect(theirAdminGroup.getByRole('link')).toHaveText([
    /^Overview/,
    'Manage Students',
    'Manage Users',
    'Practice tests',
  ])

  ;({ row, dialog } = await manage(page, person))
  await dialog.getByRole('checkbox', { name: /^Admin/ }).uncheck()
  await dialog.getByRole('button', { name: 'Review changes' }).click()
  confirm = page.getByRole('alertdialog', { name: `Change ${person.name}'s roles?` })
  await expect(confirm).toContainText(`${person.name} loses the Admin role.`)
  await confirm.getByRole('button', { name: 'Save changes' }).click()
  await expect(confirm).toBeHidden()
  await expect(row.getByRole('list', { name: `Roles of ${person.name}` })).not.toContainText('Admin')

  await theirs.reload()
  await expect(theirs.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible()
  await expect(theirAdminGroup).toHaveCount(0)
  expect(await navLinks(theirs)).not.toContain('Manage Users')
})

test('an admin disables an account: its session ends and it cannot log in until enabled again', async ({
  page,
  newVisitor,
  consoleGuard,
  expectAccessible,
}) => {
  consoleGuard.allow(/status of 401/, /\/api\/auth\/sign-in\/email$/)
  const admin = await adminApi()
  const person = await createPerson(admin, 'student', `Dana Disabled ${uniqueToken()}`)
  await admin.dispose()
  const { page: theirs } = await newVisitor()
  await logInByApi(theirs.request, person.email, PEOPLE_PASSWORD)
  await theirs.goto('/dashboard')
  await expect(theirs.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible()

  await logInByApi(page.request, ADMIN_EMAIL, adminPassword())
  await openManageUsers(page)
  let { row, dialog } = await manage(page, person)
  // A student profile is never revoked: archive instead.
  await expect(dialog.getByRole('checkbox', { name: /^Student/ })).toBeDisabled()
  await dialog.getByRole('radio', { name: /^Disabled/ }).check()
  await dialog.getByRole('button', { name: 'Review changes' }).click()
  let confirm = page.getByRole('alertdialog', { name: `Disable ${person.name}'s account?` })
  await expect(confirm).toContainText('logs them out everywhere at once')
  await expectAccessible()
  await confirm.getByRole('button', { name: 'Disable account' }).click()
  await expect(confirm).toBeHidden()
  await expect(row.getByText('Disabled', { exact: true })).toBeVisible()

  await theirs.reload()
  await expect(theirs).toHaveURL(/\/login\?err=login-required(&redirect=[^&]+)?$/)
  await logInByForm(theirs, person.email, PEOPLE_PASSWORD)
  await expect(theirs.getByRole('alert')).toHaveText('Email or password is incorrect.')

  ;({ row, dialog } = await manage(page, person))
  await dialog.getByRole('radio', { name: /^Enabled/ }).check()
  await dialog.getByRole('button', { name: 'Review changes' }).click()
  confirm = page.getByRole('alertdialog', { name: `Enable ${person.name}'s account?` })
  await confirm.getByRole('button', { name: 'Enable account' }).click()
  await expect(confirm).toBeHidden()
  await expect(row.getByText('Active', { exact: true })).toBeVisible()

  await logInByForm(theirs, person.email, PEOPLE_PASSWORD)
  await expect(theirs).toHaveURL(/\/dashboard$/)
})

test('search and the role filter narrow the list; the admin cannot demote or disable themself', async ({
  page,
  expectAccessible,
}) => {
  const token = uniqueToken()
  const admin = await adminApi()
  const educator = await createPerson(admin, 'educator', `Fern ${token}`)
  const student = await createPerson(admin, 'student', `Finn ${token}`)
  await admin.dispose()

  await logInByApi(page.request, ADMIN_EMAIL, adminPassword())
  const users = await openManageUsers(page)
  const search = users.getByRole('searchbox', { name: 'Search by name or email' })
  const role = users.getByRole('combobox', { name: 'Role' })
  const nameCells = users.getByRole('rowheader')
  await search.fill(token)
  await expect(nameCells).toHaveText([new RegExp(token), new RegExp(token)])
  await expect(nameCells.filter({ hasText: educator.name })).toHaveCount(1)
  await expect(nameCells.filter({ hasText: student.name })).toHaveCount(1)
  await role.selectOption({ label: 'Educator' })
  await expect(nameCells).toHaveText([educator.name])
  await role.selectOption({ label: 'Student' })
  await expect(nameCells).toHaveText([student.name])
  await expect(users.getByRole('link', { name: student.name })).toHaveAttribute(
    'href',
    `/users/${student.uuid}`,
  )
  await expectAccessible()

  await search.fill(`${token}-nobody`)
  await expect(users.getByText(`No users match “${token}-nobody” with the Student role.`)).toBeVisible()
  await users.getByRole('button', { name: 'Clear search and filter' }).click()
  await expect(search).toHaveValue('')
  await expect(role).toHaveValue('')
  await expect(users.getByRole('row').nth(1)).toBeVisible()

  // The viewer's own row: no control that the server would refuse.
  const { dialog } = await manage(page, { name: ADMIN_NAME, email: ADMIN_EMAIL })
  await expect(dialog.getByRole('checkbox', { name: /^Admin/ })).toBeDisabled()
  await expect(dialog.getByRole('checkbox', { name: /^Admin/ })).toBeChecked()
  await expect(dialog.getByRole('radio', { name: /^Disabled/ })).toBeDisabled()
  await expect(dialog.getByText('You cannot remove your own admin role')).toBeVisible()
  await dialog.getByRole('button', { name: 'Review changes' }).click()
  await expect(dialog.getByText('Nothing has changed yet')).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()

  // /users: the same list, read-only, with the way to Manage Users.
  await page.goto('/users')
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible()
  await expect(page).toHaveTitle('Users | Crestline Prep')
  await expect(page.getByRole('main').getByRole('link', { name: 'Manage Users' })).toHaveAttribute(
    'href',
    '/admin/users',
  )
  await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(token)
  await expect(page.getByRole('rowheader')).toHaveCount(2)
  await expect(page.getByRole('main').getByRole('button', { name: /^Manage/ })).toHaveCount(0)
  await expectAccessible()
})

test('a non-admin is told the user list is for admins, and Manage Users refuses them', async ({
  newVisitor,
  expectAccessible,
}) => {
  const admin = await adminApi()
  const educator = await createPerson(admin, 'educator', `Nell ${uniqueToken()}`)
  await admin.dispose()
  const { page } = await newVisitor()
  const apiCalls: string[] = []
  page.on('request', (request) => {
    if (/\/api\/v1\/(users\?|user-invites|screens\/admin)/.test(request.url())) apiCalls.push(request.url())
  })
  await logInByApi(page.request, educator.email, PEOPLE_PASSWORD)

  await page.goto('/users')
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible()
  await expect(page.getByText('The user list is for admins')).toBeVisible()
  await expect(page.getByRole('searchbox')).toHaveCount(0)
  await expectAccessible(page)

  await page.goto('/admin/users')
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Users' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'For admins only' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Create invite' })).toHaveCount(0)
  await expectAccessible(page)
  // Nothing was asked that the server would refuse with 403.
  expect(apiCalls).toEqual([])
})
