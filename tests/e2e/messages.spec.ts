import type { Page } from '@playwright/test'
import { expect, logInByApi, test } from './support/fixtures'
import {
  addToTeam,
  adminApi,
  apiAs,
  createGuardian,
  createPerson,
  type Person,
  section,
  uniqueToken,
  visitAs,
} from './support/people'
import { shot } from './support/shots'
import { ADMIN_EMAIL, adminPassword } from './support/state'

/**
 * Messages in the browser: a guardian and an educator talk live in two browser contexts; the
 * guardian attaches a document of the record and a file uploaded from the composer; the
 * educator's Staff message never reaches the family; unread counts rise and clear; the email
 * choice in /settings and an admin's broadcast. axe and a screenshot at 390 and 1280 px each.
 */
let student: Person
let educator: Person
let guardian: Person

test.describe.configure({ mode: 'serial', timeout: 120_000 })

test.beforeAll(async () => {
  const admin = await adminApi()
  const token = uniqueToken()
  student = await createPerson(admin, 'student', `Mira Message ${token}`)
  educator = await createPerson(admin, 'educator', `Eli Educator ${token}`)
  await addToTeam(admin, student, educator)
  guardian = await createGuardian(admin, student, `Gwen Guardian ${token}`, 'Mother')
  const added = await admin.post(`/api/v1/students/${student.uuid}/documents`, {
    data: { name: 'Essay draft 2', url: 'https://docs.example.com/essay-2' },
  })
  expect(added.status(), await added.text()).toBe(201)
  await admin.dispose()
})

/** A small PDF for the upload from the composer (the server checks the bytes, not the name). */
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
)

const messagesOf = () => `/students/${student.uuid}?section=messages`
const conversation = (page: Page) => section(page, 'Messages')
const composer = (page: Page) => conversation(page).getByRole('textbox', { name: /^Write/ })

