import path from 'node:path'
import { IMAGES_TOKEN, ORIGIN_TOKEN } from '../../src/shared/public-site'
import { renderDocument } from '../../src/web/site/document'
import { sitePages } from '../../src/web/site/site-pages'
import { loadPosts } from './blog'

/**
 * `npm run dev` only: renders a public page on request (loaded through Vite's SSR loader by the
 * plugin in vite.config.ts), so copy and posts can be edited with a reload instead of a build.
 * Null for any other path, which Vite then hands to the app.
 */
export function renderDevPage(pathname: string, origin: string): string | null {
  const page = sitePages(loadPosts(path.join(process.cwd(), 'content/blog'))).find(
    (candidate) => candidate.path === pathname && candidate.status === undefined,
  )
  if (!page) return null
  // In dev the site script imports the stylesheet itself (Vite injects it).
  const islands = Object.fromEntries(
    (page.scripts ?? []).map((input) => [input, { script: `/${input}`, imports: [] }]),
  )
  return renderDocument(page, { css: [], script: '/site/islands/site.ts', fonts: [], islands })
    .replaceAll(ORIGIN_TOKEN, origin)
    .replaceAll(IMAGES_TOKEN, '/images')
}
