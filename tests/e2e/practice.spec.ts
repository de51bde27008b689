import type { Locator, Page } from '@playwright/test'
import { formBody, keyOf, wrongOf } from '../helpers/practice-forms'
import { expect, test } from './support/fixtures'
import {
  addToTeam,
  adminApi,
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
 * Practice tests in the browser, at a phone's width: an educator assigns a form from the record;
 * the student answers the whole Reading and Writing section and a Math response on the answer
 * sheet, reloads half-way and finds every answer, loses the connection for one answer, submits,
 * and reads the score, the skills and the review; the student's guardian reads the results.
 */
let student: Person
let educator: Person
let guardian: Person
let formName: string

// The second test taps 50 answers and runs axe on three pages.
test.describe.configure({ mode: 'serial', timeout: 180_000 })

const PHONE = { width: 390, height: 844 }
const READING = 54
/** Questions 1-40 right, 41-50 wrong, 51-54 left blank: raw 40, the table's range 600-630. */
const RIGHT = 40
const WRONG = 10

test.beforeAll(async () => {
  const admin = await adminApi()
  const token = uniqueToken()
  student = await createPerson(admin, 'student', `Pia Practice ${token}`)
  educator = await createPerson(admin, 'educator', `Ezra Examiner ${token}`)
  await addToTeam(admin, student, educator)
  guardian = await createGuardian(admin, student, `Gail Guardian ${token}`, 'Mother')
  formName = `SAT Practice ${token}`
  const created = await admin.post('/api/v1/practice-tests', { data: formBody('SAT', null, formName) })
  expect(created.status(), await created.text()).toBe(201)
  await admin.dispose()
})

/**
 * axe at the phone's width (each axe run over a full answer sheet costs seconds), then no sideways
 * scrolling and a screenshot at 390 and 1280 px; back to the phone after.
 */
async function checkWidths(page: Page, name: string, expectAccessible: (page?: Page) => Promise<void>) {
  await expectAccessible(page)
  for (const width of [PHONE.width, 1280]) {
    await page.setViewportSize({ width, height: PHONE.height })
    await shot(page, `practice-${name}-${width}`, { fullPage: true })
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(scrollWidth, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(width)
  }
  await page.setViewportSize(PHONE)
}

/** A thumb's target: at least 44 x 44 px. */
async function expectTappable(control: Locator) {
  const box = await control.boundingBox()
  expect(box, `${control} is on screen`).not.toBeNull()
  expect.soft(box!.width, `${control} width`).toBeGreaterThanOrEqual(44)
  expect.soft(box!.height, `${control} height`).toBeGreaterThanOrEqual(44)
}

const question = (page: Page, number: number) =>
  page.getByRole('radiogroup', { name: `Question ${number}`, exact: true })
const saved = (page: Page) => expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible()
const readingAnswer = (number: number) =>
  number <= RIGHT
    ? keyOf('SAT', null, 'reading-writing', number)[0]!
    : wrongOf('SAT', null, 'reading-writing', number)

test('an educator assigns a practice test from the record, which adds its task', async ({
  newVisitor,
  expectAccessible,
}) => {
  const page = await visitAs(newVisitor, educator)
  await page.setViewportSize(PHONE)
  await page.goto(`/students/${student.uuid}`)
  await openRecordSection(page, 'Practice tests')
  const practice = section(page, 'Practice tests')
  await expect(practice).toContainText('No practice tests yet.')
  await practice.getByRole('button', { name: 'Assign a practice test' }).click()
  const dialog = page.getByRole('dialog', { name: 'Assign a practice test' })
  await dialog.getByRole('button', { name: 'Assign' }).click()
  await expect(dialog.getByText('Choose a form.')).toBeVisible()
  await dialog.getByLabel('Form').selectOption({ label: `${formName} (SAT)` })
  await dialog.getByLabel('Due date').fill('2030-05-01')
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Assign' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText(`the task “Take ${formName}” is on the plan`)).toBeVisible()
  await expect(practice.getByRole('listitem')).toContainText(['Assigned'])
  await expect(practice).toContainText('Due May 1, 2030')
  await expect(practice.getByRole('link', { name: `Enter answers: ${formName}` })).toBeVisible()
  await openRecordSection(page, 'Plan')
  await expect(section(page, 'Tasks')).toContainText(`Take ${formName}`)
  await expect(section(page, 'Tasks').getByRole('link', { name: 'Enter answers' })).toBeVisible()
})

test('a student answers a whole section on a phone, reloads, submits and reads the score, skills and review', async ({
  newVisitor,
  expectAccessible,
  consoleGuard,
}) => {
  // The answer saved while the browser is offline fails as a fetch first.
  consoleGuard.allow(/ERR_INTERNET_DISCONNECTED|Failed to fetch/)
  const page = await visitAs(newVisitor, student)
  await page.setViewportSize(PHONE)
  // The task on the dashboard opens the answer sheet itself.
  await page.goto('/dashboard')
  await section(page, 'To do next')
    .getByRole('link', { name: `Take ${formName}` })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: formName })).toBeVisible()
  await expect(page.getByText(`${READING} of ${READING} questions left`)).toBeVisible()
  // The timer, once started, also counts down in the bar that stays in view.
  await page.getByRole('button', { name: /^Start timer \(\d+ min\)$/ }).click()
  await expect(page.getByRole('timer')).toHaveText(/^\d+:\d{2}:\d{2} left$|^\d+:\d{2} left$/)
  await expect(page.getByText(/questions left · [\d:]+ left$/)).toBeVisible()

  const half = READING / 2
  for (let number = 1; number <= half; number += 1) {
    await question(page, number)
      .getByRole('radio', { name: readingAnswer(number), exact: true })
      .check()
  }
  await saved(page)
  for (const name of ['A', 'D', 'Blank'])
    await expectTappable(question(page, 1).getByRole('radio', { name, exact: true }))
  // What a thumb sees mid-section: the bar with the questions left and the save state in view.
  await shot(page, 'practice-sheet-scrolled-390')
  await checkWidths(page, 'sheet', expectAccessible)
  await page.reload()
  for (let number = 1; number <= half; number += 1) {
    await expect(
      question(page, number).getByRole('radio', { name: readingAnswer(number), exact: true }),
    ).toBeChecked()
  }
  await expect(page.getByText(`${READING - half} of ${READING} questions left`)).toBeVisible()
  // The timer kept counting through the reload.
  await expect(page.getByRole('timer')).toBeVisible()

  // Offline, the answer shows and waits; back online, it is saved.
  await page.context().setOffline(true)
  await question(page, half + 1)
    .getByRole('radio', { name: readingAnswer(half + 1), exact: true })
    .check()
  await expect(page.getByRole('status').filter({ hasText: 'Not saved, retrying' })).toBeVisible()
  await page.context().setOffline(false)
  await saved(page)

  for (let number = half + 2; number <= RIGHT + WRONG; number += 1) {
    await question(page, number)
      .getByRole('radio', { name: readingAnswer(number), exact: true })
      .check()
  }
  await expect(page.getByText(`${READING - RIGHT - WRONG} of ${READING} questions left`)).toBeVisible()

  // Math: a multiple-choice answer and a student-produced response typed as a decimal.
  await page.getByRole('button', { name: 'Next section: Math' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Math' })).toBeVisible()
  await question(page, 1).getByRole('radio', { name: 'A', exact: true }).check()
  const response = page.getByRole('textbox', { name: 'Question 4', exact: true })
  await expect(response).toHaveAttribute('inputmode', 'decimal')
  await expectTappable(response)
  await expectTappable(page.getByRole('button', { name: 'Type a fraction bar in question 4', exact: true }))
  await response.fill('3 1/2')
  await expect(page.getByText('Type a mixed number as a fraction: 7/2 for 3 1/2.')).toBeVisible()
  await response.fill('.75')
  await response.press('Enter')
  await saved(page)
  await expect(page.getByText('42 of 44 questions left')).toBeVisible()
  await shot(page, 'practice-sheet-math-390')

  await page.getByRole('button', { name: 'Submit the test' }).click()
  const confirm = page.getByRole('alertdialog', { name: `Submit “${formName}”?` })
  await expect(confirm).toContainText('46 questions are blank.')
  await confirm.getByRole('button', { name: 'Submit and score' }).click()

  // Raw 40 is the range 600-630 (615 to the nearest 10 in the history); Math raw 2 is 220.
  await expect(page.getByRole('heading', { level: 1, name: `${formName}: results` })).toBeVisible()
  await expect(page.getByTestId('practice-total')).toHaveText('840')
  // The results open at their top, where the score is, and the focus is there: not at the
  // scroll position of the sheet's submit button.
  await expect(page.getByTestId('practice-total')).toBeInViewport()
  await expect(page.locator(':focus')).toContainText(`${formName}: results`)
  const scores = section(page, 'Score')
  await expect(scores.getByRole('row', { name: /Reading and Writing/ })).toContainText('600–630')
  await expect(scores.getByRole('row', { name: /Math/ })).toContainText('220')
  await expect(section(page, 'Skills on this test').getByRole('row')).not.toHaveCount(0)
  const review = section(page, 'Review')
  await expect(review.locator('tr[data-result="right"]')).toHaveCount(RIGHT + 2)
  await review.getByRole('button', { name: 'Only misses' }).click()
  await expect(review.getByRole('button', { name: 'Only misses' })).toHaveAttribute('aria-pressed', 'true')
  await expect(review.locator('tr[data-result="right"]')).toHaveCount(0)
  await expect(review.locator('tr[data-result="wrong"]')).toHaveCount(WRONG)
  await expect(review.locator('tr[data-result="blank"]')).toHaveCount(READING - RIGHT - WRONG + 42)
  await checkWidths(page, 'results', expectAccessible)

  await page.getByRole('link', { name: 'My practice tests' }).click()
  const practice = section(page, 'Practice tests')
  await expect(practice).toContainText('Submitted')
  await expect(practice).toContainText('SAT total 840')
  await expect(
    section(page, 'Skills').getByRole('list', { name: 'Most missed skills' }).getByRole('listitem'),
  ).toHaveCount(3)
  await checkWidths(page, 'section', expectAccessible)
})

test('a guardian reads the results and the review from the record, with nothing to answer', async ({
  newVisitor,
}) => {
  const page = await visitAs(newVisitor, guardian)
  await page.setViewportSize(PHONE)
  await page.goto(`/students/${student.uuid}?section=practice`)
  const practice = section(page, 'Practice tests')
  await expect(practice.getByRole('link')).toHaveText(['See results'])
  await practice.getByRole('link', { name: `See results: ${formName}` }).click()
  await expect(page.getByTestId('practice-total')).toHaveText('840')
  await expect(section(page, 'Review').locator('tr[data-result="wrong"]')).toHaveCount(WRONG)
})
