import { createInvite, expect, logInByApi, signUpByApi, test } from './support/fixtures'
import {
  addNote,
  addToTeam,
  adminApi,
  apiAs,
  createGuardian,
  createPerson,
  openRecordSection,
  PEOPLE_PASSWORD,
} from './support/people'
import { ADMIN_EMAIL, adminPassword } from './support/state'

/**
 * PNGs for a person to look at (not compared): test-results/screenshots/<name>-<width>.png. This
 * file runs only when screenshots are asked for (`E2E_SCREENSHOTS=1`, playwright.config.ts).
 */
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const

for (const viewport of VIEWPORTS) {
  test.describe(`screenshots at ${viewport.width}px`, () => {
    test.use({ viewport })

    test('login, invite, onboarding and dashboard', async ({ page, newVisitor }) => {
      const shot = (name: string, target = page) =>
        target.screenshot({ path: `test-results/screenshots/${name}-${viewport.width}.png`, fullPage: true })

      await page.goto('/login?err=login-required')
      await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible()
      await shot('login')

      await logInByApi(page.request, ADMIN_EMAIL, adminPassword())
      const email = `shot-${viewport.width}@crestline.test`
      const invite = await createInvite(page.request, { email, educator: true })
      const { page: invited, context } = await newVisitor()
      await invited.setViewportSize(viewport)
      await invited.goto(`/login?invite=${invite}`)
      await expect(invited.getByRole('heading', { name: 'Create your account' })).toBeVisible()
      await shot('login-invite', invited)

      await signUpByApi(context.request, invite, email, 'a long enough password')
      await invited.goto('/onboarding')
      await expect(invited.getByRole('textbox', { name: 'Bio' })).toBeVisible()
      await invited.getByRole('button', { name: 'Continue' }).click()
      await expect(invited.getByText('This field is required.').first()).toBeVisible()
      await shot('onboarding', invited)

      await page.goto('/dashboard')
      await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible()
      await shot('dashboard')
      if (viewport.width < 1024) {
        await page.getByRole('button', { name: 'Menu' }).click()
        await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible()
        await shot('dashboard-menu')
        await page.keyboard.press('Escape')
      }

      await page.goto('/')
      await shot('home')
    })
  })
}

/** A record with some history, made through the real API, for the student-record screenshots. */
async function seedRecord() {
  const admin = await adminApi()
  const student = await createPerson(admin, 'student', 'Maya Okafor')
  const educator = await createPerson(admin, 'educator', 'Daniel Reyes')
  const fao = await createPerson(admin, 'fao', 'Priya Natarajan')
  await addToTeam(admin, student, educator)
  await addToTeam(admin, student, fao)
  // Not on the team: the admin's add-member picker offers her.
  await createPerson(admin, 'educator', 'Lena Ortiz')
  const post = async (path: string, data: object) => {
    const response = await admin.post(`/api/v1/students/${student.uuid}/${path}`, { data })
    expect(response.status(), await response.text()).toBe(201)
  }
  await post('sat-scores', { date: '2024-08-24', english: 560, math: 590 })
  await post('sat-scores', { date: '2024-12-07', english: 610, math: 640 })
  await post('sat-scores', { date: '2025-03-08', english: 650, math: 630 })
  await post('sat-scores', { date: '2025-10-04', english: 680, math: 700 })
  await post('act-scores', { date: '2025-04-12', english: 27, math: 26, reading: 29, science: 25 })
  await post('act-scores', { date: '2025-10-25', english: 30, math: 28, reading: 31, science: 27 })
  await post('documents', {
    name: 'Common App personal essay, draft 3',
    url: 'https://docs.example.com/essay-3',
    pinned: true,
  })
  await post('documents', {
    name: 'College list (reach, match, safety)',
    url: 'https://docs.example.com/list',
  })
  await post('documents', { name: 'Counselor notes', url: 'https://docs.example.com/notes', hidden: true })
  // A plan and targets for the overview: a task and deadlines a little ahead of today.
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
  await post('tasks', { title: 'Two timed Math module 2 sets', dueDate: day(5) })
  await post('tasks', { title: 'Ask Ms. Rivera for a recommendation letter', dueDate: day(12) })
  await post('colleges', { name: 'University of Michigan', round: 'EA', deadline: day(18) })
  await post('colleges', { name: 'Northwestern University', round: 'RD', deadline: day(60) })
  const targets = await admin.put(`/api/v1/students/${student.uuid}/targets`, {
    data: { sat: 1450, act: 31 },
  })
  expect(targets.ok(), await targets.text()).toBe(true)
  await admin.dispose()
  return { student, educator }
}