/** The page at phone and desktop width: axe, no sideways scrolling, and a screenshot of each. */
async function checkWidths(page: Page, name: string, expectAccessible: (page?: Page) => Promise<void>) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await expectAccessible(page)
    await shot(page, `messages-${name}-${width}`, { fullPage: true })
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(scrollWidth, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(width)
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

test('a guardian and an educator exchange messages live, each without reloading', async ({
  newVisitor,
  expectAccessible,
}) => {
  const family = await visitAs(newVisitor, guardian)
  const coach = await visitAs(newVisitor, educator)
  await family.goto(messagesOf())
  await coach.goto(messagesOf())
  await expect(conversation(family)).toContainText('No messages yet')
  // The family has one conversation: no tabs, no Staff.
  await expect(family.getByRole('navigation', { name: 'Conversations' })).toHaveCount(0)
  await expect(coach.getByRole('navigation', { name: 'Conversations' }).getByRole('link')).toHaveText([
    'Family',
    'Staff',
  ])
  await checkWidths(family, 'empty', expectAccessible)

  // The guardian writes (Ctrl+Enter sends); the educator's open page shows it.
  const question = 'Can we move **Thursday** to Friday? Averyveryveryveryverylongwordthatmustwrapnicely'
  await composer(family).fill(question)
  await conversation(family).getByRole('button', { name: 'Attach a document' }).click()
  const attach = family.getByRole('dialog', { name: 'Attach documents' })
  await attach.getByRole('checkbox', { name: 'Essay draft 2' }).check()
  // A new file goes through the record's document upload, then is attached (the dialog closes).
  await attach
    .locator('input[type=file]')
    .setInputFiles({ name: 'Reading list.pdf', mimeType: 'application/pdf', buffer: pdf })
  await attach.getByRole('button', { name: 'Upload and attach' }).click()
  await expect(attach).toBeHidden()
  await expect(conversation(family).getByRole('list', { name: 'Documents to attach' })).toContainText(
    'Reading list.pdf',
  )
  await composer(family).press('Control+Enter')
  await expect(composer(family)).toHaveValue('')
  await expect(conversation(coach).getByText('Thursday', { exact: true })).toBeVisible()
  await expect(conversation(coach).locator('strong', { hasText: 'Thursday' })).toHaveCount(1)
  await expect(conversation(coach).getByRole('link', { name: /Essay draft 2/ })).toHaveAttribute(
    'href',
    'https://docs.example.com/essay-2',
  )
  await expect(conversation(coach).getByRole('link', { name: /Reading list\.pdf/ })).toBeVisible()

  // The educator answers with Send; the guardian's page shows it, once.
  await composer(coach).fill('Friday at 4 works. See you then.')
  await conversation(coach).getByRole('button', { name: 'Send' }).click()
  await expect(conversation(family).getByText('Friday at 4 works. See you then.')).toHaveCount(1)
  await expect(conversation(coach).getByText('Friday at 4 works. See you then.')).toHaveCount(1)

  // An edit and a deletion reach the other page too.
  await conversation(coach)
    .getByRole('button', { name: /^Edit your message/ })
    .click()
  await conversation(coach).getByRole('textbox', { name: 'Edit your message' }).fill('Friday at 5 works.')
  await conversation(coach).getByRole('button', { name: 'Save' }).click()
  await expect(conversation(family).getByText('Friday at 5 works.')).toBeVisible()
  await expect(conversation(family)).toContainText('edited')
  await checkWidths(family, 'conversation', expectAccessible)

  await conversation(family)
    .getByRole('button', { name: /^Delete your message/ })
    .click()
  await family.getByRole('alertdialog').getByRole('button', { name: 'Delete message' }).click()
  await expect(conversation(coach).getByText('Message deleted')).toBeVisible()
  await expect(conversation(coach).getByText('Thursday', { exact: true })).toHaveCount(0)
})

test('the Staff conversation stays with staff, and unread counts rise and clear', async ({
  newVisitor,
  expectAccessible,
}) => {
  const coach = await visitAs(newVisitor, educator)
  await coach.goto(`${messagesOf()}&conversation=staff`)
  await expect(conversation(coach)).toContainText('never see it')
  await composer(coach).fill('Staff only: her essay draft needs a second reader.')
  await conversation(coach).getByRole('button', { name: 'Send' }).click()
  await expect(conversation(coach).getByText('Staff only: her essay draft')).toBeVisible()
  await expect(
    coach.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: 'Staff' }),
  ).toHaveAttribute('aria-current', 'page')
  await checkWidths(coach, 'staff', expectAccessible)

  // An admin answers in Staff while the coach reads Family: the Staff tab counts it.
  await coach.goto(`${messagesOf()}&conversation=family`)
  await expect(conversation(coach).getByRole('group', { name: 'Conversation' })).toBeVisible()
  const admin = await adminApi()
  const answered = await admin.post(`/api/v1/students/${student.uuid}/conversations/staff/messages`, {
    data: { body: 'I can read it tomorrow.' },
  })
  expect(answered.status(), await answered.text()).toBe(201)
  await admin.dispose()
  await coach.reload()
  await expect(
    coach.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: 'Staff 1 unread' }),
  ).toBeVisible()

  // One new Family message for the guardian: the count says 1, never the Staff one.
  const educatorApi = await apiAs(educator)
  const posted = await educatorApi.post(`/api/v1/students/${student.uuid}/conversations/family/messages`, {
    data: { body: 'The essay draft is due Monday. <img src=x onerror=document.body.dataset.pwned=1>' },
  })
  expect(posted.status(), await posted.text()).toBe(201)
  await educatorApi.dispose()

  const family = await visitAs(newVisitor, guardian)
  const staffAnswer = await family.request.get(
    `/api/v1/students/${student.uuid}/conversations/staff/messages`,
  )
  expect(staffAnswer.status()).toBe(404)
  await family.goto('/dashboard')
  const nav = family.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'My Dashboard, 1 unread message' })).toBeVisible()
  const unread = section(family, 'Unread messages')
  await expect(unread.getByRole('link')).toHaveCount(1)
  await expect(unread).toContainText(student.name)
  await expect(unread).toContainText('1 unread')
  await checkWidths(family, 'dashboard', expectAccessible)

  // Opening it reads it: the list and the badge clear.
  await unread.getByRole('link', { name: new RegExp(student.name) }).click()
  await expect(conversation(family).getByText('The essay draft is due Monday.')).toBeVisible()
  // It opens at the messages, not the overview above them, with a line above what was unread.
  await expect(family).toHaveURL(/#messages$/)
  await expect(family.getByRole('heading', { name: 'Messages', level: 2 })).toBeInViewport()
  await expect(conversation(family).getByText('New', { exact: true })).toBeVisible()
  await expect(conversation(family)).not.toContainText('Staff only')
  // Typed HTML stays text (Markdown as notes have it).
  await expect(conversation(family).locator('img')).toHaveCount(0)
  await expect(family.locator('body')).not.toHaveAttribute('data-pwned')
  await expect(nav.getByRole('link', { name: 'My Dashboard', exact: true })).toBeVisible()
  await nav.getByRole('link', { name: 'My Dashboard', exact: true }).click()
  await expect(family.getByRole('heading', { name: 'My Dashboard', level: 1 })).toBeVisible()
  await expect(section(family, 'Unread messages')).toHaveCount(0)

  // A Staff address opens Family for the guardian.
  await family.goto(`${messagesOf()}&conversation=staff`)
  await expect(conversation(family).getByText('The essay draft is due Monday.')).toBeVisible()
  await expect(family.getByText('Staff only')).toHaveCount(0)
})

test('the email choice is saved in /settings, and an admin broadcasts to picked students', async ({
  page,
  newVisitor,
  expectAccessible,
}) => {
  const family = await visitAs(newVisitor, guardian)
  await family.goto('/settings')
  const email = section(family, 'Email me about messages')
  await expect(email.getByRole('radio', { name: 'As they come (batched)' })).toBeChecked()
  await email.getByRole('radio', { name: 'A daily summary at 6:00 PM, in my time zone' }).check()
  await expect(family.getByRole('status').filter({ hasText: 'Message emails' })).toBeVisible()
  await family.reload()
  await expect(
    email.getByRole('radio', { name: 'A daily summary at 6:00 PM, in my time zone' }),
  ).toBeChecked()
  await email.scrollIntoViewIfNeeded()
  await checkWidths(family, 'settings', expectAccessible)

  await logInByApi(page.request, ADMIN_EMAIL, adminPassword())
  await page.goto('/admin')
  await page.getByRole('link', { name: 'Send a message to many students' }).click()
  await page.getByRole('textbox', { name: 'Message' }).fill('The office is closed on Friday.')
  await page.getByRole('radio', { name: 'Students I pick' }).check()
  await page.getByRole('searchbox', { name: 'Find students by name' }).fill(student.name)
  await page.getByRole('checkbox', { name: student.name }).check()
  await checkWidths(page, 'broadcast', expectAccessible)
  await page.getByRole('button', { name: 'Review and send' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Send this message to 1 student?' })
  await confirm.getByRole('button', { name: 'Send to 1 student' }).click()
  await expect(
    page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: 'Sent to 1 student.' }),
  ).toBeVisible()

  // It arrives in the family's conversation as a message from the admin.
  await family.goto(messagesOf())
  await expect(conversation(family).getByText('The office is closed on Friday.')).toBeVisible()
})
