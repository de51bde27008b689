import { chromium } from '@playwright/test'

const [, , path, name, ...offsets] = process.argv
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 })
await page.goto(`http://127.0.0.1:4617${path}`)
await page.evaluate(() => document.fonts.ready)
for (const y of offsets) {
  await page.evaluate((y) => window.scrollTo(0, Number(y)), y)
  await page.waitForTimeout(200)
  await page.screenshot({ path: `/tmp/shots-public/crops/${name}-${y}.png` })
}
await browser.close()
