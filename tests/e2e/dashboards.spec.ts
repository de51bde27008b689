import type { Page } from '@playwright/test'
import { todayIn } from '../../src/shared/tasks'
import { expect, logInByApi, test } from './support/fixtures'
import {
  addNote,
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

/** Each role's dashboard shows its week from real data, at phone and desktop width. */
let student: Person
let educator: Person
let fao: Person
let guardian: Person
const token = uniqueToken()
const TASK = `Send the essay draft ${token}`
const COLLEGE = `Bard College ${token}`

/** A calendar date `days` from today where these people live (the default zone, America/New_York). */
const dayFromToday = (days: number) =>
  new Date(Date.parse(`${todayIn('America/New_York')}T00:00:00Z`) + days * 86_400_000)
    .toISOString()
    .slice(0, 10)

test.describe.configure({ timeout: 120_000 })

test.beforeAll(async () => {
  const admin = await adminApi()
  student = await createPerson(admin, 'student', `Dana Dash ${token}`)
  educator = await createPerson(admin, 'educator', `Eli Week ${token}`)
  fao = await createPerson(admin, 'fao', `Fay Figures ${token}`)
  await addToTeam(admin, student, educator)
  await addToTeam(admin, student, fao)
  await admin.dispose()
  const coach = await apiAs(educator)
  const record = `/api/v1/students/${student.uuid}`
  for (const [path, data] of [
    ['tasks', { title: TASK, dueDate: dayFromToday(-2) }],
    ['colleges', { name: COLLEGE, round: 'EA', deadline: dayFromToday(5), status: 'applying' }],
    ['sat-scores', { date: '2025-03-08', english: 600, math: 650 }],
  ] as const) {
    const response = await coach.post(`${record}/${path}`, { data })
    expect(response.status(), await response.text()).toBe(201)
  }
  await addNote(coach, student, { date: dayFromToday(0), visibility: 'shared', body: `Timed sets ${token}` })
  guardian = await createGuardian(coach, student, `Gia Home ${token}`, 'Mother')
  await coach.dispose()
})

/** At 390 and 1280 px: no serious axe finding, nothing scrolls sideways, and a screenshot to look at. */
async function atBothWidths(page: Page, name: string, expectAccessible: (page: Page) => Promise<void>) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await expectAccessible(page)
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(scrollWidth, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(width)
    await shot(page, `${name}-${width}`, { fullPage: true })
  }
}

test('each role’s dashboard shows its week', async ({ newVisitor, expectAccessible }) => {
  // The student: their overdue task first, their deadline, and the way into the record.
  const own = await visitAs(newVisitor, student)
  await own.goto('/dashboard')
  const next = section(own, 'To do next')
  await expect(next.getByRole('listitem').first()).toContainText(TASK)
  await expect(next.getByRole('listitem').first()).toContainText('Overdue')
  await expect(section(own, 'Next college deadlines')).toContainText(COLLEGE)
  await expect(section(own, 'Your record').getByRole('link', { name: 'Scores' })).toHaveAttribute(
    'href',
    `/students/${student.uuid}?section=scores`,
  )
  await atBothWidths(own, 'dashboard-student', expectAccessible)

  // The educator: the overdue task, the deadline, this week's note and the student's latest official SAT.
  const coach = await visitAs(newVisitor, educator)
  await coach.goto('/dashboard')
  await expect(section(coach, 'Overdue tasks')).toContainText(TASK)
  await expect(section(coach, 'Deadlines in the next 14 days')).toContainText(COLLEGE)
  await expect(section(coach, 'Notes this week')).toContainText(`Timed sets ${token}`)
  await expect(
    section(coach, 'My students').getByRole('row', { name: new RegExp(student.name) }),
  ).toContainText('1250')
  await atBothWidths(coach, 'dashboard-educator', expectAccessible)

  // The FAO: the entry without aid figures, and no scores.
  const aid = await visitAs(newVisitor, fao)
  await aid.goto('/dashboard')
  await expect(section(aid, 'Aid figures missing (1)')).toContainText(COLLEGE)
  await expect(aid.getByRole('main')).not.toContainText('1250')
  await atBothWidths(aid, 'dashboard-fao', expectAccessible)

  // The guardian: the child's next task, next deadline, latest score and the shared note.
  const home = await visitAs(newVisitor, guardian)
  await home.goto('/dashboard')
  const card = home.getByRole('article', { name: student.name })
  for (const text of [TASK, COLLEGE, '1250', `Timed sets ${token}`]) await expect(card).toContainText(text)
  await atBothWidths(home, 'dashboard-guardian', expectAccessible)

  // The admin: counts linking to where each is handled, on the dashboard and on /admin.
  const { page } = await newVisitor()
  await logInByApi(page.request, ADMIN_EMAIL, adminPassword())
  await page.goto('/dashboard')
  const counts = page.getByRole('list', { name: 'The week at a glance' })
  await expect(counts.getByRole('link', { name: /Open inquiries$/ })).toHaveAttribute(
    'href',
    '/admin/inquiries',
  )
  await expect(counts.getByRole('link', { name: /Deadlines this week$/ })).not.toHaveText(/^0/)
  await expect(page.getByRole('region', { name: 'Your account' })).toHaveCount(0)
  await atBothWidths(page, 'dashboard-admin', expectAccessible)
  await page.goto('/admin')
  await expect(counts.getByRole('link', { name: /Active students$/ })).toHaveAttribute(
    'href',
    '/admin/students',
  )
  await atBothWidths(page, 'admin-overview', expectAccessible)
})
