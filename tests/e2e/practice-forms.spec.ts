import type { APIRequestContext, Page } from '@playwright/test'
import { answersFor, formBody, formCsv } from '../helpers/practice-forms'
import { expect, logInByApi, test } from './support/fixtures'
import {
  addToTeam,
  adminApi,
  createPerson,
  type Person,
  section,
  uniqueToken,
  visitAs,
} from './support/people'
import { shot } from './support/shots'
import { ADMIN_EMAIL, adminPassword } from './support/state'

/**
 * Practice test forms and the caseload's skills in the browser: an admin imports a form from CSV
 * texts (a bad file's problem by row and column first), finds it listed, opens it in the editor
 * and a section of it, and sees a new form's problems on their fields; an educator reads the
 * skills their students miss from a submitted attempt.
 */
let educator: Person
let student: Person
let token: string

test.describe.configure({ mode: 'serial', timeout: 120_000 })

async function json<T>(response: Awaited<ReturnType<APIRequestContext['post']>>, status: number): Promise<T> {
  expect(response.status(), await response.text()).toBe(status)
  return (await response.json()) as T
}

test.beforeAll(async () => {
  const admin = await adminApi()
  token = uniqueToken()
  student = await createPerson(admin, 'student', `Pia Practice ${token}`)
  educator = await createPerson(admin, 'educator', `Esme Skills ${token}`)
  await addToTeam(admin, student, educator)
  // A submitted SAT attempt: Math 30 right and 10 wrong of 44, Reading and Writing 50 right.
  const form = await json<{ uuid: string }>(
    await admin.post('/api/v1/practice-tests', { data: formBody('SAT', null, `Seeded SAT ${token}`) }),
    201,
  )
  const base = `/api/v1/students/${student.uuid}/practice-attempts`
  const attempt = await json<{ uuid: string }>(await admin.post(base, { data: { formUUID: form.uuid } }), 201)
  const answers = [
    ...answersFor('SAT', null, 'reading-writing', 50, 4),
    ...answersFor('SAT', null, 'math', 30, 10),
  ]
  for (const chunk of [answers.slice(0, 54), answers.slice(54)]) {
    await json(await admin.put(`${base}/${attempt.uuid}/answers`, { data: { answers: chunk } }), 200)
  }
  await json(await admin.post(`${base}/${attempt.uuid}/submit`), 200)
  await admin.dispose()
})

/** The page at phone and desktop width: axe, no sideways scrolling, and a screenshot of each. */
async function checkWidths(
  page: Page,
  name: string,
  expectAccessible: (page?: Page) => Promise<void>,
  { fullPage = true } = {},
) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await expectAccessible(page)
    await shot(page, `practice-${name}-${width}`, { fullPage })
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(scrollWidth, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(width)
  }
  await page.setViewportSize({ width: 1280, height: 800 })
}

