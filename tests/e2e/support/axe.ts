import type { Page } from '@playwright/test'
import axe from 'axe-core'

/** The rules the product is held to: WCAG 2.0-2.2 A and AA, and axe's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

/**
 * axe-core run in the page as it is now; the violations only.
 *
 * axe's source (about 550 KB) is evaluated once per document, not once per check: a
 * journey checks the same document again after each step, and evaluating the source was as long
 * as a check itself. The run asks for violations only, so axe does not collect and send back
 * every passing node. The app has no frames, and a page with one is refused rather than checked
 * without it. docs/performance.md, the time CI takes, has the measurements.
 */
export async function axeViolations(page: Page): Promise<axe.Result[]> {
  if (page.frames().length > 1)
    throw new Error(`${page.url()} has frames, which axeViolations does not reach into`)
  const present = await page.evaluate('typeof window.axe === "object"')
  if (!present) await page.evaluate(axe.source)
  return page.evaluate(
    (tags) =>
      // biome-ignore lint/suspicious/noExplicitAny: axe is the global the source above defines
      ((window as any).axe as typeof axe)
        .run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
        .then((results) => results.violations),
    AXE_TAGS,
  )
}
