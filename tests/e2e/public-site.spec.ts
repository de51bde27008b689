import type { BrowserContext, Page } from '@playwright/test'
import { expect, logInByApi, test, waitForMail } from './support/fixtures'
import { shot } from './support/shots'
import { ADMIN_EMAIL, adminPassword } from './support/state'

/** Every public page with its `<h1>`. The blog posts are the four in content/blog. */
const PAGES = [
  { path: '/', heading: 'Test prep and admissions coaching that shows its work' },
  { path: '/services/tutoring', heading: 'One-to-one SAT and ACT tutoring, planned from a real diagnostic' },
  { path: '/services/essays', heading: 'Essays in the student’s own voice, made clear' },
  {
    path: '/services/admissions',
    heading: 'A college list you believe in and applications that go in early',
  },
  { path: '/about-us', heading: 'A small team that shows its work' },
  { path: '/contact-us', heading: 'Book a free consultation' },
  { path: '/legal', heading: 'Terms of service and privacy policy' },
  { path: '/blog', heading: 'Notes on testing and admissions' },
  {
    path: '/blog/posts/digital-sat-structure-and-scoring',
    heading: 'How the digital SAT works: structure, timing and scoring',
  },
  { path: '/blog/posts/superscoring-explained', heading: 'Superscoring, explained for families' },
  {
    path: '/blog/posts/enhanced-act-what-changed',
    heading: 'The enhanced ACT: what changed and who it suits',
  },
  {
    path: '/blog/posts/building-a-college-list',
    heading: 'Building a college list your family can believe in',
  },
] as const

const CONTACT_NOTIFY_EMAIL = 'hello@crestlineprep.com'
const decode = (html: string) =>
  html
    .replaceAll('&#x27;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&')
    .replace(/<[^>]+>/g, '')

/** Records every host the page asks for and refuses anything but this server (ADR 019). */
async function recordHosts(context: BrowserContext | Page): Promise<Set<string>> {
  const hosts = new Set<string>()
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url())
    if (url.protocol === 'data:') return route.continue()
    hosts.add(url.hostname)
    return url.hostname === '127.0.0.1' ? route.continue() : route.abort()
  })
  return hosts
}

// Every test here reads public pages on its own (the contact test makes its own request), so both
// workers may share the file: it is the longest one.
test.describe.configure({ mode: 'parallel' })

