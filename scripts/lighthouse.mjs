import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js'
import { buildIsStale } from './lib/build-state.mjs'
import { serveFloors } from './lib/lighthouse-floors.mjs'
import { cliAdminInvite, makePeople } from './lib/lighthouse-people.mjs'
import { freePort, waitForHealth } from './lib/local-server.mjs'

/**
 * `npm run lighthouse`: builds when stale, serves the production build on a free port with a
 * throwaway database, and prints Lighthouse's mobile scores and each page's JavaScript (gzip) as a
 * table. A report, not a gate (docs/product.md#budgets).
 *
 * Workspace pages are measured logged in: the script makes an admin from the CLI invite, then a
 * student (16 scores, 6 documents), an educator with students, an FAO and a guardian through the
 * real API, and passes the role's session cookie to Lighthouse. A page is `role:/path`
 * (`{student}` stands for the student's uuid) or a bare `/path` for a logged-out visitor.
 * LIGHTHOUSE_PAGES=/a,student:/dashboard measures only those; LIGHTHOUSE_SAVE=DIR keeps each report's JSON;
 * LIGHTHOUSE_BLOCK=*name*,… blocks matching files (what a page would cost without a library).
 * LIGHTHOUSE_RUNS=N measures each page N times and reports Lighthouse's median run (the one
 * nearest the median FCP and time to interactive), with the range of TBT over the runs: on a
 * shared two-core machine one run of a page can differ from the next by a factor of three.
 *
 * The first two rows are floors (`floor:react`, `floor:router`): a page of 40 links with none of
 * the app's code, hydrated by React alone and by React under TanStack Router and Query
 * (scripts/lighthouse-floor). They show what the stack itself costs on this machine in this run.
 */
/** The mark a workspace page sets once it answers taps (`USABLE_MARK`, src/shared/first-screen.ts). */
const USABLE_MARK = 'crestline:usable'
const FLOOR_PAGES = ['floor:react', 'floor:router']
const FLOOR_NAMES = {
  'floor:react': 'floor: React alone',
  'floor:router': 'floor: React, TanStack Router and Query',
}
const PUBLIC_PAGES = [
  '/',
  '/services/tutoring',
  '/blog/posts/digital-sat-structure-and-scoring',
  '/contact-us',
]
const WORKSPACE_PAGES = [
  'student:/dashboard',
  'student:/students/{student}',
  'student:/students/{student}?section=plan',
  'student:/students/{student}?section=notes',
  'student:/students/{student}?section=documents',
  'student:/settings',
  'educator:/dashboard',
  'educator:/students',
  'educator:/students/{student}',
  'fao:/dashboard',
  'guardian:/dashboard',
  'admin:/dashboard',
  'admin:/admin',
  'admin:/admin/students',
  'admin:/admin/users',
  'admin:/students',
]
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',') ?? [
  ...FLOOR_PAGES,
  ...PUBLIC_PAGES,
  ...WORKSPACE_PAGES,
]
const parsePage = (entry) => {
  const match = /^([a-z]+):(\/.*)$/.exec(entry)
  return match ? { role: match[1], path: match[2] } : { role: null, path: entry }
}
/** LIGHTHOUSE_BLOCK=*score-chart-impl*,… : what a page would cost without those files (a what-if, not a score). */
const BLOCKED = process.env.LIGHTHOUSE_BLOCK?.split(',').filter(Boolean) ?? []
/** The workspace budget (docs/product.md#budgets); public pages are held to the same numbers. */
const BUDGET = { performance: 95, lcpMs: 2000, tbtMs: 150, jsKb: 120 }
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1))

