import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium } from 'playwright'
import sharp from 'sharp'
import { freePort, waitForHealth } from './lib/local-server.mjs'

/**
 * `npm run screenshots`: serves `npm run start:demo` on a free port with a throwaway database,
 * logs in as the demo people and writes the README's two pictures to docs/images/ as small
 * palette PNGs (ADR 045): Maya Chen's record on a phone, and an educator's dashboard at desktop
 * width. `npm run screenshots -- --all` writes every role's dashboard and the record at 390 and
 * 1280 px, whole pages, to test-results/screenshots/demo/ instead, for a person to look at.
 * Builds first when the build is stale (start.mjs does). Uses the system Chromium (CHROMIUM_PATH).
 */
const ALL = process.argv.includes('--all')
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const PASSWORD = 'crestline-demo-2026'
const PEOPLE = {
  admin: 'admin@example.com',
  educator: 'priya.raman@example.com',
  fao: 'grace.liu@example.com',
  student: 'maya.chen@example.com',
  guardian: 'laura.chen@example.com',
}
const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1280, height: 800 }

const port = await freePort()
const origin = `http://127.0.0.1:${port}`
const dataDir = mkdtempSync(path.join(tmpdir(), 'crestline-screenshots-'))
const server = spawn(
  process.execPath,
  ['--max-semi-space-size=8', '--v8-pool-size=1', 'scripts/start.mjs', '--demo'],
  {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_ORIGIN: origin,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
)

/** A palette PNG at the highest compression: a fraction of Chromium's own PNG. */
async function savePng(file, png) {
  mkdirSync(path.dirname(file), { recursive: true })
  const small = await sharp(png)
    .png({ palette: true, quality: 90, compressionLevel: 9, effort: 10 })
    .toBuffer()
  writeFileSync(file, small)
  console.log(`${file}  ${(small.length / 1024).toFixed(0)} KB`)
}

let browser
try {
  // The first start builds (when stale) and creates the database: give it a few minutes.
  await waitForHealth(origin, server, 300_000, 'The demo server')
  browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox'] })

  /** A page logged in as one demo person, at one width. */
  async function pageAs(role, viewport, deviceScaleFactor = 1) {
    const context = await browser.newContext({ baseURL: origin, viewport, deviceScaleFactor })
    const login = await context.request.post('/api/auth/sign-in/email', {
      data: { email: PEOPLE[role], password: PASSWORD },
    })
    if (!login.ok()) throw new Error(`Logging in as ${PEOPLE[role]}: ${login.status()} ${await login.text()}`)
    return context.newPage()
  }

  /** Opens a path and waits for its page heading, its data and its fonts (any heading: pages change). */
  async function open(page, pathname) {
    await page.goto(pathname)
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await page.waitForLoadState('networkidle')
    await page.evaluate(() => document.fonts.ready)
  }

  const educator = await pageAs('educator', DESKTOP)
  const dashboard = await (await educator.request.get('/api/v1/screens/my-dashboard')).json()
  const maya = dashboard.students.find((student) => student.name === 'Maya Chen')
  const record = `/students/${maya.uuid}`

  if (!ALL) {
    await open(educator, '/dashboard')
    await savePng('docs/images/dashboard-desktop.png', await educator.screenshot())
    const phone = await pageAs('educator', PHONE, 2)
    await open(phone, record)
    await savePng('docs/images/record-phone.png', await phone.screenshot())
  } else {
    for (const viewport of [PHONE, DESKTOP]) {
      for (const role of Object.keys(PEOPLE)) {
        const page = await pageAs(role, viewport)
        await open(page, '/dashboard')
        const name = `test-results/screenshots/demo/dashboard-${role}-${viewport.width}.png`
        await savePng(name, await page.screenshot({ fullPage: true }))
        await open(page, record)
        const file = `test-results/screenshots/demo/record-${role}-${viewport.width}.png`
        await savePng(file, await page.screenshot({ fullPage: true }))
        if (role === 'admin') {
          await open(page, '/admin')
          const overview = `test-results/screenshots/demo/admin-${viewport.width}.png`
          await savePng(overview, await page.screenshot({ fullPage: true }))
        }
        await page.context().close()
      }
    }
  }
} finally {
  await browser?.close()
  server.kill('SIGTERM')
  await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve()))
  rmSync(dataDir, { recursive: true, force: true })
}
