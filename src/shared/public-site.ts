/**
 * What the prerendered public pages (scripts/prerender) and the server that serves them
 * (src/server/plugins/web.ts) agree on (ADR 013).
 */

/** Filled in by the server at start: the build does not know its origin or image host. */
export const ORIGIN_TOKEN = '%APP_ORIGIN%'
export const IMAGES_TOKEN = '%IMAGES_BASE_URL%'

/**
 * The one inline script of the public pages: marks the document as having JavaScript before the
 * first paint, so the contact form (or, without JS, the email address and phone number) shows
 * without a layout shift. The server allows exactly this text by its hash in the CSP.
 */
export const JS_CLASS_SCRIPT = "document.documentElement.classList.add('js')"

/** One file of the prerendered output, listed in `dist/pages/manifest.json`. */
export interface PrerenderedFile {
  /** The URL path it answers, e.g. `/services/tutoring` or `/sitemap.xml`. */
  path: string
  /** File name inside `dist/pages`. */
  file: string
  contentType: string
  /** 404 for the not-found page, which answers unknown paths; otherwise 200. */
  status: number
}
