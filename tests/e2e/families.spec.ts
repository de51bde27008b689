import { expect, test, waitForMail } from './support/fixtures'
import {
  addToTeam,
  adminApi,
  createPerson,
  openRecordSection,
  PEOPLE_PASSWORD,
  type Person,
  section,
  visitAs,
} from './support/people'
import { e2eState } from './support/state'

let student: Person
let educator: Person
/** The guardian the first test signs up; later tests use them. */
let guardian: Person

const GUARDIAN_NAME = 'Pat Parent'

// Serial: each test builds on the family the first one makes. Long user journeys: 90 s each.
test.describe.configure({ mode: 'serial', timeout: 90_000 })

test.beforeAll(async () => {
  const admin = await adminApi()
  student = await createPerson(admin, 'student', 'Rowan Student')
  educator = await createPerson(admin, 'educator', 'Ines Educator')
  await addToTeam(admin, student, educator)
  for (const document of [
    { name: 'Essay draft for the family', url: 'https://docs.example.com/rowan-essay' },
    { name: 'Staff-only pacing notes', url: 'https://docs.example.com/rowan-pacing', hidden: true },
  ]) {
    const response = await admin.post(`/api/v1/students/${student.uuid}/documents`, { data: document })
    expect(response.status(), await response.text()).toBe(201)
  }
  await admin.dispose()
})

/** Every mail the sink holds for `to` whose text matches `pattern`. */
async function mailsTo(to: string, pattern: RegExp): Promise<string[]> {
  const response = await fetch(e2eState().mailboxUrl)
  const messages = (await response.json()) as { to: string[]; text: string }[]
  return messages
    .filter((message) => message.to.includes(to) && pattern.test(message.text))
    .map((m) => m.text)
}

test('an educator invites a guardian, who signs up from the email and reads the record as the student does', async ({
  newVisitor,
  expectAccessible,
}) => {
  const page = await visitAs(newVisitor, educator)
  await page.goto(`/students/${student.uuid}?section=family`)
  const family = section(page, 'Family')
  await expect(family).toContainText('No parent or guardian linked yet.')
  await expectAccessible(page)

  // Both fields are required; the messages sit under the fields.
  await family.getByRole('button', { name: 'Invite guardian' }).click()
  await expect(family.getByText('This field is required.')).toHaveCount(2)
  await expect(family.getByRole('textbox', { name: 'Email' })).toBeFocused()

  const email = `pat.parent.${Date.now().toString(36)}@crestline.test`
  await family.getByRole('textbox', { name: 'Email' }).fill(email)
  await family.getByRole('textbox', { name: 'Relationship' }).fill('Mother')
  await family.getByRole('button', { name: 'Invite guardian' }).click()
  await expect(family.getByRole('status')).toContainText(`Invite emailed to ${email}.`)
  const link = await family.getByRole('textbox', { name: `Invite link for ${email}` }).inputValue()
  expect(link).toMatch(/\/login\?invite=[0-9a-f-]{36}$/)
  // The success message grew the card above the focused button, and the page scrolled with it: a
  // link left half under the sticky section bar reads to axe as a too-small target.
  await family.getByRole('heading', { name: 'Family', exact: true }).scrollIntoViewIfNeeded()
  await expectAccessible(page)

  // The guardian follows the emailed link, creates the account and gives only a name.
  const mail = await waitForMail(email, /login\?invite=/)
  expect(mail).toContain(link)
  expect(mail).toContain(`as ${student.name}'s mother`)
  const { page: home } = await newVisitor()
  await home.goto(link)
  await expect(home.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible()
  await home.getByLabel('Password', { exact: true }).fill(PEOPLE_PASSWORD)
  await home.getByLabel('Confirm password').fill(PEOPLE_PASSWORD)
  await home.getByRole('button', { name: 'Create account' }).click()
  await expect(home).toHaveURL(/\/onboarding$/)
  await expect(home.getByRole('textbox', { name: 'Bio' })).toHaveCount(0)
  await expect(home.getByText(/child's coaches/)).toBeVisible()
  await home.getByRole('textbox', { name: 'Name' }).fill(GUARDIAN_NAME)
  const screens: string[] = []
  home.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.startsWith('/api/v1/screens/')) screens.push(pathname)
  })
  await home.getByRole('button', { name: 'Continue' }).click()
  await expect(home).toHaveURL(/\/dashboard$/)
  const me = await (await home.request.get('/api/v1/users/me')).json()
  guardian = { uuid: me.uuid, name: GUARDIAN_NAME, email }

  // The dashboard card, and the student in the sidebar's My Family group.
  const card = home.getByRole('article', { name: student.name })
  await expect(card).toContainText('You are listed as Mother.')
  await expect(card).toContainText('No shared session notes yet.')
  await expect(
    home
      .getByRole('navigation', { name: 'Main' })
      .getByRole('group', { name: 'My Family' })
      .getByRole('link'),
  ).toHaveText([student.name])
  // The dashboard and the sidebar share the week: no second screen request.
  expect(screens).toContain('/api/v1/screens/week')
  expect(screens).not.toContain('/api/v1/screens/my-dashboard')
  await expectAccessible(home)

  // The record as the student reads it: the visible document only; no staff controls.
  await card.getByRole('link', { name: `Open ${student.name}'s record` }).click()
  await expect(home.getByRole('heading', { level: 1, name: student.name })).toBeVisible()
  const staffControls = home.getByRole('button', {
    name: /Invite guardian|Write a note|Add SAT score|Remove/,
  })
  await expect(staffControls).toHaveCount(0)
  await openRecordSection(home, 'Family and team')
  await expect(section(home, 'Family').getByText(`${GUARDIAN_NAME} (Mother)`)).toBeVisible()
  await expect(section(home, 'Family')).not.toContainText(email)
  await expect(staffControls).toHaveCount(0)
  await openRecordSection(home, 'Notes')
  await expect(section(home, 'Session notes')).toContainText('No shared session notes yet.')
  await expect(staffControls).toHaveCount(0)
  await openRecordSection(home, 'Documents')
  const documents = section(home, 'Documents')
  await expect(documents.getByRole('link', { name: /Essay draft for the family/ })).toBeVisible()
  await expect(documents).not.toContainText('Staff-only pacing notes')
  // A guardian may add a document, without the staff flags.
  await documents.getByRole('button', { name: 'Add document' }).click()
  const dialog = home.getByRole('dialog', { name: 'Add document' })
  await expect(dialog.getByRole('checkbox')).toHaveCount(0)
  await home.keyboard.press('Escape')
  await expectAccessible(home)

  // Back on the educator's page: the guardian is listed with their email.
  await page.reload()
  await expect(family.getByRole('link', { name: GUARDIAN_NAME })).toBeVisible()
  await expect(family).toContainText(email)
})

