import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { buildIsStale } from './lib/build-state.mjs'

/**
 * `npm run lighthouse`: builds when stale, serves the production build on a free port with a
 * throwaway database, and prints Lighthouse's mobile scores and each page's JavaScript (gzip) as a
 * table (LIGHTHOUSE_PAGES=/a,/b for other pages). A report, not a gate (docs/product.md#budgets: performance >= 95, the others 100).
 */
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',') ?? [
  '/',
  '/services/tutoring',
  '/blog/posts/digital-sat-structure-and-scoring',
  '/contact-us',
]
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

const stale = buildIsStale()
if (stale) {
  console.log(`The build is ${stale}: building…`)
  if (spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' }).status !== 0) process.exit(1)
}

const port = await new Promise((resolve, reject) => {
  const probe = createServer()
  probe.once('error', reject)
  probe.listen(0, '127.0.0.1', () => {
    const { port } = probe.address()
    probe.close(() => resolve(port))
  })
})
const origin = `http://127.0.0.1:${port}`
const dataDir = mkdtempSync(path.join(tmpdir(), 'crestline-lighthouse-'))
const server = spawn(process.execPath, ['dist/server/main.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_ORIGIN: origin,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
})
let chrome
try {
  const deadline = Date.now() + 60_000
  for (;;) {
    const ok = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) break
    if (Date.now() > deadline || server.exitCode !== null) throw new Error('The server did not start')
    await new Promise((resolve) => setTimeout(resolve, 200))
  }

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
  for (const page of PAGES) {
    // Mobile form factor with simulated throttling: Lighthouse's defaults. A run that fails to
    // load the page (a busy machine: NO_FCP, timeouts) is tried again, up to three times.
    let result
    for (let attempt = 1; attempt <= 3; attempt++) {
      result = await lighthouse(`${origin}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      })
      if (!result.lhr.runtimeError && result.lhr.categories.performance.score !== null) break
      console.warn(`${page}: ${result.lhr.runtimeError?.code ?? 'no score'} on attempt ${attempt}`)
    }
    const { categories, audits } = result.lhr
    const scripts = (audits['network-requests']?.details?.items ?? []).filter(
      (item) => item.resourceType === 'Script',
    )
    let gzipBytes = 0
    for (const script of scripts) {
      const body = Buffer.from(await (await fetch(script.url)).arrayBuffer())
      gzipBytes += gzipSync(body, { level: 9 }).length
    }
    const failing = Object.values(categories)
      .flatMap((category) => category.auditRefs.map((ref) => audits[ref.id]))
      .filter(
        (audit) => audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary',
      )
      .map((audit) => audit.id)
    rows.push({
      page,
      performance:
        categories.performance.score === null ? 'error' : Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      bestPractices: Math.round(categories['best-practices'].score * 100),
      seo: Math.round(categories.seo.score * 100),
      lcp: audits['largest-contentful-paint'].displayValue,
      cls: audits['cumulative-layout-shift'].displayValue,
      js: `${(gzipBytes / 1024).toFixed(1)} KB (${scripts.length} file${scripts.length === 1 ? '' : 's'})`,
      failing: failing.join(', ') || '-',
    })
  }
  console.log('\nLighthouse 12, mobile (simulated throttling), production build on this machine\n')
  console.log(
    '| page | performance | accessibility | best practices | SEO | LCP | CLS | JS (gzip) | failing audits |',
  )
  console.log('|---|---|---|---|---|---|---|---|---|')
  for (const row of rows) {
    console.log(
      `| ${row.page} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${row.lcp} | ${row.cls} | ${row.js} | ${row.failing} |`,
    )
  }
} finally {
  await chrome?.kill()
  server.kill('SIGTERM')
  await new Promise((resolve) => server.once('exit', resolve))
  rmSync(dataDir, { recursive: true, force: true })
}