test.describe('student record screenshots', () => {
  const dir = process.env.SHOTS_DIR ?? 'test-results/screenshots'

  test('record, dashboards, students and profile at both widths', async ({ newVisitor }) => {
    test.setTimeout(120_000)
    const { student, educator } = await seedRecord()
    const visitors = {
      educator: await newVisitor(),
      student: await newVisitor(),
      admin: await newVisitor(),
    }
    await logInByApi(visitors.educator.context.request, educator.email, PEOPLE_PASSWORD)
    await logInByApi(visitors.admin.context.request, ADMIN_EMAIL, adminPassword())
    await logInByApi(visitors.student.context.request, student.email, PEOPLE_PASSWORD)
    const pages: Array<[keyof typeof visitors, string, string]> = [
      ['educator', 'record-educator', `/students/${student.uuid}`],
      ['student', 'record-student', `/students/${student.uuid}`],
      ['student', 'dashboard-student', '/dashboard'],
      ['educator', 'dashboard-educator', '/dashboard'],
      ['educator', 'students', '/students'],
      ['educator', 'profile-educator', `/users/${educator.uuid}`],
      ['admin', 'record-admin', `/students/${student.uuid}`],
      ['admin', 'students-admin', '/students'],
      ['admin', 'dashboard-admin', '/dashboard'],
    ]
    for (const viewport of VIEWPORTS) {
      for (const [who, name, path] of pages) {
        const { page } = visitors[who]
        await page.setViewportSize(viewport)
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0)
        if (name.startsWith('record')) {
          await expect(page.locator('[data-scale="total"] svg').first()).toBeVisible()
        }
        await page.screenshot({ path: `${dir}/${name}-${viewport.width}.png`, fullPage: true })
      }
    }
    // Each section of the record as an admin sees it (all of them), at both widths.
    const admin = visitors.admin.page
    for (const viewport of VIEWPORTS) {
      await admin.setViewportSize(viewport)
      await admin.goto(`/students/${student.uuid}`)
      await expect(admin.locator('[data-scale="total"] svg').first()).toBeVisible()
      // What a phone shows before any scrolling: the overview and the section bar.
      await admin.screenshot({ path: `${dir}/record-first-screen-${viewport.width}.png` })
      for (const link of await admin
        .getByRole('navigation', { name: 'Record sections' })
        .getByRole('link')
        .all()) {
        const label = (await link.textContent())!
        await openRecordSection(admin, label)
        await expect(admin.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0)
        const slug = label.toLowerCase().replaceAll(' ', '-')
        await admin.screenshot({
          path: `${dir}/record-section-${slug}-${viewport.width}.png`,
          fullPage: true,
        })
      }
    }
    await admin.setViewportSize(VIEWPORTS[0])
    await admin.goto(`/students/${student.uuid}?section=family`)
    await admin
      .getByRole('region', { name: 'Team', exact: true })
      .screenshot({ path: `${dir}/section-team-admin-390.png` })

    // Close-ups on a phone: each section of the record, the add-score form with errors, a confirmation.
    const { page } = visitors.educator
    await page.setViewportSize(VIEWPORTS[0])
    await page.goto(`/students/${student.uuid}`)
    await expect(page.locator('[data-scale="total"] svg').first()).toBeVisible()
    for (const [label, name] of [
      ['Scores', 'SAT scores'],
      ['Scores', 'ACT scores'],
      ['Documents', 'Documents'],
      ['Family and team', 'Team'],
    ] as const) {
      await openRecordSection(page, label)
      const slug = name.toLowerCase().replace(' ', '-')
      await page
        .getByRole('region', { name, exact: true })
        .screenshot({ path: `${dir}/section-${slug}-390.png` })
    }
    await openRecordSection(page, 'Scores')
    await page.getByRole('button', { name: 'Add ACT score' }).click()
    await page.getByRole('textbox', { name: 'English' }).fill('40')
    await page.getByRole('button', { name: 'Save score' }).click()
    await expect(page.getByText('Use a score from 1 to 36.')).toBeVisible()
    await page.screenshot({ path: `${dir}/dialog-add-score-390.png` })
    await page.keyboard.press('Escape')
    await openRecordSection(page, 'Documents')
    await page.getByRole('button', { name: "Delete 'Counselor notes'" }).click()
    await expect(page.getByRole('alertdialog')).toBeVisible()
    await page.screenshot({ path: `${dir}/dialog-confirm-390.png` })
  })
})

