import type { APIRequestContext, Page } from '@playwright/test'
import { todayIn } from '../../src/shared/tasks'
import { expect, test } from './support/fixtures'
import {
  addToTeam,
  adminApi,
  apiAs,
  createGuardian,
  createPerson,
  openRecordSection,
  type Person,
  section,
  uniqueToken,
  visitAs,
} from './support/people'
import { shot } from './support/shots'

/**
 * Tutoring sessions in the browser: an educator schedules a weekly series and marks a session
 * attended with its note; a guardian cancels inside the notice window, is told the time is charged,
 * and sees the hours drop; the educator's week shows their sessions; an admin records hours,
 * moves the rest of the series and books over the student's other session after the warning.
 */
let student: Person
let educator: Person
let guardian: Person

test.describe.configure({ mode: 'serial', timeout: 120_000 })

const ZONE = 'America/New_York'
/** A calendar day `days` from today where these people live (their default zone). */
const dayFromToday = (days: number) =>
  new Date(Date.parse(`${todayIn(ZONE)}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

async function scheduleByApi(api: APIRequestContext, startsAt: Date, agenda?: string): Promise<string> {
  const response = await api.post(`/api/v1/students/${student.uuid}/sessions`, {
    data: {
      educatorUUID: educator.uuid,
      service: 'tutoring',
      startsAt: startsAt.toISOString(),
      durationMinutes: 60,
      location: { kind: 'in-person', place: 'Library, room 2' },
      ...(agenda ? { agenda } : {}),
      allowStudentClash: true,
    },
  })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as { sessions: Array<{ uuid: string }> }).sessions[0]!.uuid
}

test.beforeAll(async () => {
  const admin = await adminApi()
  const token = uniqueToken()
  student = await createPerson(admin, 'student', `Tess Tutee ${token}`)
  educator = await createPerson(admin, 'educator', `Milo Mentor ${token}`)
  await addToTeam(admin, student, educator)
  guardian = await createGuardian(admin, student, `Gina Guardian ${token}`, 'Mother')
  const bought = await admin.post(`/api/v1/students/${student.uuid}/packages`, {
    data: { name: 'Ten hours of tutoring', service: 'any', hours: 10, purchasedOn: dayFromToday(-30) },
  })
  expect(bought.status(), await bought.text()).toBe(201)
  await admin.dispose()
})

/** The page at phone and desktop width: axe, no sideways scrolling, and a screenshot of each. */
async function checkWidths(page: Page, name: string, expectAccessible: (page?: Page) => Promise<void>) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await expectAccessible(page)
    await shot(page, `sessions-${name}-${width}`, { fullPage: true })
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(scrollWidth, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(width)
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

test('an educator schedules a weekly series and marks a session attended, with its note', async ({
  newVisitor,
  expectAccessible,
}) => {
  const page = await visitAs(newVisitor, educator)
  await page.goto(`/students/${student.uuid}`)
  await openRecordSection(page, 'Sessions')
  const sessions = section(page, 'Sessions')
  await expect(sessions).toContainText('Nothing scheduled.')
  await expect(page.getByTestId('hours-balance')).toHaveText('10 hours left')

  await sessions.getByRole('button', { name: 'Schedule a session' }).click()
  const dialog = page.getByRole('dialog', { name: 'Schedule a session' })
  await dialog.getByLabel('Date').fill(dayFromToday(7))
  await dialog.getByLabel('Start time').fill('16:00')
  await dialog.getByLabel('Meeting link').fill('zoom.example.com/lesson')
  await dialog.getByLabel('Repeat weekly').check()
  await dialog.getByLabel('How many sessions').fill('4')
  await dialog.getByRole('button', { name: 'Schedule the series' }).click()
  await expect(dialog.getByText('Use an https:// link.')).toBeVisible()
  await dialog.getByLabel('Meeting link').fill('https://zoom.example.com/lesson')
  // Four hours ahead fit in the ten; twelve would not: the form says so before it is sent.
  await dialog.getByLabel('How many sessions').fill('12')
  await expect(dialog.getByText(/This takes 12 hours; the student has 10 hours left/)).toBeVisible()
  await dialog.getByLabel('How many sessions').fill('4')
  await expect(dialog.getByText(/This takes/)).toBeHidden()
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Schedule the series' }).click()
  await expect(dialog).toBeHidden()
  const next = page.getByRole('list', { name: 'Next sessions' })
  await expect(next.getByRole('listitem')).toHaveCount(4)
  await expect(next.getByRole('listitem').first()).toContainText(/4:00 PM – 5:00 PM E[SD]T/)
  await expect(next.getByRole('link', { name: /Join online/ })).toHaveCount(4)

  // A session that ended an hour ago, as one from last week would be.
  const api = await apiAs(educator)
  await scheduleByApi(api, new Date(Date.now() - 2 * 3_600_000), 'Reading: **inference** questions')
  await api.dispose()
  await page.reload()
  const awaiting = page.getByRole('list', { name: 'Awaiting attendance' })
  await expect(awaiting.getByText('Awaiting attendance')).toBeVisible()
  await expect(awaiting.locator('strong', { hasText: 'inference' })).toBeVisible()
  await checkWidths(page, 'record', expectAccessible)

  await awaiting.getByRole('button', { name: 'Mark attended' }).click()
  await expect(page.getByRole('list', { name: 'Past sessions' }).getByText('Attended')).toBeVisible()
  await expect(page.getByTestId('hours-balance')).toHaveText('9 hours left')
  await sessions.getByRole('status').getByRole('button', { name: 'Write the session note' }).click()
  const note = page.getByRole('dialog', { name: 'Write a session note' })
  await expect(note.getByLabel('Duration in minutes')).toHaveValue('60')
  await note.getByRole('textbox', { name: 'Note' }).fill('Worked on inference questions; timing is better.')
  await note.getByRole('button', { name: 'Save note' }).click()
  await expect(note).toBeHidden()
  // The link opens Notes at that note, on a phone too, where the section starts below the fold.
  await page.setViewportSize({ width: 390, height: 844 })
  await page
    .getByRole('list', { name: 'Past sessions' })
    .getByRole('link', { name: 'Read the session note' })
    .click()
  const linked = page.getByRole('article').filter({ hasText: 'Worked on inference questions' })
  await expect(linked).toBeFocused()
  await expect(linked).toBeInViewport()
  expect(page.url()).toMatch(/\?section=notes#note-[0-9a-f-]{36}$/)
})

test('a guardian cancels inside the notice window, sees the charge notice, and the balance drops', async ({
  newVisitor,
  expectAccessible,
}) => {
  const api = await apiAs(educator)
  await scheduleByApi(api, new Date(Date.now() + 3 * 3_600_000))
  await api.dispose()

  const page = await visitAs(newVisitor, guardian)
  await page.goto('/dashboard')
  const card = page.getByRole('article', { name: student.name })
  await expect(card.getByText('9 hours')).toBeVisible()
  await expect(card.getByRole('list')).not.toHaveCount(0)
  await checkWidths(page, 'guardian-dashboard', expectAccessible)

  await page.goto(`/students/${student.uuid}?section=sessions`)
  const balance = page.getByTestId('hours-balance')
  await expect(balance).toHaveText('9 hours left')
  await expect(section(page, 'Sessions').getByRole('button', { name: 'Schedule a session' })).toHaveCount(0)
  const soon = page.getByRole('list', { name: 'Next sessions' }).getByRole('listitem').first()
  await expect(soon).toContainText('In person: Library, room 2')
  await soon.getByRole('button', { name: 'Cancel' }).click()
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toContainText(
    'This is less than 24 hours before the start: the 1 hour will be charged to your hours.',
  )
  await checkWidths(page, 'cancel-dialog', expectAccessible)
  await dialog.getByRole('button', { name: 'Cancel and charge the time' }).click()
  await expect(dialog).toBeHidden()
  // The Cancel button went with the session: the focus goes to the section, not the page's top.
  await expect(page.getByRole('heading', { name: 'Sessions', level: 2 })).toBeFocused()
  await expect(balance).toHaveText('8 hours left')
  const past = page.getByRole('list', { name: 'Past sessions' })
  await expect(past.getByText('Cancelled late (charged)')).toBeVisible()
  await expect(past.getByText(/^Cancelled by you on /)).toBeVisible()
})

test('the week view shows the educator’s sessions, and the dashboard their next ones', async ({
  newVisitor,
  expectAccessible,
}) => {
  const page = await visitAs(newVisitor, educator)
  await page.goto('/dashboard')
  await expect(section(page, 'Next sessions').getByText(student.name).first()).toBeVisible()
  await checkWidths(page, 'educator-dashboard', expectAccessible)

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Schedule' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible()
  await page.getByRole('link', { name: 'Next week' }).click()
  // Next week holds the series' first session, at 4 PM. (On a Sunday evening in New York, the
  // session cancelled three hours ahead in the test before falls in next week too.)
  const grid = page.getByTestId('week-grid')
  await expect(
    grid.getByRole('link', { name: new RegExp(`^${student.name}, Tutoring, .* 4:00 PM.*, Scheduled$`) }),
  ).toHaveCount(1)
  await page.setViewportSize({ width: 390, height: 900 })
  const agenda = page.getByTestId('week-agenda')
  await expect(
    agenda
      .getByRole('listitem')
      .filter({ hasText: '4:00 PM' })
      .getByRole('link', { name: new RegExp(student.name) }),
  ).toHaveCount(1)
  await page.setViewportSize({ width: 1280, height: 800 })
  await checkWidths(page, 'schedule', expectAccessible)

  // An empty slot opens the form with that day and hour, asking for the student.
  await grid
    .getByRole('button', { name: /at 10 AM$/ })
    .first()
    .click()
  const dialog = page.getByRole('dialog', { name: 'Schedule a session' })
  await expect(dialog.getByLabel('Start time')).toHaveValue('10:00')
  await dialog.getByRole('button', { name: 'Close' }).click()
  // Keyboards reach a day through its Add button; the hour slots stay out of the tab order.
  await grid
    .getByRole('button', { name: /^Add a session on / })
    .first()
    .focus()
  await page.keyboard.press('Enter')
  await expect(dialog.getByLabel('Start time')).toHaveValue('16:00')
  await dialog.getByRole('button', { name: 'Close' }).click()
})

test('an admin adds hours, moves this and the following sessions, and schedules over a student clash', async ({
  newVisitor,
  expectAccessible,
  consoleGuard,
}) => {
  // The first try meets the student's other session: the browser logs the 409 the form explains.
  consoleGuard.allow(/status of 409/, /\/api\/v1\/students\/[0-9a-f-]{36}\/sessions$/)
  const api = await adminApi()
  const token = uniqueToken()
  const admin = await createPerson(api, 'admin', `Ada Admin ${token}`)
  const coach = await createPerson(api, 'educator', `Cole Coach ${token}`)
  await addToTeam(api, student, coach)
  await api.dispose()
  const page = await visitAs(newVisitor, admin)
  await page.setViewportSize({ width: 390, height: 900 })
  await page.goto(`/students/${student.uuid}?section=sessions`)
  const balance = page.getByTestId('hours-balance')
  await expect(balance).toHaveText('8 hours left')

  await page.getByRole('button', { name: 'Add a package' }).click()
  const bought = page.getByRole('dialog', { name: 'Add a package' })
  await bought.getByLabel('Name').fill('Five more hours')
  await bought.getByLabel('Hours', { exact: true }).fill('5')
  await expectAccessible(page)
  await bought.getByRole('button', { name: 'Add package' }).click()
  await expect(balance).toHaveText('13 hours left')
  await page.getByRole('button', { name: 'Adjust hours' }).click()
  const adjust = page.getByRole('dialog', { name: 'Adjust hours' })
  await adjust.getByLabel('Hours', { exact: true }).fill('-0.5')
  await adjust.getByLabel('Reason').fill('Half an hour given back twice by mistake')
  await adjust.getByRole('button', { name: 'Save adjustment' }).click()
  await expect(balance).toHaveText('12.5 hours left')

  // The series' second session and those after it move to 5 PM; the first stays at 4 PM.
  const next = page.getByRole('list', { name: 'Next sessions' }).getByRole('listitem')
  await expect(next).toHaveCount(4)
  await next.nth(1).getByRole('button', { name: 'Reschedule' }).click()
  const move = page.getByRole('dialog', { name: 'Reschedule the session' })
  await move.getByLabel('Start time').fill('17:00')
  await move.getByLabel('This and the following sessions').check()
  await expectAccessible(page)
  await move.getByRole('button', { name: 'Save changes' }).click()
  await expect(move).toBeHidden()
  await expect(next.filter({ hasText: /5:00 PM – 6:00 PM/ })).toHaveCount(3)
  await expect(next.first()).toContainText(/4:00 PM – 5:00 PM/)

  // Another educator at the first session's time: the student clash is a warning to confirm.
  await page.getByRole('button', { name: 'Schedule a session' }).click()
  const dialog = page.getByRole('dialog', { name: 'Schedule a session' })
  await dialog.getByLabel('Educator').selectOption({ label: coach.name })
  await dialog.getByLabel('Date').fill(dayFromToday(7))
  await dialog.getByLabel('Start time').fill('16:00')
  await dialog.getByLabel('Meeting link').fill('https://zoom.example.com/essays')
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click()
  await expect(dialog.getByText(`${student.name} already has a session with ${educator.name}`)).toBeVisible()
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Schedule anyway' }).click()
  await expect(dialog).toBeHidden()
  await expect(next).toHaveCount(5)

  // The record shows the next ten sessions; the later ones come on request.
  const later = await adminApi()
  for (let k = 0; k < 6; k++) await scheduleByApi(later, new Date(Date.now() + (40 + k) * 86_400_000))
  await later.dispose()
  await page.reload()
  await expect(next).toHaveCount(10)
  await page.getByRole('button', { name: 'Show later sessions' }).click()
  await expect(next).toHaveCount(11)
  await expect(page.getByRole('button', { name: 'Show later sessions' })).toHaveCount(0)
  await shot(page, 'sessions-record-later-390', { fullPage: true })
})
