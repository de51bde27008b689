import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/fixtures'
import {
  addNote,
  addToTeam,
  adminApi,
  apiAs,
  createPerson,
  openRecordSection,
  type Person,
  section,
  visitAs,
} from './support/people'
import { shot } from './support/shots'

let student: Person
let educator: Person

const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }
const shotAtWidth = (page: Page, name: string) =>
  shot(page, `${name}-${page.viewportSize()?.width}`, { fullPage: true })

test.describe.configure({ timeout: 90_000 })

test.beforeAll(async () => {
  const admin = await adminApi()
  student = await createPerson(admin, 'student', 'Tala Student')
  educator = await createPerson(admin, 'educator', 'Omar Educator')
  await addToTeam(admin, student, educator)
  await admin.dispose()
  const api = await apiAs(educator)
  const records = `/api/v1/students/${student.uuid}`
  for (const [path, data] of [
    ['tasks', { title: 'Finish the Common App essay' }],
    ['documents', { name: 'Essay draft', url: 'https://docs.example.com/tala-essay' }],
    [
      'guardian-invites',
      { email: `tala.parent.${Date.now().toString(36)}@crestline.test`, relationship: 'Mother' },
    ],
  ] as const) {
    const response = await api.post(`${records}/${path}`, { data })
    expect(response.status(), await response.text()).toBe(201)
  }
  await addNote(api, student, { date: '2025-10-01', visibility: 'shared', body: 'Worked on pacing.' })
  await api.dispose()
})

/** The element's box, or the box of the label that wraps it when that label is larger (its hit area). */
async function touchArea(control: Locator) {
  const own = await control.boundingBox()
  const label = control.locator('xpath=ancestor::label[1]')
  const wrapped = (await label.count()) > 0 ? await label.boundingBox() : null
  const box = wrapped && own && wrapped.width * wrapped.height > own.width * own.height ? wrapped : own
  expect(box, 'the control is laid out').not.toBeNull()
  return box!
}

async function expectTappable(control: Locator) {
  await expect(control).toBeVisible()
  const box = await touchArea(control)
  expect.soft(box.width, `${control} width`).toBeGreaterThanOrEqual(44)
  expect.soft(box.height, `${control} height`).toBeGreaterThanOrEqual(44)
}

async function expectNoSideScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = document.scrollingElement!
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth }
  })
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth)
}

/** Delete sits apart: after every other action of its row, and not beside the one before it. */
async function expectApart(destructive: Locator, others: Locator[]) {
  const del = await destructive.boundingBox()
  for (const other of others) {
    const box = (await other.boundingBox())!
    const sameLine = Math.abs(box.y - del!.y) < 4
    if (sameLine) expect(del!.x - (box.x + box.width)).toBeGreaterThanOrEqual(24)
    else expect(del!.y).toBeGreaterThan(box.y)
  }
}

test("a record's tasks, documents and notes have 44 px touch targets at 390 px, Delete set apart", async ({
  newVisitor,
  expectAccessible,
}) => {
  const page = await visitAs(newVisitor, educator)
  await page.setViewportSize(PHONE)
  await page.goto(`/students/${student.uuid}?section=plan`)
  await expect(page.getByRole('heading', { level: 1, name: student.name })).toBeVisible()
  // The section bar scrolls within itself; the links visible on the first screen are full size.
  for (const link of await page
    .getByRole('navigation', { name: 'Record sections' })
    .getByRole('link')
    .all()) {
    const box = (await link.boundingBox())!
    if (box.x + box.width <= PHONE.width) await expectTappable(link)
  }

  const tasks = section(page, 'Tasks')
  const task = '“Finish the Common App essay”'
  await expectTappable(tasks.getByRole('checkbox', { name: 'Done: Finish the Common App essay' }))
  const taskEdit = tasks.getByRole('button', { name: `Edit the task ${task}` })
  const taskDelete = tasks.getByRole('button', { name: `Delete the task ${task}` })
  for (const control of [taskEdit, taskDelete]) await expectTappable(control)
  await expectApart(taskDelete, [taskEdit])

  await expectNoSideScroll(page)
  await openRecordSection(page, 'Documents')
  const documents = section(page, 'Documents')
  const docActions = ['Edit', 'Pin', 'Hide'].map((verb) =>
    documents.getByRole('button', { name: `${verb} 'Essay draft'` }),
  )
  const docDelete = documents.getByRole('button', { name: "Delete 'Essay draft'" })
  for (const control of [...docActions, docDelete]) await expectTappable(control)
  await expectTappable(documents.getByRole('link', { name: /^Essay draft/ }))
  await expectApart(docDelete, docActions)

  await openRecordSection(page, 'Notes')
  const notes = section(page, 'Session notes')
  const noteEdit = notes.getByRole('button', { name: 'Edit the note of Oct 1, 2025' })
  const noteDelete = notes.getByRole('button', { name: 'Delete the note of Oct 1, 2025' })
  for (const control of [noteEdit, noteDelete]) await expectTappable(control)
  await expectApart(noteDelete, [noteEdit])

  await openRecordSection(page, 'Family and team')
  const family = section(page, 'Family')
  for (const control of await family.getByRole('button').all()) await expectTappable(control)

  await expectNoSideScroll(page)
  await expectAccessible(page)
  await shotAtWidth(page, 'record-tap-targets')
  await page.setViewportSize(DESKTOP)
  await expectNoSideScroll(page)
  await shotAtWidth(page, 'record-tap-targets')
})

test('the settings checkboxes have 44 px touch targets at 390 px, and the Menu drawer keeps focus', async ({
  newVisitor,
  expectAccessible,
}) => {
  const page = await visitAs(newVisitor, student)
  await page.setViewportSize(PHONE)
  await page.goto('/settings')
  for (const name of [
    'Email me when a coach shares a session note',
    'Email me about tasks given to me',
    'Email me before each tutoring session',
  ]) {
    await expectTappable(page.getByRole('checkbox', { name }))
  }
  await expectNoSideScroll(page)
  await expectAccessible(page)
  await shotAtWidth(page, 'settings-tap-targets')

  // The phone's Menu drawer: accessible open, focus stays inside it (once round all its controls
  // and one more), and Escape hands focus back to the Menu button.
  await page.getByRole('button', { name: 'Menu' }).click()
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible()
  await expectAccessible(page)
  const stops = await page.locator('dialog[open]').locator('a[href], button').count()
  for (let step = 0; step <= stops; step++) await page.keyboard.press('Tab')
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('button', { name: 'Menu' })).toBeFocused()
})
