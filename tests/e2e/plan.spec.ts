import type { Page } from '@playwright/test'
import { todayIn } from '../../src/shared/tasks'
import { expect, test } from './support/fixtures'
import { addToTeam, adminApi, apiAs, createPerson, type Person, section, visitAs } from './support/people'
import { shot } from './support/shots'

/** The coaching plan in the browser: tasks, the college list with aid figures, the dashboards, settings. */
let student: Person
let educator: Person
let fao: Person

test.describe.configure({ mode: 'serial', timeout: 90_000 })

/** A calendar date `days` from today where these people live (the default zone, America/New_York). */
const dayFromToday = (days: number) =>
  new Date(Date.parse(`${todayIn('America/New_York')}T00:00:00Z`) + days * 86_400_000)
    .toISOString()
    .slice(0, 10)

test.beforeAll(async () => {
  const admin = await adminApi()
  const stamp = Date.now().toString(36)
  student = await createPerson(admin, 'student', `Paz Planner ${stamp}`)
  educator = await createPerson(admin, 'educator', `Ode Organizer ${stamp}`)
  fao = await createPerson(admin, 'fao', `Fin Aidwell ${stamp}`)
  await addToTeam(admin, student, educator)
  await addToTeam(admin, student, fao)
  await admin.dispose()
})

/** The page at phone and desktop width, checked for sideways scrolling, then back. */
async function shoot(page: Page, name: string) {
  const size = page.viewportSize()
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await shot(page, `${name}-${width}`, { fullPage: true })
    const widest = await page.evaluate(() => {
      const wide = [...document.querySelectorAll('main *')].filter(
        (element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1,
      )
      return {
        scrollWidth: document.documentElement.scrollWidth,
        first: wide.slice(-3).map((e) => e.outerHTML.slice(0, 120)),
      }
    })
    expect(
      widest.scrollWidth,
      `${name} scrolls sideways at ${width} px: ${widest.first.join(' | ')}`,
    ).toBeLessThanOrEqual(width)
  }
  if (size) await page.setViewportSize(size)
}

