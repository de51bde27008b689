import type { Locator } from '@playwright/test'
import { expect, logInByApi, test } from './support/fixtures'
import { addToTeam, adminApi, apiAs, createPerson, type Person, section, visitAs } from './support/people'
import { shot } from './support/shots'
import { ADMIN_EMAIL, adminPassword } from './support/state'

/** Scores you can trust in the browser: sources, an edit, the duplicate question, a target. */
let student: Person
let educator: Person

test.describe.configure({ mode: 'serial', timeout: 90_000 })

test.beforeAll(async () => {
  const admin = await adminApi()
  const stamp = Date.now().toString(36)
  student = await createPerson(admin, 'student', `Sky Scorer ${stamp}`)
  educator = await createPerson(admin, 'educator', `Tal Tutor ${stamp}`)
  await addToTeam(admin, student, educator)
  await admin.dispose()
})

test('an educator records an official and a practice test, fixes a typo, and sets a target', async ({
  newVisitor,
  expectAccessible,
}) => {
  const page = await visitAs(newVisitor, educator)
  await page.goto(`/students/${student.uuid}`)
  const sat = section(page, 'SAT scores')
  const add = page.getByRole('dialog', { name: 'Add SAT score' })

  await sat.getByRole('button', { name: 'Add SAT score' }).click()
  await add.getByLabel('Test date').fill('2025-03-08')
  await add.getByRole('textbox', { name: 'Reading and Writing' }).fill('600')
  await add.getByRole('textbox', { name: 'Math' }).fill('650')
  await expect(add.getByLabel('Source')).toHaveValue('official')
  await add.getByRole('button', { name: 'Save score' }).click()
  await expect(add).toBeHidden()

  await sat.getByRole('button', { name: 'Add SAT score' }).click()
  await add.getByLabel('Test date').fill('2025-04-12')
  await add.getByRole('textbox', { name: 'Reading and Writing' }).fill('720')
  await add.getByRole('textbox', { name: 'Math' }).fill('700')
  await add.getByLabel('Source').selectOption('practice')
  await add.getByLabel('Note').fill('Bluebook test 4')
  await expectAccessible(page)
  await add.getByRole('button', { name: 'Save score' }).click()
  await expect(add).toBeHidden()
  // The practice test does not lift the superscore; the page says what it would be with it.
  await expect(sat.getByText('SAT superscore 1250')).toBeVisible()
  await expect(sat.getByText('Counting practice and diagnostic tests too: 1420.')).toBeVisible()
  await expect(sat.getByRole('row', { name: /Apr 12, 2025/ })).toContainText('PracticeBluebook test 4')

  // The same score on the same day asks first.
  await sat.getByRole('button', { name: 'Add SAT score' }).click()
  await add.getByLabel('Test date').fill('2025-03-08')
  await add.getByRole('textbox', { name: 'Reading and Writing' }).fill('600')
  await add.getByRole('textbox', { name: 'Math' }).fill('650')
  await add.getByRole('button', { name: 'Save score' }).click()
  await expect(add.getByText('This score is already recorded. Add it again?')).toBeVisible()
  // Not this time: close the dialog, and discard what was typed.
  page.once('dialog', (question) => void question.accept())
  await page.keyboard.press('Escape')
  await expect(add).toBeHidden()
  await expect(sat.getByRole('row')).toHaveCount(3)

  // A typo is fixed in place.
  await sat.getByRole('button', { name: 'Edit SAT score of Mar 8, 2025' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit SAT score' })
  await expect(edit.getByRole('textbox', { name: 'Math' })).toHaveValue('650')
  await edit.getByRole('textbox', { name: 'Math' }).fill('660')
  await edit.getByRole('button', { name: 'Save score' }).click()
  await expect(edit).toBeHidden()
  await expect(sat.getByText('SAT superscore 1260')).toBeVisible()

  await sat.getByRole('button', { name: 'Set SAT target' }).click()
  await sat.getByLabel('SAT target total').fill('1400')
  await sat.getByRole('button', { name: 'Save target' }).click()
  await expect(sat.getByText('Target 1400: 140 points to go')).toBeVisible()
  // The chart draws the target and tells official from practice tests by shape, and says so.
  const chart = sat.getByRole('figure', { name: 'SAT score chart' })
  await expect(chart).toContainText('dashed red line: target 1400')
  await expect(chart).toContainText('practice or diagnostic test')
  await expect(chart.locator('[data-part="target"]')).toHaveCount(1)
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await expectOwnScales(chart)
    await expectAccessible(page)
    await shot(sat, `section-sat-target-${width}`)
  }

  // Exact values from the keyboard: one Tab stop per plot, the arrow keys move between tests.
  const total = chart.locator('[data-scale="total"]')
  await total.getByRole('img', { name: 'Mar 8, 2025: Total 1260, official' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(total.getByRole('img', { name: 'Apr 12, 2025: Total 1420, practice' })).toBeFocused()
  await expect(
    chart.getByRole('img', { name: 'Apr 12, 2025: Reading and Writing 720, Math 700, practice' }),
  ).toHaveCount(1)
  await expectAccessible(page)
  await shot(sat, 'section-sat-focus-1280')
})

/**
 * Reads the drawn SAT chart: the total (with the target line) and the sections are two plots,
 * each with its own axis, and every marker's height reads back, on its own plot's axis, as the
 * value it stands for (total 1260 and 1420; sections 600, 660, 720 and 700).
 */
async function expectOwnScales(chart: Locator) {
  const total = chart.locator('[data-scale="total"]')
  const sections = chart.locator('[data-scale="sections"]')
  const yTicks = '[data-part="y-axis"] [data-part="tick"] text'
  await expect(total.locator(yTicks)).toHaveText(['400', '800', '1200', '1600'])
  await expect(sections.locator(yTicks)).toHaveText(['200', '400', '600', '800'])
  // One y axis per plot: no second scale shares either one.
  await expect(chart.locator('[data-part="y-axis"]')).toHaveCount(2)
  // The target line is on the total's plot; each plot draws only its own series.
  await expect(total.locator('[data-part="target"]')).toHaveCount(1)
  await expect(sections.locator('[data-part="target"]')).toHaveCount(0)
  await expect(total.locator('[data-part="line"]')).toHaveCount(1)
  await expect(sections.locator('[data-part="line"]')).toHaveCount(2)
  await expect(sections.locator('[data-part="legend-item"]')).toHaveText(['Reading and Writing', 'Math'])
  // Both dates are written on the time axis, as the product writes dates.
  await expect(total.locator('[data-part="x-axis"] text')).toHaveText(['Mar 8, 2025', 'Apr 12, 2025'])
  expect(await markerValues(total)).toEqual([1260, 1420])
  expect(await markerValues(sections)).toEqual([600, 660, 700, 720])
}

/** Each marker's value read back through its plot's own axis (ticks' positions), sorted. */
async function markerValues(plot: Locator): Promise<number[]> {
  return plot.evaluate((element) => {
    const ticks = [...element.querySelectorAll('[data-part="y-axis"] [data-part="tick"]')].map((tick) => ({
      value: Number(tick.querySelector('text')!.textContent),
      y: Number(tick.querySelector('line')!.getAttribute('y1')),
    }))
    const low = ticks[0]!
    const high = ticks.at(-1)!
    const valueAt = (y: number) => low.value + ((y - low.y) / (high.y - low.y)) * (high.value - low.value)
    const centers = [...element.querySelectorAll('[data-part="marker"]')].map((marker) =>
      marker.tagName === 'circle'
        ? Number(marker.getAttribute('cy'))
        : Number(marker.getAttribute('y')) + Number(marker.getAttribute('height')) / 2,
    )
    // To the nearest 10, the SAT's step: a pixel is several points on a small plot.
    return centers.map((y) => Math.round(valueAt(y) / 10) * 10).sort((a, b) => a - b)
  })
}

test('the student edits only the scores they added', async ({ newVisitor }) => {
  const api = await apiAs(student)
  const mine = await api.post(`/api/v1/students/${student.uuid}/sat-scores`, {
    data: { date: '2025-06-07', english: 680, math: 690, source: 'official' },
  })
  expect(mine.status()).toBe(201)
  await api.dispose()
  const page = await visitAs(newVisitor, student)
  await page.goto(`/students/${student.uuid}`)
  const sat = section(page, 'SAT scores')
  await expect(sat.getByRole('button', { name: 'Edit SAT score of Jun 7, 2025' })).toBeVisible()
  await expect(sat.getByRole('button', { name: 'Edit SAT score of Mar 8, 2025' })).toHaveCount(0)
  await expect(sat.getByRole('row', { name: /Mar 8, 2025/ })).toContainText(`Added by ${educator.name}`)
  await expect(sat.getByText('Target 1400: 30 points to go')).toBeVisible()
})

test('an enhanced ACT without Science, and progress since the diagnostic on the record and the overview', async ({
  newVisitor,
  expectAccessible,
}) => {
  const page = await visitAs(newVisitor, educator)
  await page.goto(`/students/${student.uuid}`)
  const actSection = section(page, 'ACT scores')
  const add = page.getByRole('dialog', { name: 'Add ACT score' })
  const addAct = async (date: string, values: string[], source: string) => {
    await actSection.getByRole('button', { name: 'Add ACT score' }).click()
    await add.getByLabel('Test date').fill(date)
    for (const [index, name] of ['English', 'Math', 'Reading', 'Science'].entries()) {
      await add.getByRole('textbox', { name, exact: true }).fill(values[index] ?? '')
    }
    await add.getByLabel('Source').selectOption(source)
    await add.getByRole('button', { name: 'Save score' }).click()
  }

  // Before the enhanced ACT, Science is still needed; the field says why it may be empty later.
  await addAct('2025-06-14', ['24', '26', '25'], 'diagnostic')
  await expect(add.getByText('Science is required for tests before 2025-09-01.')).toBeVisible()
  await expect(add.getByText(/Optional for tests from Sep 1, 2025/)).toBeVisible()
  await add.getByRole('textbox', { name: 'Science', exact: true }).fill('23')
  await add.getByRole('button', { name: 'Save score' }).click()
  await expect(add).toBeHidden()

  await addAct('2025-10-25', ['30', '28', '31'], 'official')
  await expect(add).toBeHidden()
  await expect(actSection.getByRole('row', { name: /Oct 25, 2025/ })).toContainText('not recorded')
  await expect(actSection.getByText('ACT superscore 30')).toBeVisible()
  await expect(
    actSection.getByText(
      'Up 5 points since the diagnostic of Jun 14, 2025: composite 25 then, 30 on the official test of Oct 25, 2025.',
    ),
  ).toBeVisible()
  await expectAccessible(page)
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await shot(actSection, `section-act-enhanced-${width}`)
  }

  // The admin overview quotes the median gain with the number of students behind it.
  const admin = await newVisitor()
  await logInByApi(admin.context.request, ADMIN_EMAIL, adminPassword())
  await admin.page.goto('/admin')
  const progress = section(admin.page, 'Score progress')
  await expect(progress.getByText('Median ACT gain')).toBeVisible()
  await expect(progress).toContainText(/across \d+ students?/)
  await expectAccessible(admin.page)
  for (const width of [390, 1280]) {
    await admin.page.setViewportSize({ width, height: 900 })
    await shot(progress, `admin-progress-${width}`)
  }
})