test("an admin imports a form from CSV texts: a bad file's problem by row and column, then it is listed", async ({
  newVisitor,
  expectAccessible,
}) => {
  const { context, page } = await newVisitor()
  await logInByApi(context.request, ADMIN_EMAIL, adminPassword())
  await page.goto('/admin')
  await page.getByRole('link', { name: 'Manage practice tests' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Practice tests' })).toBeVisible()

  const name = `Imported SAT ${token}`
  const good = formCsv(formBody('SAT', null, name))
  const lines = good.questionsCsv.split('\n')
  lines[7] = lines[7]!.replace(/,[^,]+$/, ',Rhetoric') // row 8: not a Reading and Writing skill
  const importing = section(page, 'Import from CSV files')
  await importing.getByRole('textbox', { name: 'Name' }).fill(name)
  await importing.getByRole('textbox', { name: 'or paste its text' }).first().fill(lines.join('\n'))
  await importing.getByRole('textbox', { name: 'or paste its text' }).last().fill(good.scaleCsv)
  await importing.getByRole('button', { name: 'Preview' }).click()
  const problems = importing.getByRole('table', { name: /problems of the two files/ })
  await expect(problems.getByRole('row')).toHaveCount(2)
  await expect(problems.getByRole('row').last()).toContainText(/Questions\s*8\s*skill/)
  await checkWidths(page, 'forms', expectAccessible)

  await importing.getByRole('textbox', { name: 'or paste its text' }).first().fill(good.questionsCsv)
  await importing.getByRole('button', { name: 'Preview' }).click()
  await expect(importing.getByRole('heading', { name: `Preview: ${name} is ready to save` })).toBeVisible()
  await importing.getByRole('button', { name: 'Save the form' }).click()

  // Saved, it opens in the editor, and the list has it.
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await page.getByRole('link', { name: 'All practice tests' }).click()
  const row = section(page, 'Forms').getByRole('row', { name: new RegExp(name) })
  await expect(row).toContainText('Reading and Writing 54 · Math 44')
})

test('an admin opens a form with attempts and edits it a section at a time', async ({
  newVisitor,
  expectAccessible,
}) => {
  const { context, page } = await newVisitor()
  await logInByApi(context.request, ADMIN_EMAIL, adminPassword())
  await page.goto('/admin/practice-tests')
  // A form with attempts offers no delete, which the server would only refuse.
  const row = section(page, 'Forms').getByRole('row', { name: new RegExp(`Seeded SAT ${token}`) })
  await expect(row).toContainText('Kept: it has attempts')
  await expect(row.getByRole('button', { name: /Delete/ })).toHaveCount(0)
  await row.getByRole('link', { name: `Seeded SAT ${token}` }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Seeded SAT ${token}` })).toBeVisible()
  await expect(page.getByText(/This form has 1 attempt\. Saving a change rescores/)).toBeVisible()
  const sections = page.getByRole('navigation', { name: 'Sections of the form' })
  await sections.getByRole('button', { name: 'Math' }).click()
  await expect(page.getByRole('heading', { name: 'Math: 44 questions' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Question 4: kind' })).toHaveValue('spr')
  await expect(page.getByRole('textbox', { name: 'Question 4: correct answer' })).toHaveValue('3/4')
  await checkWidths(page, 'editor', expectAccessible, { fullPage: false })
  await page.getByRole('button', { name: 'Score table' }).click()
  await expect(page.getByRole('textbox', { name: 'Raw 44: score or low end' })).toHaveValue('640')
})

test("a new form starts with the official rows, and the server's problems show on their fields", async ({
  newVisitor,
  consoleGuard,
}) => {
  // Saving the empty form is refused with its problems: the browser logs the 400.
  consoleGuard.allow(/status of 400/, /\/api\/v1\/practice-tests$/)
  const { context, page } = await newVisitor()
  await logInByApi(context.request, ADMIN_EMAIL, adminPassword())
  await page.goto('/admin/practice-tests/new')
  const sections = page.getByRole('navigation', { name: 'Sections of the form' })
  await expect(page.getByRole('heading', { name: 'Reading and Writing: 54 questions' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: /^Question \d+: skill$/ })).toHaveCount(54)
  await page.getByRole('button', { name: 'Save the form' }).click()
  await expect(page.getByRole('textbox', { name: 'Name' })).toBeFocused()
  await expect(page.getByText(/Nothing was saved: \d+ problems to fix/)).toBeVisible()
  await expect(sections.getByRole('button', { name: /^Math \(\d+ problems\)$/ })).toBeVisible()
  await shot(page, 'practice-new-form-1280')
})

test('an educator sees the skills their students miss, each with its students', async ({
  newVisitor,
  expectAccessible,
}) => {
  const page = await visitAs(newVisitor, educator)
  await page.goto('/dashboard')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Skills' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Skills' })).toBeVisible()
  const skills = section(page, 'Most missed skills')
  await expect(skills).toContainText('From 1 submitted practice test')
  const row = skills.getByRole('row').filter({ hasText: 'Advanced Math' })
  await expect(row.getByRole('link', { name: student.name })).toHaveAttribute(
    'href',
    `/students/${student.uuid}?section=practice`,
  )
  await checkWidths(page, 'skills', expectAccessible)
})
