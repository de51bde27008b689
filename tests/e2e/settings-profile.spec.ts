import type { Page } from '@playwright/test'
import { createInvite, expect, signUpByApi, test } from './support/fixtures'
import { adminApi, PEOPLE_PASSWORD, section, uniqueToken } from './support/people'
import { shot } from './support/shots'

/**
 * A student onboards with their class year, school, a planned test and a parent, then uses
 * Settings on a phone: the time-zone search, the calendar link shown again, and the two-factor
 * key copied. One student for the whole file.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 })

/** The page at phone and desktop width (no sideways scroll), then back at `width`. */
async function shoot(page: Page, name: string, width = 390) {
  for (const size of [390, 1280]) {
    await page.setViewportSize({ width: size, height: 900 })
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(scrollWidth, `${name} scrolls sideways at ${size} px`).toBeLessThanOrEqual(size)
    await shot(page, `${name}-${size}`, { fullPage: true })
  }
  await page.setViewportSize({ width, height: 900 })
}

/** axe at phone and desktop width, then back at phone width. */
async function accessibleAtBothWidths(page: Page, expectAccessible: () => Promise<void>) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await expectAccessible()
  }
}

/** A date some weeks ahead, as a date field takes it. */
const weeksAhead = (weeks: number) => new Date(Date.now() + weeks * 7 * 86_400_000).toISOString().slice(0, 10)

test('a student onboards with their profile and a parent, then sets up Settings on a phone', async ({
  page,
  context,
  expectAccessible,
}) => {
  const token = uniqueToken()
  const email = `sam.${token}@crestline.test`
  const parentEmail = `pat.${token}@crestline.test`
  const admin = await adminApi()
  const invite = await createInvite(admin, { email, student: true })
  await admin.dispose()
  await signUpByApi(page.request, invite, email, PEOPLE_PASSWORD)

  // Onboarding, at phone width.
  await page.setViewportSize({ width: 390, height: 900 })
  await page.goto('/onboarding')
  await page.getByRole('textbox', { name: 'Name' }).fill(`Sam Profile ${token}`)
  const year = String(new Date().getFullYear() + 1)
  await page.getByLabel('Class year').selectOption(year)
  await page.getByRole('textbox', { name: 'School' }).fill('Lincoln High')
  await page.getByRole('button', { name: 'Add a test date' }).click()
  await page.getByLabel(/^Test/).selectOption('SAT')
  await page.getByLabel(/^Date/).fill(weeksAhead(8))
  await page.getByRole('button', { name: 'Add a parent' }).click()
  await page.getByRole('textbox', { name: "Parent's name" }).fill('Pat Profile')
  await page.getByRole('textbox', { name: "Parent's email" }).fill(parentEmail)
  await page.getByRole('combobox', { name: 'Relationship' }).fill('Mother')
  await accessibleAtBothWidths(page, expectAccessible)
  await shoot(page, 'onboarding-student')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/dashboard$/)

  const me = (await (await page.request.get('/api/v1/users/me')).json()) as { uuid: string }
  const profile = await (await page.request.get(`/api/v1/students/${me.uuid}/profile`)).json()
  expect(profile).toEqual({
    classYear: Number(year),
    school: 'Lincoln High',
    testDates: [{ test: 'SAT', date: weeksAhead(8) }],
  })
  await page.goto(`/students/${me.uuid}?section=family`)
  const family = section(page, 'Family')
  await expect(family.getByRole('list', { name: 'Invites waiting for an answer' })).toContainText(parentEmail)

  // Settings: find a time zone by typing, at phone width.
  await page.goto('/settings')
  await accessibleAtBothWidths(page, expectAccessible)
  await expect(section(page, 'School and tests').getByRole('textbox', { name: 'School' })).toHaveValue(
    'Lincoln High',
  )
  const plan = section(page, 'Tasks and calendar')
  await plan.getByRole('searchbox', { name: 'Search by city, region or offset' }).fill('chicago')
  await plan.getByRole('button', { name: /^Chicago \(UTC/ }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Time zone: Chicago (UTC' })).toBeVisible()
  await expect(plan.getByLabel('Or choose from the list')).toHaveValue('America/Chicago')

  // The calendar link, shown again after the page is left.
  await plan.getByRole('button', { name: 'Turn on the calendar feed' }).click()
  const link = plan.getByRole('textbox', { name: 'Your calendar link' })
  await expect(link).toHaveValue(/\/api\/v1\/calendar\/[A-Za-z0-9_-]+\.ics$/)
  const url = await link.inputValue()
  await page.reload()
  await expect(plan.getByRole('textbox', { name: 'Your calendar link' })).toHaveCount(0)
  await plan.getByRole('button', { name: 'Show my link' }).click()
  await expect(plan.getByRole('textbox', { name: 'Your calendar link' })).toHaveValue(url)
  const feed = await page.request.get(new URL(url).pathname)
  expect(await feed.text()).toContain('SAT test day')
  await shoot(page, 'settings-student')

  // Two-factor set-up at phone width: the key in whole groups, copied, and the otpauth link.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const twoFactor = section(page, 'Two-factor authentication')
  await twoFactor.getByRole('button', { name: 'Set up two-factor' }).click()
  await twoFactor.getByLabel('Your password').fill(PEOPLE_PASSWORD)
  await twoFactor.getByRole('button', { name: 'Continue' }).click()
  const key = twoFactor.locator('code')
  await expect(key).toBeVisible()
  const groups = key.locator('span')
  const heights = await groups.evaluateAll((spans) =>
    spans.map((span) => span.getBoundingClientRect().height),
  )
  expect(new Set(heights).size, 'every group of the key on one line').toBe(1)
  await accessibleAtBothWidths(page, expectAccessible)
  await twoFactor.getByRole('button', { name: 'Copy key' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Key copied' })).toBeVisible()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toBe(((await key.textContent()) ?? '').trim())
  await expect(twoFactor.getByRole('link', { name: 'Open in authenticator app' })).toHaveAttribute(
    'href',
    /^otpauth:\/\/totp\/.*secret=/,
  )
  await shoot(page, 'two-factor-key')
})