const stale = buildIsStale()
if (stale) {
  console.log(`The build is ${stale}: building…`)
  if (spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' }).status !== 0) process.exit(1)
}

const port = await freePort()
const origin = `http://127.0.0.1:${port}`
const dataDir = mkdtempSync(path.join(tmpdir(), 'crestline-lighthouse-'))
const serverEnv = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  APP_ORIGIN: origin,
  LOG_LEVEL: 'warn',
}
const needsPeople = PAGES.some((entry) => parsePage(entry).role !== null)
const adminEmail = 'lighthouse.admin@crestline.test'
const adminInvite = needsPeople ? await cliAdminInvite(serverEnv, adminEmail) : null
const server = spawn(process.execPath, ['dist/server/main.js'], {
  env: serverEnv,
  stdio: ['ignore', 'ignore', 'inherit'],
})
let chrome
let floors
try {
  await waitForHealth(origin, server, 60_000, 'The server')
  if (PAGES.some((entry) => entry in FLOOR_NAMES))
    floors = await serveFloors(path.join(dataDir, 'floors'), await freePort())

  const people = needsPeople ? await makePeople(origin, adminInvite, adminEmail) : null

  chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  const rows = []
  for (const entry of PAGES) {
    const { role, path: pagePath } = parsePage(entry)
    const page = pagePath.replace('{student}', people?.studentUuid ?? '{student}')
    const cookie = role ? people.cookies[role] : undefined
    if (role && !cookie) throw new Error(`No session for the role '${role}' (${Object.keys(people.cookies)})`)
    // Mobile form factor with simulated throttling: Lighthouse's defaults. A run that fails to
    // load the page (a busy machine: NO_FCP, timeouts) is tried again, up to three times.
    const runs = []
    for (let run = 0; run < RUNS; run++) {
      let result
      for (let attempt = 1; attempt <= 3; attempt++) {
        result = await lighthouse(floors?.pages[entry] ?? `${origin}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
          ...(BLOCKED.length > 0 ? { blockedUrlPatterns: BLOCKED } : {}),
        })
        if (!result.lhr.runtimeError && result.lhr.categories.performance.score !== null) break
        console.warn(`${page}: ${result.lhr.runtimeError?.code ?? 'no score'} on attempt ${attempt}`)
      }
      runs.push(result.lhr)
    }
    const valid = filterToValidRuns(runs)
    const lhr = valid.length > 0 ? computeMedianRun(valid) : runs[0]
    const tbts = runs
      .map((lhr) => Math.round(lhr.audits['total-blocking-time'].numericValue))
      .sort((a, b) => a - b)
    if (process.env.LIGHTHOUSE_SAVE) {
      const name = `${role ?? 'visitor'}${pagePath}`.replaceAll(/[^a-z0-9]+/gi, '-')
      mkdirSync(process.env.LIGHTHOUSE_SAVE, { recursive: true })
      writeFileSync(path.join(process.env.LIGHTHOUSE_SAVE, `${name}.json`), JSON.stringify(lhr))
    }
    const { categories, audits } = lhr
    const scripts = (audits['network-requests']?.details?.items ?? []).filter(
      (item) => item.resourceType === 'Script',
    )
    // "Before the page is usable": the scripts whose request began before the page marked that it
    // answers taps (USABLE_MARK in src/shared/first-screen.ts: a server-rendered workspace page's
    // root losing `inert`), as observed (unthrottled). A page without the mark (the public pages,
    // the floors) counts up to its largest paint. What loads later (a chart, a dialog's code) does
    // not hold the page. The largest paint alone can come before the loader asks for any script.
    const usableAt = audits['user-timings']?.details?.items?.find(
      (item) => item.name === USABLE_MARK,
    )?.startTime
    const observedLcp =
      usableAt ?? audits.metrics?.details?.items?.[0]?.observedLargestContentfulPaint ?? Infinity
    let gzipBytes = 0
    let firstBytes = 0
    let firstFiles = 0
    for (const script of scripts) {
      const body = Buffer.from(await (await fetch(script.url)).arrayBuffer())
      const size = gzipSync(body, { level: 9 }).length
      gzipBytes += size
      if ((script.networkRequestTime ?? script.startTime ?? 0) <= observedLcp) {
        firstBytes += size
        firstFiles++
      }
    }
    const failing = Object.values(categories)
      .flatMap((category) => category.auditRefs.map((ref) => audits[ref.id]))
      .filter(
        (audit) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary',
      )
      .map((audit) => audit.id)
    const performance =
      categories.performance.score === null ? null : Math.round(categories.performance.score * 100)
    const lcpMs = audits['largest-contentful-paint'].numericValue
    const tbtMs = audits['total-blocking-time'].numericValue
    const over = [
      performance === null || performance < BUDGET.performance ? 'performance' : null,
      lcpMs >= BUDGET.lcpMs ? 'LCP' : null,
      tbtMs >= BUDGET.tbtMs ? 'TBT' : null,
      firstBytes / 1024 > BUDGET.jsKb ? 'JS' : null,
    ].filter(Boolean)
    rows.push({
      page: FLOOR_NAMES[entry] ?? (role ? `${role} ${pagePath}` : pagePath),
      performance: performance ?? 'error',
      accessibility: Math.round(categories.accessibility.score * 100),
      bestPractices: Math.round(categories['best-practices'].score * 100),
      seo: Math.round(categories.seo.score * 100),
      fcp: audits['first-contentful-paint'].displayValue,
      lcp: audits['largest-contentful-paint'].displayValue,
      tbt: RUNS > 1 ? `${Math.round(tbtMs)} ms (${tbts[0]}-${tbts.at(-1)})` : `${Math.round(tbtMs)} ms`,
      cls: audits['cumulative-layout-shift'].displayValue,
      firstJs: `${(firstBytes / 1024).toFixed(1)} KB (${firstFiles})`,
      js: `${(gzipBytes / 1024).toFixed(1)} KB (${scripts.length})`,
      budget: over.length === 0 ? 'within' : `over: ${over.join(', ')}`,
      failing: failing.join(', ') || '-',
    })
  }
  console.log(
    `\nLighthouse 12, mobile (simulated throttling), production build on this machine${RUNS > 1 ? `; the median of ${RUNS} runs a page, TBT's range in brackets` : ''}`,
  )
  console.log(
    `Budget: performance >= ${BUDGET.performance}, LCP < ${BUDGET.lcpMs / 1000} s, TBT < ${BUDGET.tbtMs} ms, ` +
      `JS before usable (the page's mark, else its largest paint) <= ${BUDGET.jsKb} KB gzip (files in brackets)\n`,
  )
  console.log(
    '| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | JS before usable (gzip) | JS in all (gzip) | budget | failing audits |',
  )
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|')
  for (const row of rows) {
    console.log(
      `| ${row.page} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${row.fcp} | ${row.lcp} | ${row.tbt} | ${row.cls} | ${row.firstJs} | ${row.js} | ${row.budget} | ${row.failing} |`,
    )
  }
} finally {
  await chrome?.kill()
  await floors?.close()
  server.kill('SIGTERM')
  await new Promise((resolve) => server.once('exit', resolve))
  rmSync(dataDir, { recursive: true, force: true })
}