test.describe('prerendered HTML, fetched without a browser', () => {
  for (const page of PAGES) {
    test(`${page.path} holds its heading, title, description and canonical link`, async ({
      request,
      baseURL,
    }) => {
      const response = await request.get(page.path)
      expect(response.status()).toBe(200)
      expect(response.headers()['content-type']).toContain('text/html')
      expect(response.headers()['cache-control']).toBe('no-cache')
      expect(response.headers().etag).toBeTruthy()
      const html = await response.text()
      const h1 = html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1]
      expect(decode(h1 ?? '')).toBe(page.heading)
      expect(html).toMatch(/<title>[^<]{10,}<\/title>/)
      expect(html).toMatch(/<meta name="description" content="[^"]{50,}">/)
      expect(html).toContain(`<link rel="canonical" href="${baseURL}${page.path}">`)
      expect(html).toContain(`<meta property="og:url" content="${baseURL}${page.path}">`)
      expect(html).toContain('<meta name="twitter:card"')
      // Revalidation: the same ETag answers 304 without a body.
      const again = await request.get(page.path, { headers: { 'if-none-match': response.headers().etag! } })
      expect(again.status()).toBe(304)
    })
  }

  test('titles and descriptions differ from page to page', async ({ request }) => {
    const heads = await Promise.all(PAGES.map(async (page) => (await request.get(page.path)).text()))
    const titles = heads.map((html) => html.match(/<title>([^<]*)<\/title>/)?.[1])
    const descriptions = heads.map((html) => html.match(/<meta name="description" content="([^"]*)"/)?.[1])
    expect(new Set(titles).size).toBe(PAGES.length)
    expect(new Set(descriptions).size).toBe(PAGES.length)
  })

  test('structured data: Organization on the home page, Article on posts', async ({ request }) => {
    expect(await (await request.get('/')).text()).toContain('"@type":"Organization"')
    expect(await (await request.get(PAGES[8].path)).text()).toContain('"@type":"Article"')
  })

  test('sitemap.xml, robots.txt and the RSS feed list the pages at this origin', async ({
    request,
    baseURL,
  }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text()
    for (const page of PAGES) expect(sitemap).toContain(`<loc>${baseURL}${page.path}</loc>`)
    const robots = await request.get('/robots.txt')
    expect(robots.headers()['content-type']).toContain('text/plain')
    expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`)
    const rss = await request.get('/blog/rss.xml')
    expect(rss.headers()['content-type']).toContain('application/rss+xml')
    const feed = await rss.text()
    for (const page of PAGES.filter((p) => p.path.startsWith('/blog/posts/'))) {
      expect(feed).toContain(`<link>${baseURL}${page.path}</link>`)
    }
  })

  test('hashed assets are immutable; unknown paths answer 404 Not Found', async ({ request }) => {
    const html = await (await request.get('/')).text()
    const css = html.match(/<link rel="stylesheet" href="([^"]+)">/)?.[1]
    const script = html.match(/<script type="module" src="([^"]+)">/)?.[1]
    for (const asset of [css, script]) {
      const response = await request.get(asset!)
      expect(response.status()).toBe(200)
      expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
    }
    for (const path of ['/no-such-page', '/services/astrology', '/blog/posts/no-such-post']) {
      const missing = await request.get(path)
      expect(missing.status()).toBe(404)
      expect(await missing.text()).toContain('<h1 class="text-3xl font-bold">Not Found</h1>')
    }
  })
})

test.describe('public pages in the browser', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    for (const entry of PAGES) {
      test(`${entry.path} at ${viewport.width}px: heading, no console errors, accessible, nothing from other hosts`, async ({
        page,
        expectAccessible,
      }) => {
        await page.setViewportSize(viewport)
        const hosts = await recordHosts(page)
        await page.goto(entry.path)
        await expect(page.getByRole('heading', { level: 1, name: entry.heading })).toBeVisible()
        await expect(page.getByRole('banner').getByRole('link', { name: 'Crestline Prep' })).toBeVisible()
        await expect(page.getByRole('contentinfo')).toContainText('hello@crestlineprep.com')
        await page.evaluate(() => document.fonts.ready)
        await expectAccessible()
        expect([...hosts]).toEqual(['127.0.0.1'])
        const name = entry.path === '/' ? 'home' : entry.path.slice(1).replaceAll('/', '-')
        await shot(page, `public-${name}-${viewport.width}`, { fullPage: true })
      })
    }
  }

  test('the header menus work on a phone, and the Services menu on a desktop', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/')
    await page.getByText('Menu', { exact: true }).click()
    const menu = page.getByRole('navigation', { name: 'Site menu' })
    await expect(menu.getByRole('link', { name: 'Log in' })).toBeVisible()
    await menu.getByRole('link', { name: 'College essay coaching' }).click()
    await expect(page).toHaveURL(/\/services\/essays$/)

    await page.setViewportSize({ width: 1280, height: 800 })
    const site = page.getByRole('navigation', { name: 'Site' })
    await site.getByText('Services').click()
    await expect(site.getByRole('link', { name: 'Admissions coaching' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(site.getByRole('link', { name: 'Admissions coaching' })).toBeHidden()
    await site.getByRole('link', { name: 'Blog' }).click()
    await expect(
      page.getByRole('heading', { level: 1, name: 'Notes on testing and admissions' }),
    ).toBeVisible()
  })

  test('/login keeps the marketing layout, and a logged-out visit asks the server nothing', async ({
    page,
  }) => {
    const calls: string[] = []
    const errors: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(request.url())
    })
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await page.goto('/login')
    await expect(page.getByRole('navigation', { name: 'Site' }).getByText('Services')).toBeVisible()
    await expect(page.getByRole('contentinfo')).toContainText('hello@crestlineprep.com')
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible()
    expect(calls).toEqual([])
    expect(errors).toEqual([])
  })

  test('pages read without JavaScript; the contact page shows the email and phone instead of the form', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/services/tutoring')
    await expect(page.getByRole('heading', { level: 2, name: 'How it works' })).toBeVisible()
    await page.goto('/contact-us')
    await expect(page.getByRole('heading', { name: 'Write or call us' })).toBeVisible()
    await expect(
      page.getByRole('main').getByRole('link', { name: 'hello@crestlineprep.com' }).first(),
    ).toBeVisible()
    await expect(page.getByRole('main').getByRole('link', { name: '(555) 014-2290' }).first()).toBeVisible()
    await expect(page.getByRole('button', { name: 'Send message' })).toBeHidden()
    await context.close()
  })
})

test('the contact form: shared rules, sent, emailed, and handled by an admin', async ({
  page,
  newVisitor,
  expectAccessible,
}) => {
  const { page: visitor } = await newVisitor()
  const hosts = await recordHosts(visitor)
  await visitor.goto('/contact-us')
  await expect(visitor.getByRole('heading', { name: 'Write or call us' })).toBeHidden()
  // The island loads after the page: a click before it is live would be a plain form submit.
  await expect(visitor.locator('form[data-island="contact-form"][data-mounted]')).toBeAttached()

  // The shared schema speaks before the server is asked (docs/product.md#form-messages).
  await visitor.getByRole('button', { name: 'Send message' }).click()
  await expect(visitor.getByText('This field is required.').first()).toBeVisible()
  await expect(visitor.getByLabel('Your name')).toBeFocused()
  await expect(visitor.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true')
  await expectAccessible(visitor)

  const name = `Jordan Ellis ${Date.now()}`
  await visitor.getByLabel('Your name').fill(name)
  await visitor.getByLabel('Email').fill('jordan.parent@')
  await visitor.getByLabel('What are you interested in?').selectOption({ label: 'Essay coaching' })
  await visitor
    .getByLabel('Your message')
    .fill('Our son is a rising senior and has not started his personal statement.')
  await visitor.getByRole('button', { name: 'Send message' }).click()
  await expect(visitor.getByText('Please provide a valid email address.')).toBeVisible()
  await expect(visitor.getByLabel('Email')).toBeFocused()

  await visitor.getByLabel('Email').fill('jordan.parent@example.test')
  await visitor.getByLabel('Phone (optional)').fill('555 010 3344')
  await visitor.getByRole('button', { name: 'Send message' }).click()
  await expect(visitor.getByRole('heading', { name: 'Thank you, your message has reached us' })).toBeVisible()
  await expect(visitor.getByRole('button', { name: 'Send message' })).toBeHidden()
  await expectAccessible(visitor)
  expect([...hosts]).toEqual(['127.0.0.1'])

  const mail = await waitForMail(CONTACT_NOTIFY_EMAIL, new RegExp(name))
  expect(mail).toContain('Essay coaching')
  expect(mail).toContain('jordan.parent@example.test')
  expect(mail).toContain('/admin/inquiries')

  // The admin finds it from the /admin overview and marks it handled.
  await logInByApi(page.request, ADMIN_EMAIL, adminPassword())
  await page.goto('/admin')
  await page.getByRole('main').getByRole('link', { name: 'Inquiries' }).click()
  await expect(page).toHaveURL(/\/admin\/inquiries$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Inquiries' })).toBeVisible()
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) })
  await expect(card).toContainText('Our son is a rising senior')
  await expect(card).toContainText('Open')
  await expectAccessible()
  await card.getByRole('button', { name: /Mark handled/ }).click()
  await expect(card).toContainText('Handled by')
  await expect(card.getByRole('button', { name: /Mark as open/ })).toBeVisible()
  // The sidebar stays as docs/product.md#screens-and-navigation has it: no Inquiries link there.
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inquiries', exact: true }),
  ).toHaveCount(0)
})
