import type { Page } from '@playwright/test'
import { todayIn } from '../../src/shared/tasks'
import { expect, logInByApi, test } from './support/fixtures'
import { addToTeam, adminApi, createPerson, openRecordSection, type Person, section } from './support/people'
import { ADMIN_EMAIL, adminPassword } from './support/state'

/**
 * The record's shape: an overview that fits a phone's first screen, then sections one tap away,
 * each at its own address. One student, made once, with scores, a task and a college.
 */
let student: Person
let educator: Person

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }

/** A day this many days from today, as the tests' server writes it. */
function dayFromToday(offset: number): string {
  const today = Date.parse(`${todayIn('America/New_York')}T00:00:00Z`)
  return new Date(today + offset * 86_400_000).toISOString().slice(0, 10)
}

test.beforeAll(async () => {
  const admin = await adminApi()
  student = await createPerson(admin, 'student', 'Noor Sections')
  educator = await createPerson(admin, 'educator', 'Ines Coach')
  await addToTeam(admin, student, educator)
  const record = `/api/v1/students/${student.uuid}`
  for (const [path, data] of [
    ['sat-scores', { date: '2025-03-08', english: 690, math: 690 }],
    // Practice, newer and higher: never the latest.
    ['sat-scores', { date: '2025-05-03', english: 750, math: 750, source: 'practice' }],
    ['tasks', { title: 'Send the official SAT scores', dueDate: dayFromToday(6) }],
    ['colleges', { name: 'Reed College', round: 'ED', deadline: dayFromToday(12) }],
  ] as const) {
    const response = await admin.post(`${record}/${path}`, { data })
    expect(response.status(), await response.text()).toBe(201)
  }
  const targets = await admin.put(`${record}/targets`, { data: { sat: 1450 } })
  expect(targets.ok(), await targets.text()).toBe(true)
  await admin.dispose()
})

async function expectNoSideScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }))
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
}

const SECTIONS = [
  ['Plan', 'plan', 'Tasks'],
  ['Sessions', 'sessions', 'Sessions'],
  ['Notes', 'notes', 'Session notes'],
  ['Documents', 'documents', 'Documents'],
  ['Family and team', 'family', 'Team'],
  ['History', 'history', 'History'],
  ['Scores', 'scores', 'SAT scores'],
] as const

test('the record opens on an overview that fits a phone, with each section one tap away at its own address', async ({
  page,
  expectAccessible,
}) => {
  test.setTimeout(90_000)
  await logInByApi(page.request, ADMIN_EMAIL, adminPassword())
  await page.setViewportSize(PHONE)
  await page.goto(`/students/${student.uuid}`)

  const overview = section(page, `${student.name} at a glance`)
  await expect(overview).toContainText('1380 · Target 1450 · 70 to go')
  await expect(overview).toContainText('No official ACT yet')
  await expect(overview).toContainText('Reed College · Early Decision')
  await expect(overview).toContainText('Send the official SAT scores')
  await expect(overview.getByRole('link', { name: educator.name })).toBeVisible()
  const box = (await overview.boundingBox())!
  expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height)
  const bar = page.getByRole('navigation', { name: 'Record sections' })
  await expect(bar.getByRole('link', { name: 'Scores' })).toHaveAttribute('aria-current', 'page')
  await expectNoSideScroll(page)
  await expectAccessible(page)

  // Far down the page the bar is still on screen: one tap, from anywhere.
  await page.mouse.wheel(0, 4000)
  await expect(bar).toBeInViewport()
  for (const [label, id, heading] of SECTIONS) {
    await openRecordSection(page, label)
    await expect(page).toHaveURL(new RegExp(`\\?section=${id}$`))
    await expect(section(page, heading)).toBeVisible()
    // Only the chosen section renders.
    await expect(section(page, 'SAT scores')).toHaveCount(id === 'scores' ? 1 : 0)
    await expectNoSideScroll(page)
  }

  // The address keeps the section through a reload; an unknown one shows the first.
  await page.goto(`/students/${student.uuid}?section=plan`)
  await page.reload()
  await expect(section(page, 'Colleges').getByText('Reed College', { exact: true })).toBeVisible()
  await expect(bar.getByRole('link', { name: 'Plan' })).toHaveAttribute('aria-current', 'page')
  await expectAccessible(page)
  await page.goto(`/students/${student.uuid}?section=grades`)
  await expect(section(page, 'SAT scores')).toBeVisible()
  await expect(bar.getByRole('link', { name: 'Scores' })).toHaveAttribute('aria-current', 'page')

  await page.setViewportSize(DESKTOP)
  await page.goto(`/students/${student.uuid}?section=family`)
  await expect(section(page, 'Family')).toBeVisible()
  await expectNoSideScroll(page)
  await expectAccessible(page)
})
