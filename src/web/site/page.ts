import type { ReactElement } from 'react'
import { IMAGES_TOKEN, ORIGIN_TOKEN } from '../../shared/public-site'

/** An image from the bucket by key (docs/operations.md, Configuration: IMAGES_BASE_URL; ADR 019); the server fills in IMAGES_BASE_URL. */
export const imageUrl = (key: string) => `${IMAGES_TOKEN}/${key}`
/** An absolute URL on this site; the server fills in APP_ORIGIN. */
export const absoluteUrl = (path: string) => `${ORIGIN_TOKEN}${path}`

export const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')

/** One prerendered public page: what the build writes and what the tests check. */
export interface SitePage {
  path: string
  /** The document title, whole ("… | Crestline Prep"). */
  title: string
  description: string
  /** The `<h1>`, as text. */
  heading: string
  ogType?: 'website' | 'article'
  /** Structured data (schema.org), as JSON-LD blocks. */
  jsonLd?: object[]
  /** Extra head elements (article times, the feed link), as HTML. */
  head?: string
  /** 404 for the not-found page. */
  status?: number
  /** Listed in sitemap.xml. */
  inSitemap?: boolean
  /** The header leaves out "Log in" / "Open workspace" (on /login itself). */
  hideLogin?: boolean
  /**
   * Islands of this page only, as Vite inputs (`site/islands/login.ts`): each is a module script
   * of its own in the page, with its imports preloaded, so it runs before the page's load event.
   */
  scripts?: string[]
  body: ReactElement
}
