import { z } from 'zod'

/**
 * zod compiles fast parsers with `new Function` when it may, and its probe for that trips our
 * strict CSP (no 'unsafe-eval'): browsers log it as a CSP issue. In the browser, parse without it.
 */
z.config({ jitless: true })
