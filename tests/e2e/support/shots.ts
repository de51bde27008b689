import type { Locator, Page } from '@playwright/test'

/** Where the screenshots go when asked for. */
export const SHOTS_DIR = 'test-results/screenshots'

/** True when this run should write screenshots: `E2E_SCREENSHOTS=1 node scripts/test-e2e.mjs`. */
export const shotsWanted = () => Boolean(process.env.E2E_SCREENSHOTS)

/**
 * A PNG for a person to look at (never compared), written to `test-results/screenshots/<name>.png`
 * only when the run asks for screenshots. A full-page screenshot of a long page costs about a
 * second in a headless browser, and nobody reads CI's, so an ordinary run skips them.
 */
export async function shot(target: Page | Locator, name: string, { fullPage = false } = {}) {
  if (!shotsWanted()) return
  const path = `${SHOTS_DIR}/${name}.png`
  await ('goto' in target ? target.screenshot({ path, fullPage }) : target.screenshot({ path }))
}
