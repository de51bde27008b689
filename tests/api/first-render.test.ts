import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIRST_SCREEN_ELEMENT_ID } from '../../src/shared/first-screen'
import { AFTER_PAINT_SCRIPT } from '../../src/shared/public-site'
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app'

/**
 * The server's first render of an app page (ADR 049), with the web app's own renderer module
 * (src/web/ssr/render.tsx) and a built shell of our own, so the test does not need a build.
 */
const SHELL =
  '<!doctype html><html lang="en"><head><title>Crestline Prep</title></head><body><div id="root"><p>Loading…</p></div><script type="module" src="/assets/app.js"></script></body></html>'

let t: TestApp
let buildDir: string
let student: SignedIn
let other: SignedIn
let admin: SignedIn

beforeAll(async () => {
  buildDir = mkdtempSync(path.join(tmpdir(), 'crestline-render-'))
  mkdirSync(path.join(buildDir, 'web'))
  writeFileSync(path.join(buildDir, 'web/index.html'), SHELL)
  t = await createTestApp(
    {},
    {
      webDir: path.join(buildDir, 'web'),
      firstRenderModule: path.resolve('src/web/ssr/render.tsx'),
    },
  )
  // A name that would open an element if written raw, and a replacement pattern ($&).
  student = await t.userWith({ roles: ['student'], name: 'Ada <b>Lovelace</b> $& Byron' })
  other = await t.userWith({ roles: ['student'], name: 'Grace Hopper' })
  admin = await t.userWith({ roles: ['admin'], name: 'Alan Admin' })
})
afterAll(async () => {
  await t.close()
  rmSync(buildDir, { recursive: true, force: true })
})

const ROOT = /<div id="root"( data-rendered="" inert)?>([\s\S]*)<\/div><script /

async function page(url: string, cookie?: string) {
  const response = await t.request({ method: 'GET', url, ...(cookie ? { cookie } : {}) })
  const root = ROOT.exec(response.body)
  return { response, rendered: root?.[1] !== undefined, html: root?.[2] ?? '' }
}

describe('the server’s first render', () => {
  it('renders a logged-in viewer’s own record into the shell, with only their data', async () => {
    const { response, rendered, html } = await page(`/students/${student.id}`, student.cookie)
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(rendered).toBe(true)
    // The record's heading, the viewer's own name escaped as text: no element, no `$&` expanded.
    expect(html).toContain('<h1')
    expect(html).toContain('Ada &lt;b&gt;Lovelace&lt;/b&gt; $&amp; Byron')
    expect(html).not.toContain('Grace Hopper')
    // No inline script: the shell's CSP allows none.
    expect(html).not.toContain('<script')
  })

  it('loads a rendered page’s scripts only after it has painted, by the one loader the CSP allows', async () => {
    const { response, rendered } = await page('/dashboard', student.cookie)
    expect(rendered).toBe(true)
    // No module script or preload for the parser: the loader holds them and adds them later.
    expect(response.body).not.toMatch(/<script type="module"|rel="modulepreload"/)
    const loader = /<script data-entry="([^"]*)" data-preload="([^"]*)">([\s\S]*?)<\/script>/.exec(
      response.body,
    )
    expect(loader?.[1]).toBe('/assets/app.js')
    // Last in the body, after the answers the app reads as it starts: it may start at once.
    const answersAt = response.body.indexOf(`id="${FIRST_SCREEN_ELEMENT_ID}"`)
    expect(answersAt).toBeGreaterThan(0)
    expect(response.body.indexOf('<script data-entry')).toBeGreaterThan(answersAt)
    expect(response.body).toMatch(/<script data-entry[^>]*>[^<]*<\/script><\/body>/)
    expect(loader?.[3]).toBe(AFTER_PAINT_SCRIPT)
    const hash = createHash('sha256').update(AFTER_PAINT_SCRIPT).digest('base64')
    expect(response.headers['content-security-policy']).toContain(`'sha256-${hash}'`)
    // A page the server could not render keeps its scripts as the build wrote them.
    const plain = await page('/dashboard')
    expect(plain.response.body).toContain('<script type="module" src="/assets/app.js"></script>')
    expect(plain.response.body).not.toContain('data-entry')
  })

  it('renders the dashboard for each viewer, never one viewer’s data in another’s page', async () => {
    // At once, so that the renders interleave on the server.
    const [mine, theirs, admins] = await Promise.all([
      page('/dashboard', student.cookie),
      page('/dashboard', other.cookie),
      page('/admin', admin.cookie),
    ])
    expect([mine.rendered, theirs.rendered, admins.rendered]).toEqual([true, true, true])
    expect(mine.html).toContain('My Dashboard')
    expect(mine.html).toContain('Ada &lt;b&gt;Lovelace')
    expect(mine.html).not.toContain('Grace Hopper')
    expect(theirs.html).toContain('Grace Hopper')
    expect(theirs.html).not.toContain('Lovelace')
    expect(admins.html).toContain('Alan Admin')
    expect(admins.html).not.toMatch(/Lovelace|Grace Hopper/)
  })

  it('leaves the page to the browser when it cannot be rendered from the shell’s answers', async () => {
    // Logged out: the plain shell.
    const anonymous = await page('/dashboard')
    expect(anonymous.rendered).toBe(false)
    expect(anonymous.html).toBe('<p>Loading…</p>')
    // Someone else's record: not in the shell, so not rendered, and nothing of it in the page.
    const foreign = await page(`/students/${other.id}`, student.cookie)
    expect(foreign.rendered).toBe(false)
    expect(foreign.response.body).not.toContain('Grace Hopper')
    // A page for admins only, asked for by a student: the page's own notice, from users/me alone.
    const notice = await page('/admin/users', student.cookie)
    expect(notice.response.body).not.toContain('Alan Admin')
  })
})
