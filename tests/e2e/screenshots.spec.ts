import { createInvite, expect, logInByApi, signUpByApi, test } from './support/fixtures'
import { addToTeam, adminApi, createPerson, PEOPLE_PASSWORD } from './support/people'
import { ADMIN_EMAIL, adminPassword } from './support/state'

/** PNGs for a person to look at (not compared): test-results/screenshots/<name>-<width>.png */
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const

for (const viewport of VIEWPORTS) {
  test.describe(`screenshots at ${viewport.width}px`, () => {
    test.use({ viewport })

    test('login, invite, onboarding and dashboard', async ({ page, newVisitor, expectAccessible }) => {
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
        await expectAccessible()
        // Focus stays inside the open drawer: once round all its controls and one more.
        const stops = await page.locator('dialog[open]').locator('a[href], button').count()
        for (let step = 0; step <= stops; step++) await page.keyboard.press('Tab')
        expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true)
        await page.keyboard.press('Escape')
        await expect(page.getByRole('button', { name: 'Menu' })).toBeFocused()
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
        if (name.startsWith('record') || name === 'dashboard-student') {
          await expect(page.locator('svg[role="application"]').first()).toBeVisible()
        }
        await page.screenshot({ path: `${dir}/${name}-${viewport.width}.png`, fullPage: true })
      }
    }
    // Close-ups on a phone: each section of the record, the add-score form with errors, a confirmation.
    const { page } = visitors.educator
    await page.setViewportSize(VIEWPORTS[0])
    await page.goto(`/students/${student.uuid}`)
    await expect(page.locator('svg[role="application"]').first()).toBeVisible()
    await visitors.admin.page.setViewportSize(VIEWPORTS[0])
    await visitors.admin.page.goto(`/students/${student.uuid}`)
    await visitors.admin.page
      .getByRole('region', { name: 'Team', exact: true })
      .screenshot({ path: `${dir}/section-team-admin-390.png` })
    for (const name of ['SAT scores', 'ACT scores', 'Documents', 'Team']) {
      const slug = name.toLowerCase().replace(' ', '-')
      await page
        .getByRole('region', { name, exact: true })
        .screenshot({ path: `${dir}/section-${slug}-390.png` })
    }
    await page.getByRole('button', { name: 'Add ACT score' }).click()
    await page.getByRole('textbox', { name: 'English' }).fill('40')
    await page.getByRole('button', { name: 'Save score' }).click()
    await expect(page.getByText('Use a score from 1 to 36.')).toBeVisible()
    await page.screenshot({ path: `${dir}/dialog-add-score-390.png` })
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: "Delete 'Counselor notes'" }).click()
    await expect(page.getByRole('alertdialog')).toBeVisible()
    await page.screenshot({ path: `${dir}/dialog-confirm-390.png` })
  })
})
