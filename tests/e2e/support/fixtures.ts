import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Page,
} from '@playwright/test'
import { axeViolations } from './axe'
import { e2eState } from './state'

interface AllowedError {
  text: RegExp
  url?: RegExp
}

export interface ConsoleGuard {
  /** Watches another page (one of a fresh browser context) for console errors too. */
  watch(page: Page): void
  /** Declares an error this test expects, e.g. a 404 the test provokes. */
  allow(text: RegExp, url?: RegExp): void
}

/** A logged-out visitor's check of who is logged in answers 401: the browser logs it. */
const ALWAYS_ALLOWED: AllowedError[] = [{ text: /status of 401/, url: /\/api\/v1\/users\/me$/ }]

interface Fixtures {
  consoleGuard: ConsoleGuard
  /** axe on the page as it is now: no serious or critical violations. */
  expectAccessible: (page?: Page) => Promise<void>
  /** A fresh browser context (no cookies), watched by the console guard. */
  newVisitor: () => Promise<{ context: BrowserContext; page: Page }>
}

/**
 * A page the server rendered arrives `inert` and loads its scripts after its first paint
 * (ADR 058): nobody can tap, type in or pick a file on it until it is hydrated. Opening or
 * reloading a page here waits for that, as a person would, so that a test does not set a field on
 * a page whose handlers have not arrived (Playwright sets files and values without a pointer).
 */
function untilUsable(page: Page): Page {
  const goto = page.goto.bind(page)
  const reload = page.reload.bind(page)
  const usable = () => page.locator('#root[inert]').waitFor({ state: 'detached' })
  page.goto = async (...args) => {
    const response = await goto(...args)
    await usable()
    return response
  }
  page.reload = async (...args) => {
    const response = await reload(...args)
    await usable()
    return response
  }
  return page
}

export const test = base.extend<Fixtures>({
  // Playwright's own `page` comes from `context.newPage`, so it waits too.
  context: async ({ context }, use) => {
    const newPage = context.newPage.bind(context)
    context.newPage = async () => untilUsable(await newPage())
    await use(context)
  },

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use) => {
    await use(e2eState().baseURL)
  },

  // Fails the test on any unexpected console.error or uncaught exception (ADR 007).
  consoleGuard: [
    async ({ page }, use) => {
      const allowed = [...ALWAYS_ALLOWED]
      const problems: string[] = []
      const watch = (target: Page) => {
        target.on('console', (message) => {
          if (message.type() !== 'error') return
          const text = message.text()
          const url = message.location().url
          if (allowed.some((rule) => rule.text.test(text) && (!rule.url || rule.url.test(url)))) return
          problems.push(`console.error at ${target.url()}: ${text} (${url})`)
        })
        target.on('pageerror', (error) => problems.push(`uncaught at ${target.url()}: ${error.message}`))
      }
      watch(page)
      await use({ watch, allow: (text, url) => allowed.push(url ? { text, url } : { text }) })
      expect(problems, 'unexpected console errors').toEqual([])
    },
    { auto: true },
  ],

  expectAccessible: async ({ page }, use) => {
    await use(async (target = page) => {
      const serious = (await axeViolations(target))
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) =>
            `${violation.id} (${violation.impact}) ${violation.help}: ${violation.nodes
              .map((node) => node.target.join(' '))
              .join(', ')}`,
        )
      expect(serious, `axe violations on ${target.url()}`).toEqual([])
    })
  },

  newVisitor: async ({ browser, baseURL, consoleGuard }, use) => {
    const contexts: BrowserContext[] = []
    await use(async () => {
      const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } })
      contexts.push(context)
      const page = untilUsable(await context.newPage())
      consoleGuard.watch(page)
      return { context, page }
    })
    for (const context of contexts) await context.close()
  },
})

export { expect }

/** Fills the login form on the page and presses "Log in". */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

/** Logs in through the API: the session cookie lands in the request's browser context. */
export async function logInByApi(request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/auth/sign-in/email', { data: { email, password } })
  expect(response.status(), await response.text()).toBe(200)
}

export interface InviteRoles {
  email?: string
  admin?: boolean
  educator?: boolean
  fao?: boolean
  student?: boolean
}

/** POST /api/v1/user-invites as a logged-in admin; returns the invite's uuid. */
export async function createInvite(request: APIRequestContext, invite: InviteRoles): Promise<string> {
  const response = await request.post('/api/v1/user-invites', {
    data: { admin: false, educator: false, fao: false, student: false, ...invite },
  })
  expect(response.status(), await response.text()).toBe(201)
  const body = (await response.json()) as { uuid: string }
  return body.uuid
}

/** Signs up with an invite through the API (the session cookie lands in the request's context). */
export async function signUpByApi(
  request: APIRequestContext,
  invite: string,
  email: string,
  password: string,
) {
  const response = await request.post('/api/auth/sign-up/email', {
    data: { email, password, name: '', invite },
  })
  expect(response.status(), await response.text()).toBe(200)
}

/** The newest mail to `to` whose text matches `pattern`, polling the SMTP sink. */
export async function waitForMail(to: string, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    const response = await fetch(e2eState().mailboxUrl)
    const messages = (await response.json()) as { to: string[]; text: string }[]
    const found = messages.filter((message) => message.to.includes(to) && pattern.test(message.text)).at(-1)
    if (found) return found.text
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`No mail to ${to} matching ${pattern} within 10 s`)
}

/** Link texts of the main navigation, in order. */
export async function navLinks(page: Page): Promise<string[]> {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link').allInnerTexts()
}
