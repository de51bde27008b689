import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadPosts, parsePost } from '../../scripts/prerender/blog'
import { PUBLIC_PAGE_PATTERNS } from '../../src/shared/web-routes'
import { renderDocument } from '../../src/web/site/document'
import { sitePages } from '../../src/web/site/site-pages'

/** The prerendered public site, rendered here without a build (ADR 013). */
const posts = loadPosts(path.join(import.meta.dirname, '../../content/blog'))
const pages = sitePages(posts)
const assets = { css: ['/assets/site.css'], script: '/assets/site.js', fonts: ['/assets/inter.woff2'] }
const matches = (pattern: string, pagePath: string) =>
  new RegExp(`^${pattern.replace(/\$[A-Za-z]+/g, '[a-z0-9-]+')}$`).test(pagePath)

describe('blog posts', () => {
  it('has at least four real posts, newest first', () => {
    expect(posts.length).toBeGreaterThanOrEqual(4)
    const dates = posts.map((post) => post.date)
    expect(dates).toEqual([...dates].sort().reverse())
    for (const post of posts) {
      expect(post.readingMinutes).toBeGreaterThanOrEqual(3)
      expect(post.html).toContain('<h2 id=')
      expect(post.html).not.toMatch(/lorem ipsum/i)
    }
  })

  it('refuses a post whose front matter is incomplete, naming the file and field', () => {
    expect(() => parsePost('draft', '---\ntitle: A title long enough\n---\nBody')).toThrow(
      /content\/blog\/draft\.md: .*description/,
    )
    expect(() => parsePost('Bad Slug', '---\n---\n')).toThrow(/slug/)
  })
})

describe('public pages', () => {
  it('are the pages of PUBLIC_PAGE_PATTERNS, each pattern with at least one page', () => {
    const indexable = pages.filter((page) => page.status === undefined)
    for (const page of indexable) {
      expect(
        PUBLIC_PAGE_PATTERNS.some((pattern) => matches(pattern, page.path)),
        page.path,
      ).toBe(true)
    }
    for (const pattern of PUBLIC_PAGE_PATTERNS) {
      expect(
        indexable.some((page) => matches(pattern, page.path)),
        pattern,
      ).toBe(true)
    }
  })

  it('have unique titles and descriptions of a length search engines show whole', () => {
    expect(new Set(pages.map((page) => page.title)).size).toBe(pages.length)
    expect(new Set(pages.map((page) => page.description)).size).toBe(pages.length)
    for (const page of pages) {
      expect(page.title.length, page.title).toBeLessThanOrEqual(80)
      expect(page.description.length, page.path).toBeLessThanOrEqual(200)
    }
  })

  it.each(pages.map((page) => [page.path, page] as const))(
    '%s renders its head and one <h1>',
    (_path, page) => {
      const html = renderDocument(page, assets)
      const h1s = [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ''))
      expect(h1s).toHaveLength(1)
      expect(h1s[0]!.replaceAll('&#x27;', "'").replaceAll('&amp;', '&')).toBe(page.heading)
      expect(html).toContain(`<title>${page.title.replaceAll('&', '&amp;')}</title>`)
      expect(html).toContain('<meta name="description"')
      expect(html).toContain('<meta property="og:title"')
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image">')
      if (page.status === 404) expect(html).toContain('<meta name="robots" content="noindex">')
      else expect(html).toContain(`<link rel="canonical" href="%APP_ORIGIN%${page.path}">`)
      expect(html).not.toMatch(/lorem ipsum/i)
    },
  )

  it('puts Organization data on the home page and Article data on posts', () => {
    const home = renderDocument(pages.find((page) => page.path === '/')!, assets)
    expect(home).toContain('"@type":"Organization"')
    const post = renderDocument(pages.find((page) => page.path.startsWith('/blog/posts/'))!, assets)
    expect(post).toContain('"@type":"Article"')
  })

  it('the legal page promises only what the product does: hours drawn down, no payments or invoices', () => {
    const legal = renderDocument(pages.find((page) => page.path === '/legal')!, assets)
    expect(legal).not.toMatch(/ invoices? (is|are) (sent|issued)|pay (online|by card)/i)
    expect(legal).toContain('does not take payments or keep billing records, and it issues no invoices')
    expect(legal).toContain('is drawn from your hours')
    // The data rights it names are the ones the workspace has: a copy from Settings, deletion by an admin.
    expect(legal).toContain('download a copy')
    expect(legal).toContain('deletes the student for good')
  })
})