test('an internal note stays with staff; a shared one reaches the student and the guardian, on the page and by email', async ({
  newVisitor,
  expectAccessible,
}) => {
  const page = await visitAs(newVisitor, educator)
  await page.goto(`/students/${student.uuid}?section=notes`)
  const notes = section(page, 'Session notes')

  await notes.getByRole('button', { name: 'Write a note' }).click()
  let dialog = page.getByRole('dialog', { name: 'Write a session note' })
  await expect(dialog.getByRole('radio', { name: /^Internal/ })).toBeChecked()
  await dialog.getByRole('button', { name: 'Save note' }).click()
  await expect(dialog.getByText('This field is required.')).toBeVisible()
  await dialog
    .getByRole('textbox', { name: 'Note' })
    .fill('Internal: Rowan rushes the **last five** questions.')
  await dialog.getByRole('textbox', { name: 'Duration in minutes' }).fill('45')
  await dialog.getByRole('button', { name: 'Save note' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(notes.getByText('Internal: staff only')).toBeVisible()

  await notes.getByRole('button', { name: 'Write a note' }).click()
  dialog = page.getByRole('dialog', { name: 'Write a session note' })
  await dialog.getByRole('radio', { name: /^Shared with the family/ }).check()
  await dialog
    .getByRole('textbox', { name: 'Note' })
    .fill('Shared plan: **two timed sets** this week. <script>alert(1)</script> [bad](javascript:alert(1))')
  await dialog.getByRole('tab', { name: 'Preview' }).click()
  const preview = dialog.getByRole('tabpanel', { name: 'Preview' })
  await expect(preview.locator('strong')).toHaveText('two timed sets')
  await expect(preview).toContainText('<script>alert(1)</script>')
  await expect(preview.locator('script, a[href^="javascript"]')).toHaveCount(0)
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Save note' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(notes.getByRole('article')).toHaveCount(2)
  await expect(notes.getByText('Shared with the family', { exact: true })).toBeVisible()

  // The student and the guardian see the shared note only.
  for (const person of [student, guardian]) {
    const reader = await visitAs(newVisitor, person)
    await reader.goto(`/students/${student.uuid}?section=notes`)
    const theirNotes = section(reader, 'Session notes')
    await expect(theirNotes.getByRole('article')).toHaveCount(1)
    await expect(theirNotes).toContainText('two timed sets')
    await expect(theirNotes).not.toContainText('last five')
    await expect(theirNotes).not.toContainText('Internal')
    await expectAccessible(reader)
    // One email each: the shared note's notice, not its text; none for the internal note.
    await waitForMail(person.email, /shared a note/)
    const notices = await mailsTo(person.email, /Subject: New session note/)
    expect(notices).toHaveLength(1)
    expect(notices[0]).not.toContain('two timed sets')
  }

  const home = await visitAs(newVisitor, guardian)
  await home.goto('/dashboard')
  const card = home.getByRole('article', { name: student.name })
  await expect(card).toContainText('two timed sets')
  await expect(card).toContainText(`by ${educator.name}`)
  await expect(card).not.toContainText('last five')
})

test('removing the guardian ends their access at once', async ({
  newVisitor,
  consoleGuard,
  expectAccessible,
}) => {
  // The record and its overview load side by side: both answer 404.
  consoleGuard.allow(/status of 404/, /\/api\/v1\/students\/[^/]+(\/overview)?$/)
  const page = await visitAs(newVisitor, educator)
  await page.goto(`/students/${student.uuid}?section=family`)
  const family = section(page, 'Family')
  await family.getByRole('button', { name: `Remove ${GUARDIAN_NAME} (Mother)` }).click()
  const confirm = page.getByRole('alertdialog', { name: `Remove ${GUARDIAN_NAME} (Mother)?` })
  await expect(confirm).toContainText(`They will no longer see ${student.name}'s record.`)
  await expectAccessible(page)
  await confirm.getByRole('button', { name: 'Remove guardian' }).click()
  await expect(confirm).toHaveCount(0)
  await expect(family).toContainText('No parent or guardian linked yet.')

  const home = await visitAs(newVisitor, guardian)
  await home.goto(`/students/${student.uuid}`)
  await expect(home.getByRole('heading', { level: 1, name: 'Student not found' })).toBeVisible()
  await home.goto('/dashboard')
  await expect(home.getByText(/No student is linked to your account/)).toBeVisible()
  await expect(
    home.getByRole('navigation', { name: 'Main' }).getByRole('group', { name: 'My Family' }),
  ).toContainText('No students yet.')
  await expectAccessible(home)
})

test('a person who already has an account logs in from the invite and accepts it; another account cannot', async ({
  newVisitor,
  consoleGuard,
  expectAccessible,
}) => {
  consoleGuard.allow(/status of 404/, /\/acceptance$/)
  const admin = await adminApi()
  const sibling = await createPerson(admin, 'student', 'Sage Student')
  await addToTeam(admin, sibling, educator)
  await admin.dispose()

  // The educator is answered as for any address: an invite, not a link.
  const page = await visitAs(newVisitor, educator)
  await page.goto(`/students/${sibling.uuid}?section=family`)
  const family = section(page, 'Family')
  await family.getByRole('textbox', { name: 'Email' }).fill(guardian.email)
  await family.getByRole('textbox', { name: 'Relationship' }).fill('Mother')
  await family.getByRole('button', { name: 'Invite guardian' }).click()
  await expect(family.getByRole('status')).toContainText(`Invite emailed to ${guardian.email}.`)
  const link = await family.getByRole('textbox', { name: `Invite link for ${guardian.email}` }).inputValue()
  await expect(family).toContainText('No parent or guardian linked yet.')
  expect(await waitForMail(guardian.email, /You already have an account/)).toContain(link)

  // Someone else logged in who opens the link learns nothing about it.
  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1, name: 'Accept an invite' })).toBeVisible()
  await expect(page.getByText('This invite is not open to the account you are logged in with')).toBeVisible()
  await expect(page.getByText(sibling.name)).toHaveCount(0)

  const { page: home } = await newVisitor()
  await home.goto(link)
  await expect(home.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible()
  await home.getByRole('link', { name: 'Log in' }).click()
  await expect(home.getByRole('heading', { level: 1, name: 'Log in to accept' })).toBeVisible()
  await expect(home.getByRole('textbox', { name: 'Email' })).toHaveValue(guardian.email)
  await home.getByLabel('Password', { exact: true }).fill(PEOPLE_PASSWORD)
  await home.getByRole('button', { name: 'Log in' }).click()
  await expect(home.getByRole('heading', { level: 1, name: 'Accept the invite' })).toBeVisible()
  await expect(
    home.getByText(
      `${educator.name} invited you to be linked as a parent or guardian of ${sibling.name} (Mother).`,
    ),
  ).toBeVisible()
  await expectAccessible(home)
  await home.getByRole('button', { name: 'Accept' }).click()
  await expect(home).toHaveURL(new RegExp(`/students/${sibling.uuid}$`))
  await expect(home.getByRole('heading', { level: 1, name: sibling.name })).toBeVisible()
  await openRecordSection(home, 'Family and team')
  await expect(section(home, 'Family').getByText(`${GUARDIAN_NAME} (Mother)`)).toBeVisible()
})
