import { z } from 'zod'
import { provideZod } from './zod-slot'

/**
 * zod compiles fast parsers with `new Function` when it may, and its probe for that trips our
 * strict CSP (no 'unsafe-eval'): browsers log it as a CSP issue. In the browser, parse without it.
 * The public site's islands import this module first (they parse at once); the web app loads it
 * with `loadZod()` (lazy-zod.ts, ADR 053). The only module of the web build whose `zod` is the
 * package itself; the build hands over only the parts of `z` the code names (scripts/lib/lazy-zod.ts).
 */
z.config({ jitless: true })
provideZod(z)
