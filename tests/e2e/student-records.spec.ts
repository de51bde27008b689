import { readFile } from 'node:fs/promises'
import type { Locator } from '@playwright/test'
import { expect, logInByApi, test } from './support/fixtures'
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
import { shot } from './support/shots'
import { ADMIN_EMAIL, adminPassword } from './support/state'

let student: Person
let educator: Person
let fao: Person
let spare: Person

// Serial: later tests build on the record the first one fills. Long user journeys: 90 s each.
test.describe.configure({ mode: 'serial', timeout: 90_000 })

test.beforeAll(async () => {
  const admin = await adminApi()
  student = await createPerson(admin, 'student', 'Rosa Student')
  educator = await createPerson(admin, 'educator', 'Ezra Educator')
  fao = await createPerson(admin, 'fao', 'Farah Aid')
  spare = await createPerson(admin, 'educator', 'Sol Spare')
  await addToTeam(admin, student, educator)
  await addToTeam(admin, student, fao)
  await admin.dispose()
})

test('an educator adds a score and documents; the student sees them, but not the hidden one', async ({
  newVisitor,
  expectAccessible,
}) => {
  const page = await visitAs(newVisitor, educator)
  await page.goto('/dashboard')
  const myStudents = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('group', { name: 'My Students' })
  await myStudents.getByRole('link', { name: student.name }).click()
  await expect(page).toHaveURL(new RegExp(`/students/${student.uuid}$`))
  await expect(page.getByRole('heading', { level: 1, name: student.name })).toBeVisible()
  await expect(page).toHaveTitle(`${student.name} | Crestline Prep`)
  // Scores is the record's first section; the overview above the sections names the team.
  for (const name of ['SAT scores', 'ACT scores']) {
    await expect(section(page, name).getByRole('heading', { level: 2, name })).toBeVisible()
  }
  await expect(section(page, 'SAT scores')).toContainText('No SAT scores yet.')
  const overview = section(page, `${student.name} at a glance`)
  await expect(overview.getByRole('link', { name: educator.name })).toBeVisible()
  await openRecordSection(page, 'Family and team')
  await expect(section(page, 'Team').getByRole('link', { name: educator.name })).toBeVisible()
  await expect(section(page, 'Team').getByText('FAO', { exact: true })).toBeVisible()
  // Only admins manage the team.
  await expect(page.getByRole('combobox', { name: 'Add a team member' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0)
  await openRecordSection(page, 'Scores')

  // The shared rules speak in the form before the server is asked.
  const sat = section(page, 'SAT scores')
  await sat.getByRole('button', { name: 'Add SAT score' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add SAT score' })
  await dialog.getByRole('button', { name: 'Save score' }).click()
  await expect(dialog.getByText('This field is required.')).toHaveCount(3)
  await dialog.getByLabel('Test date').fill('2025-03-08')
  await dialog.getByRole('textbox', { name: 'Reading and Writing' }).fill('655')
  await dialog.getByRole('textbox', { name: 'Math' }).fill('900')
  await dialog.getByRole('button', { name: 'Save score' }).click()
  await expect(dialog.getByText('SAT section scores go in steps of 10.')).toBeVisible()
  await expect(dialog.getByText('Use a score from 200 to 800.')).toBeVisible()
  await expectAccessible(page)
  await dialog.getByRole('textbox', { name: 'Reading and Writing' }).fill('650')
  await dialog.getByRole('textbox', { name: 'Math' }).fill('700')
  await dialog.getByRole('button', { name: 'Save score' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('status').getByText('SAT score added')).toBeVisible()
  const row = sat.getByRole('row', { name: /Mar 8, 2025/ })
  await expect(row.getByRole('cell')).toHaveText([
    '650',
    '700',
    '1350',
    `OfficialAdded by ${educator.name}`,
    'EditDelete',
  ])
  await expect(sat.getByText('Superscore 1350')).toBeVisible()
  const chart = page.getByRole('figure', { name: 'SAT score chart' })
  await expect(chart.getByRole('group', { name: 'SAT total history' })).toBeVisible()
  await expect(chart.getByRole('group', { name: 'SAT section score history' })).toBeVisible()

  // A second test lifts the superscore: best English with best Math.
  await sat.getByRole('button', { name: 'Add SAT score' }).click()
  await dialog.getByLabel('Test date').fill('2025-10-04')
  await dialog.getByRole('textbox', { name: 'Reading and Writing' }).fill('700')
  await dialog.getByRole('textbox', { name: 'Math' }).fill('680')
  await dialog.getByRole('button', { name: 'Save score' }).click()
  await expect(sat.getByText('Superscore 1400')).toBeVisible()
  await expect(sat.getByRole('row')).toHaveCount(3)

  // Delete asks first, naming the score.
  await sat.getByRole('button', { name: 'Delete SAT score of Oct 4, 2025' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete the SAT score of Oct 4, 2025?' })
  await expect(confirm).toBeVisible()
  await expectAccessible(page)
  await confirm.getByRole('button', { name: 'Delete score' }).click()
  await expect(confirm).toBeHidden()
  await expect(sat.getByRole('row')).toHaveCount(2)
  await expect(sat.getByText('Superscore 1350')).toBeVisible()
  // The deleted row took its button with it: focus lands on the section's heading, not <body>.
  await expect(sat.getByRole('heading', { name: 'SAT scores' })).toBeFocused()

  // Documents: a visible one and one hidden from the student.
  await openRecordSection(page, 'Documents')
  const documents = section(page, 'Documents')
  await documents.getByRole('button', { name: 'Add document' }).click()
  const addDocument = page.getByRole('dialog', { name: 'Add document' })
  await addDocument.getByRole('textbox', { name: 'Name' }).fill('Common App essay draft')
  await addDocument.getByRole('textbox', { name: 'Link' }).fill('javascript:alert(1)')
  await addDocument.getByRole('button', { name: 'Add document' }).click()
  await expect(addDocument.getByText('Use a full link starting with https://')).toBeVisible()
  await addDocument.getByRole('textbox', { name: 'Link' }).fill('https://docs.example.com/essay-1')
  await addDocument.getByRole('button', { name: 'Add document' }).click()
  await expect(addDocument).toBeHidden()
  await expect(documents.getByRole('link', { name: /Common App essay draft/ })).toHaveAttribute(
    'href',
    'https://docs.example.com/essay-1',
  )
  await expect(documents.getByText(`docs.example.com · Added by ${educator.name} on`)).toBeVisible()

  await documents.getByRole('button', { name: 'Add document' }).click()
  await addDocument.getByRole('textbox', { name: 'Name' }).fill('Counselor notes')
  await addDocument.getByRole('textbox', { name: 'Link' }).fill('https://docs.example.com/notes')
  await addDocument.getByRole('checkbox', { name: 'Hidden from the student' }).check()
  await addDocument.getByRole('button', { name: 'Add document' }).click()
  await expect(documents.getByText('Hidden from student')).toBeVisible()
  await documents.getByRole('button', { name: "Pin 'Common App essay draft'" }).click()
  await expect(documents.getByRole('button', { name: "Unpin 'Common App essay draft'" })).toBeVisible()
  await expect(documents.getByRole('listitem').first()).toContainText('Common App essay draft')
  await expect(documents.getByText('Pinned', { exact: true })).toBeVisible()
  // The document moved to the top; its button keeps the focus through the move.
  await expect(documents.getByRole('button', { name: "Unpin 'Common App essay draft'" })).toBeFocused()
  await expectAccessible(page)

  // The student: the score and the visible document; no hidden document, no staff controls.
  const own = await visitAs(newVisitor, student)
  await own.goto(`/students/${student.uuid}`)
  await expect(own.getByRole('heading', { level: 1, name: student.name })).toBeVisible()
  await expect(section(own, 'SAT scores').getByRole('row', { name: /Mar 8, 2025/ })).toBeVisible()
  await openRecordSection(own, 'Documents')
  const ownDocuments = section(own, 'Documents')
  await expect(ownDocuments.getByRole('link', { name: /Common App essay draft/ })).toBeVisible()
  await expect(ownDocuments.getByText('Counselor notes')).toHaveCount(0)
  await expect(ownDocuments.getByRole('button', { name: /^(Pin|Unpin|Hide|Show) / })).toHaveCount(0)
  // Someone else's document is read-only to the student.
  await expect(ownDocuments.getByRole('button', { name: "Edit 'Common App essay draft'" })).toHaveCount(0)
  await expectAccessible(own)

  // ... and may add their own, then edit it (no hidden or pinned boxes for them).
  await ownDocuments.getByRole('button', { name: 'Add document' }).click()
  const ownAdd = own.getByRole('dialog', { name: 'Add document' })
  await expect(ownAdd.getByRole('checkbox')).toHaveCount(0)
  await ownAdd.getByRole('textbox', { name: 'Name' }).fill('My college list')
  await ownAdd.getByRole('textbox', { name: 'Link' }).fill('https://docs.example.com/list')
  await ownAdd.getByRole('button', { name: 'Add document' }).click()
  await expect(ownDocuments.getByRole('button', { name: "Edit 'My college list'" })).toBeVisible()
  await ownDocuments.getByRole('button', { name: "Edit 'My college list'" }).click()
  const ownEdit = own.getByRole('dialog', { name: "Edit 'My college list'" })
  await expect(ownEdit.getByRole('textbox', { name: 'Link' })).toHaveValue('https://docs.example.com/list')
  await ownEdit.getByRole('textbox', { name: 'Name' }).fill('My college list, fall')
  await ownEdit.getByRole('button', { name: 'Save document' }).click()
  await expect(ownEdit).toBeHidden()
  await expect(ownDocuments.getByRole('link', { name: /My college list, fall/ })).toBeVisible()
  await expect(ownDocuments.getByRole('listitem').filter({ hasText: 'My college list, fall' })).toContainText(
    `Added by ${student.name} on`,
  )

  // The student's dashboard leads to the same record.
  await own.goto('/dashboard')
  await expect(own.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible()
  await section(own, 'Your record').getByRole('link', { name: 'Overview' }).click()
  await expect(own.getByRole('heading', { level: 1, name: student.name })).toBeVisible()
  await expect(section(own, 'SAT scores').getByRole('row', { name: /Mar 8, 2025/ })).toBeVisible()
  await openRecordSection(own, 'Documents')
  await expect(section(own, 'Documents').getByRole('link', { name: /My college list, fall/ })).toBeVisible()
  await expect(section(own, 'Documents').getByText('Counselor notes')).toHaveCount(0)
  await openRecordSection(own, 'Family and team')
  await expect(section(own, 'Team').getByRole('link', { name: educator.name })).toBeVisible()
  await expectAccessible(own)
})

test('an FAO on the team reads the record without controls, and may only write session notes', async ({
  newVisitor,
  expectAccessible,
}) => {
  const page = await visitAs(newVisitor, fao)
  await page.goto(`/students/${student.uuid}?section=documents`)
  await expect(page.getByRole('heading', { level: 1, name: student.name })).toBeVisible()
  await expect(section(page, 'Documents').getByText('Counselor notes')).toBeVisible()
  const buttons = page.getByRole('main').getByRole('button')
  await expect(buttons).toHaveCount(0)
  for (const label of ['Scores', 'Plan', 'Family and team']) {
    await openRecordSection(page, label)
    await expect(buttons).toHaveCount(0)
  }
  await openRecordSection(page, 'Notes')
  await expect(buttons).toHaveText(['Write a note'])
  await expectAccessible(page)
})

test('an admin adds and removes a team member', async ({ page, expectAccessible }) => {
  await logInByApi(page.request, ADMIN_EMAIL, adminPassword())
  await page.goto(`/students/${student.uuid}?section=family`)
  const team = section(page, 'Team')
  await expect(team.getByRole('link', { name: spare.name })).toHaveCount(0)
  const picker = team.getByRole('combobox', { name: 'Add a team member' })
  await expect(picker.getByRole('option', { name: new RegExp(spare.name) })).toHaveCount(1)
  await expect(picker.getByRole('option', { name: new RegExp(educator.name) })).toHaveCount(0)
  await expectAccessible()
  // The picker's placeholder is whole at both widths (it was cut to "Choose an educa" at 1280).
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    expect(await placeholderRoom(picker)).toBeGreaterThanOrEqual(0)
    await shot(team, `section-team-${width}`)
  }
  await picker.selectOption({ label: `${spare.name} (Educator) · ${spare.email}` })
  await team.getByRole('button', { name: 'Add to team' }).click()
  await expect(team.getByRole('link', { name: spare.name })).toBeVisible()
  await expect(picker.getByRole('option', { name: new RegExp(spare.name) })).toHaveCount(0)

  await team.getByRole('button', { name: `Remove ${spare.name} from the team` }).click()
  const confirm = page.getByRole('alertdialog', { name: `Remove ${spare.name} from ${student.name}'s team?` })
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
  await expect(team.getByRole('button', { name: `Remove ${spare.name} from the team` })).toBeFocused()
  await team.getByRole('button', { name: `Remove ${spare.name} from the team` }).click()
  await confirm.getByRole('button', { name: 'Remove from team' }).click()
  await expect(confirm).toBeHidden()
  await expect(team.getByRole('link', { name: spare.name })).toHaveCount(0)
  await expect(picker.getByRole('option', { name: new RegExp(spare.name) })).toHaveCount(1)

  // History: every change to the record, newest first, loaded when asked for.
  await openRecordSection(page, 'History')
  const history = section(page, 'History')
  await history.getByRole('button', { name: 'Show history' }).click()
  const changes = history.getByRole('listitem')
  await expect(changes.first()).toContainText(`removed ${spare.name} from the team`)
  await expect(
    history.getByText(`${educator.name} added the document “Common App essay draft”`),
  ).toBeVisible()
  await expectAccessible()

  // The whole record as a file, history included.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    history.getByRole('link', { name: 'Download as JSON' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^crestline-student-record-\d{4}-\d{2}-\d{2}\.json$/)
  const copy = JSON.parse(await readFile((await download.path())!, 'utf8'))
  expect(copy).toMatchObject({ kind: 'student-record', account: { uuid: student.uuid } })
  expect(copy.history.length).toBeGreaterThan(2)
})

/** Pixels left in a select's box after its placeholder's text and the arrow: negative when cut off. */
function placeholderRoom(select: Locator): Promise<number> {
  return select.evaluate((element) => {
    const field = element as HTMLSelectElement
    const style = getComputedStyle(field)
    const context = document.createElement('canvas').getContext('2d')!
    context.font = style.font
    const text = context.measureText(field.options[0]!.text).width
    const padding = Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.paddingRight)
    const arrow = 20
    return field.clientWidth - padding - arrow - text
  })
}

test('only admins see a record’s History', async ({ newVisitor }) => {
  const page = await visitAs(newVisitor, educator)
  await page.goto(`/students/${student.uuid}?section=family`)
  await expect(section(page, 'Team')).toBeVisible()
  const sections = page.getByRole('navigation', { name: 'Record sections' })
  await expect(sections.getByRole('link', { name: 'Family and team' })).toBeVisible()
  await expect(sections.getByRole('link', { name: 'History' })).toHaveCount(0)
  // Asked for by address, it is not there either: the first section shows instead.
  await page.goto(`/students/${student.uuid}?section=history`)
  await expect(section(page, 'SAT scores')).toBeVisible()
  await expect(section(page, 'History')).toHaveCount(0)
})

test('score dates read the same day in Los Angeles and in Tokyo', async ({
  browser,
  baseURL,
  consoleGuard,
}) => {
  const seen: string[] = []
  for (const timezoneId of ['America/Los_Angeles', 'Asia/Tokyo']) {
    const context = await browser.newContext({ baseURL, timezoneId })
    const page = await context.newPage()
    consoleGuard.watch(page)
    await logInByApi(context.request, educator.email, PEOPLE_PASSWORD)
    await page.goto(`/students/${student.uuid}`)
    const sat = section(page, 'SAT scores')
    await expect(sat.getByRole('row')).toHaveCount(2)
    seen.push((await sat.getByRole('rowheader').allInnerTexts()).join('|'))
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(timezoneId)
    await context.close()
  }
  expect(seen).toEqual(['Mar 8, 2025', 'Mar 8, 2025'])
})

test('students, profiles and dashboards for staff', async ({
  page,
  newVisitor,
  consoleGuard,
  expectAccessible,
}) => {
  // The stranger's profile below answers 404 on purpose.
  consoleGuard.allow(/status of 404/, /\/api\/v1\/screens\/user-profile\//)
  // The record and its overview load side by side: both answer 404.
  consoleGuard.allow(/status of 404/, /\/api\/v1\/students\/[^/]+(\/overview)?$/)
  const educatorPage = await visitAs(newVisitor, educator)
  await educatorPage.goto('/students')
  await expect(educatorPage.getByRole('heading', { level: 1, name: 'Students' })).toBeVisible()
  await expect(educatorPage.getByRole('main').getByRole('link', { name: student.name })).toBeVisible()
  await expectAccessible(educatorPage)

  await educatorPage.goto('/dashboard')
  const mine = section(educatorPage, 'My students')
  const row = mine.getByRole('row', { name: new RegExp(student.name) })
  await expect(row).toContainText('1350')
  await expect(row).toContainText('Mar 8, 2025')
  await expect(row).toContainText('None yet')
  await expectAccessible(educatorPage)

  await educatorPage.goto(`/users/${educator.uuid}`)
  await expect(educatorPage.getByRole('heading', { level: 1, name: educator.name })).toBeVisible()
  await expect(educatorPage.getByText(`${educator.name} coaches SAT and ACT math.`)).toBeVisible()
  await expectAccessible(educatorPage)

  await educatorPage.goto(`/users/${student.uuid}`)
  await expect(educatorPage.getByRole('heading', { level: 1, name: student.name })).toBeVisible()
  await expect(section(educatorPage, 'SAT scores').getByRole('row', { name: /Mar 8, 2025/ })).toBeVisible()
  await expectAccessible(educatorPage)

  // A stranger's record and profile are not found, and say so.
  await educatorPage.goto(`/users/${spare.uuid}`)
  await expect(educatorPage.getByRole('heading', { level: 1, name: 'User not found' })).toBeVisible()
  await educatorPage.goto(`/students/${spare.uuid}`)
  await expect(educatorPage.getByRole('heading', { level: 1, name: 'Student not found' })).toBeVisible()
  await expect(educatorPage).toHaveTitle('Student not found | Crestline Prep')
  await expectAccessible(educatorPage)

  await logInByApi(page.request, ADMIN_EMAIL, adminPassword())
  await page.goto('/students')
  await expect(page.getByRole('main').getByRole('link', { name: student.name })).toBeVisible()
  await page.getByRole('link', { name: 'Archived' }).click()
  await expect(page).toHaveURL(/\/students\?archived=true$/)
  await expect(page.getByText('No archived students.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Archived' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('link', { name: 'Active' })).not.toHaveAttribute('aria-current', 'page')
  await expectAccessible()
  await page.goto('/dashboard')
  await expect(
    page.getByRole('list', { name: 'The week at a glance' }).getByRole('link', { name: /Active students$/ }),
  ).toHaveAttribute('href', '/admin/students')
  await expectAccessible()
})
