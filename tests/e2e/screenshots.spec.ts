import { createInvite, expect, logInByApi, signUpByApi, test } from './support/fixtures'
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
        // Focus stays inside the open drawer.
        for (let step = 0; step < 8; step++) await page.keyboard.press('Tab')
        expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true)
        await page.keyboard.press('Escape')
        await expect(page.getByRole('button', { name: 'Menu' })).toBeFocused()
      }

      await page.goto('/')
      await shot('home')
    })
  })
}