test('an educator adds tasks and colleges to a student’s plan', async ({ newVisitor, expectAccessible }) => {
  const page = await visitAs(newVisitor, educator)
  await page.goto(`/students/${student.uuid}?section=plan`)
  const tasks = section(page, 'Tasks')
  await expect(tasks).toContainText('No tasks yet.')

  await tasks.getByRole('button', { name: 'Add task' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add task' })
  await dialog.getByRole('button', { name: 'Add task' }).click()
  await expect(dialog.getByText('This field is required.')).toBeVisible()
  await dialog.getByLabel('Title').fill('Draft the Common App essay')
  await dialog.getByLabel('Due date').fill(dayFromToday(3))
  await dialog.getByLabel('Details').fill('Aim for **650 words**; start from the summer camp story.')
  await expect(dialog.getByLabel('Assigned to')).toHaveValue(student.uuid)
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Add task' }).click()
  await expect(dialog).toBeHidden()
  await expect(tasks.getByText('Draft the Common App essay')).toBeVisible()
  await expect(tasks.locator('strong', { hasText: '650 words' })).toBeVisible()

  // An overdue task, as a past due date arrives through the API.
  const api = await apiAs(educator)
  const late = await api.post(`/api/v1/students/${student.uuid}/tasks`, {
    data: { title: 'Register for the June SAT', dueDate: dayFromToday(-5) },
  })
  expect(late.status()).toBe(201)
  await api.dispose()
  await page.reload()
  const overdueItem = tasks.getByRole('listitem').filter({ hasText: 'Register for the June SAT' })
  await expect(overdueItem.getByText('Overdue', { exact: true })).toBeVisible()
  // Open tasks by due date: the overdue one first.
  await expect(tasks.getByRole('list', { name: 'To do' }).getByRole('listitem').first()).toContainText(
    'Register for the June SAT',
  )

  const colleges = section(page, 'Colleges')
  await colleges.getByRole('button', { name: 'Add college' }).click()
  const add = page.getByRole('dialog', { name: 'Add college' })
  await add.getByLabel('College').fill('Reed College')
  await add.getByLabel('Round').selectOption({ label: 'Early Decision' })
  await add.getByLabel('Deadline').fill(dayFromToday(10))
  await add.getByRole('button', { name: 'Add college' }).click()
  await expect(add).toBeHidden()
  await colleges.getByRole('button', { name: 'Add college' }).click()
  await add.getByLabel('College').fill('Oberlin College')
  await add.getByLabel('Deadline').fill(dayFromToday(40))
  await add.getByRole('button', { name: 'Add college' }).click()
  await expect(add).toBeHidden()
  const reed = colleges.getByRole('row').filter({ hasText: 'Reed College' })
  await expect(reed).toContainText('10 days left')
  await expect(reed).toContainText('Early Decision')
  await reed.getByLabel('Status of Reed College').selectOption('applying')
  await expect(page.getByRole('status').filter({ hasText: 'Reed College: Applying' })).toBeVisible()
  // The overview above the sections names the nearest deadline.
  await expect(section(page, `${student.name} at a glance`)).toContainText('Reed College · Early Decision')
  // No aid figures yet: no comparison, and an educator cannot enter them.
  await expect(colleges.getByRole('heading', { name: 'Net cost, cheapest first' })).toHaveCount(0)
  await expect(colleges.getByRole('button', { name: /^Aid figures/ })).toHaveCount(0)
  await expectAccessible(page)
})

test('the student ticks a task done and sees it move to Done', async ({ newVisitor, expectAccessible }) => {
  const page = await visitAs(newVisitor, student)
  await page.goto('/dashboard')
  const mine = section(page, 'To do next')
  await expect(mine.getByRole('listitem').first()).toContainText('Register for the June SAT')
  await expect(mine.getByText('Overdue', { exact: true })).toBeVisible()
  await expect(mine).toContainText('Draft the Common App essay')

  // The plan is one tap away, on the record.
  await mine.getByRole('link', { name: 'All tasks and colleges on your plan' }).click()
  const tasks = section(page, 'Tasks')
  await tasks.getByRole('checkbox', { name: 'Done: Draft the Common App essay' }).check()
  await expect(
    page.getByRole('status').filter({ hasText: '“Draft the Common App essay” is done' }),
  ).toBeVisible()
  await expect(tasks.getByRole('list', { name: 'Done' })).toContainText('Draft the Common App essay')
  await expect(tasks.getByRole('list', { name: 'To do' })).not.toContainText('Draft the Common App essay')
  // A task staff made is not the student's to edit, but theirs to tick.
  await expect(tasks.getByRole('button', { name: /^Edit the task/ })).toHaveCount(0)
  await expectAccessible(page)
  await page.goto('/dashboard')
  await expect(mine.getByRole('listitem').first()).toContainText('Register for the June SAT')
  await expect(mine).not.toContainText('Draft the Common App essay')
  await shoot(page, 'plan-student-dashboard')
})

test('an FAO enters aid figures and the net-cost comparison appears', async ({
  newVisitor,
  expectAccessible,
}) => {
  const page = await visitAs(newVisitor, fao)
  await page.goto(`/students/${student.uuid}?section=plan`)
  const colleges = section(page, 'Colleges')
  await expect(colleges.getByRole('button', { name: 'Add college' })).toHaveCount(0)
  await expect(colleges.getByLabel('Status of Reed College')).toHaveCount(0)
  for (const [name, cost, aid] of [
    ['Reed College', '82,000', '61000'],
    ['Oberlin College', '$79,500', '48000'],
  ] as const) {
    await colleges.getByRole('button', { name: `Aid figures for ${name}` }).click()
    const dialog = page.getByRole('dialog', { name: `Aid figures: ${name}` })
    await dialog.getByLabel('Cost of attendance per year (US dollars)').fill(cost)
    await dialog.getByLabel('Aid offered per year (US dollars)').fill(aid)
    await dialog.getByRole('button', { name: 'Save aid figures' }).click()
    await expect(dialog).toBeHidden()
  }
  const comparison = colleges.getByRole('list', { name: 'Net cost, cheapest first' })
  await expect(comparison.getByRole('listitem')).toHaveCount(2)
  await expect(comparison.getByRole('listitem').first()).toContainText('Reed College')
  await expect(comparison.getByRole('listitem').first()).toContainText('$21,000')
  await expect(comparison.getByRole('listitem').nth(1)).toContainText('$31,500')
  // The FAO's own tasks list on the record: read only.
  await expect(section(page, 'Tasks').getByRole('button', { name: 'Add task' })).toHaveCount(0)
  await expectAccessible(page)
  await shoot(page, 'plan-record-fao')
})

test("staff see their students' overdue tasks; settings hold reminders, time zone and the calendar feed", async ({
  newVisitor,
  expectAccessible,
}) => {
  const page = await visitAs(newVisitor, educator)
  await page.goto('/dashboard')
  const theirs = section(page, 'Overdue tasks')
  await expect(theirs.getByRole('listitem').filter({ hasText: 'Register for the June SAT' })).toContainText(
    'Overdue',
  )
  await expect(theirs).not.toContainText('Draft the Common App essay')
  await expectAccessible(page)

  await page.goto('/settings')
  const plan = section(page, 'Tasks and calendar')
  // A person reaches the list first (the zones' offsets are worked out once someone uses the page).
  await plan.getByLabel('Or choose from the list').focus()
  await plan.getByLabel('Or choose from the list').selectOption('America/Los_Angeles')
  await expect(page.getByRole('status').filter({ hasText: 'Time zone: Los Angeles (UTC' })).toBeVisible()
  await plan.getByRole('checkbox', { name: 'Email me about tasks given to me' }).uncheck()
  await expect(page.getByRole('status').filter({ hasText: 'No more task emails' })).toBeVisible()
  const sessionReminders = plan.getByRole('checkbox', { name: 'Email me before each tutoring session' })
  await expect(sessionReminders).toBeChecked()
  await sessionReminders.uncheck()
  await expect(page.getByRole('status').filter({ hasText: 'No more session reminder emails' })).toBeVisible()
  expect((await (await page.request.get('/api/v1/users/me')).json()).emailSessionReminders).toBe(false)
  await plan.getByRole('button', { name: 'Turn on the calendar feed' }).click()
  const link = plan.getByRole('textbox')
  await expect(link).toHaveValue(/\/api\/v1\/calendar\/[A-Za-z0-9_-]+\.ics$/)
  const feed = await page.request.get(new URL(await link.inputValue()).pathname)
  expect(feed.status()).toBe(200)
  expect(await feed.text()).toContain('Register for the June SAT')
  await expectAccessible(page)
  await shoot(page, 'plan-settings')
  await plan.getByRole('button', { name: 'Turn off' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Turn off' }).click()
  await expect(plan.getByRole('button', { name: 'Turn on the calendar feed' })).toBeVisible()
})