/** A student with a family and notes (one internal, two shared), for the families screenshots. */
async function seedFamily() {
  const admin = await adminApi()
  const student = await createPerson(admin, 'student', 'Rowan Alvarez')
  const educator = await createPerson(admin, 'educator', 'Nadia Brooks')
  await addToTeam(admin, student, educator)
  await admin.post(`/api/v1/students/${student.uuid}/sat-scores`, {
    data: { date: '2025-10-04', english: 640, math: 660 },
  })
  await admin.post(`/api/v1/students/${student.uuid}/act-scores`, {
    data: { date: '2025-12-13', english: 29, math: 27, reading: 30, science: 26 },
  })
  const staff = await apiAs(educator)
  const guardian = await createGuardian(staff, student, 'Carmen Alvarez', 'Mother')
  await createGuardian(staff, student, 'Luis Alvarez', 'Father')
  await addNote(staff, student, {
    date: '2025-11-10',
    visibility: 'shared',
    durationMinutes: 60,
    body: 'Went through the October SAT. Reading and Writing is steady; **Math module 2** ran out of time.\n\nFor next week:\n\n- Two timed module-2 sets\n- Skip any question over 90 seconds and come back\n- Review [the answer explanations](https://example.com/explanations)',
  })
  await addNote(staff, student, {
    date: '2025-11-17',
    visibility: 'internal',
    durationMinutes: 45,
    body: 'Rowan mentioned stress about the December date. Check in with the family before suggesting a later sitting.',
  })
  await addNote(staff, student, {
    date: '2025-11-17',
    visibility: 'shared',
    durationMinutes: 45,
    body: 'Timed sets went well: 2 unanswered instead of 6. Keep the skip-and-return habit.',
  })
  await staff.dispose()
  await admin.dispose()
  return { student, educator, guardian }
}

test.describe('families screenshots', () => {
  const dir = process.env.SHOTS_DIR ?? 'test-results/screenshots'

  test('family, notes and the guardian dashboard at both widths', async ({
    newVisitor,
    expectAccessible,
  }) => {
    test.setTimeout(120_000)
    const { student, educator, guardian } = await seedFamily()
    const staff = await newVisitor()
    const family = await newVisitor()
    await logInByApi(staff.context.request, educator.email, PEOPLE_PASSWORD)
    await logInByApi(family.context.request, guardian.email, PEOPLE_PASSWORD)
    const region = (page: typeof staff.page, name: string) => page.getByRole('region', { name, exact: true })
    for (const viewport of VIEWPORTS) {
      const { page } = staff
      await page.setViewportSize(viewport)
      await page.goto(`/students/${student.uuid}?section=family`)
      await region(page, 'Family').screenshot({ path: `${dir}/section-family-${viewport.width}.png` })
      await openRecordSection(page, 'Notes')
      await expect(region(page, 'Session notes').getByRole('article')).toHaveCount(3)
      await expect(region(page, 'Session notes').locator('strong').first()).toBeVisible()
      await region(page, 'Session notes').screenshot({ path: `${dir}/section-notes-${viewport.width}.png` })
      await page.screenshot({ path: `${dir}/record-notes-educator-${viewport.width}.png`, fullPage: true })
      // Nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      )

      await region(page, 'Session notes').getByRole('button', { name: 'Write a note' }).click()
      const dialog = page.getByRole('dialog', { name: 'Write a session note' })
      await dialog
        .getByRole('textbox', { name: 'Note' })
        .fill('**Plan:** two timed sets.\n\n- Module 2 pacing\n- [Practice test](https://example.com/test)')
      await page.screenshot({ path: `${dir}/dialog-note-write-${viewport.width}.png` })
      await dialog.getByRole('tab', { name: 'Preview' }).click()
      await expect(dialog.getByRole('tabpanel', { name: 'Preview' }).locator('strong')).toHaveText('Plan:')
      await page.screenshot({ path: `${dir}/dialog-note-preview-${viewport.width}.png` })
      await expectAccessible(page)
      await page.keyboard.press('Escape')

      const home = family.page
      await home.setViewportSize(viewport)
      await home.goto('/dashboard')
      await expect(home.getByRole('article', { name: student.name })).toContainText('Timed sets went well')
      await home.screenshot({ path: `${dir}/dashboard-guardian-${viewport.width}.png`, fullPage: true })
      expect(await home.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      )
      await home.goto(`/students/${student.uuid}?section=notes`)
      await expect(region(home, 'Session notes').getByRole('article')).toHaveCount(2)
      await home.screenshot({ path: `${dir}/record-guardian-${viewport.width}.png`, fullPage: true })
      await expectAccessible(home)
      await home.goto('/settings')
      await expect(
        home.getByRole('checkbox', { name: 'Email me when a coach shares a session note' }),
      ).toBeChecked()
      await home.screenshot({ path: `${dir}/settings-guardian-${viewport.width}.png`, fullPage: true })
      await expectAccessible(home)
    }
  })
})
