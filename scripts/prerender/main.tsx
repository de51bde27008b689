import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { BRAND } from '../../src/shared/brand'
import { ORIGIN_TOKEN, type PrerenderedFile } from '../../src/shared/public-site'
import { postPath } from '../../src/web/site/blog'
import { type PageAssets, renderDocument } from '../../src/web/site/document'
import type { SitePage } from '../../src/web/site/page'
import { sitePages } from '../../src/web/site/site-pages'
import { type AppPreloads, appPreloads } from './app-preloads'
import { loadPosts } from './blog'

/**
 * `npm run build:web`, after `vite build`: renders every public page to static HTML with React's
 * server renderer, plus sitemap.xml, robots.txt and the blog's RSS feed (ADR 013). The server
 * serves them from memory (src/server/plugins/web.ts).
 */
const ROOT = process.cwd()
const WEB_DIR = path.join(ROOT, 'dist/web')
const OUT_DIR = path.join(ROOT, 'dist/pages')
const SITE_ENTRY = 'site/islands/site.ts'

interface ManifestChunk {
  file: string
  css?: string[]
  imports?: string[]
}

function findAssets(pages: SitePage[]): { assets: PageAssets; preloads: AppPreloads } {
  const manifestFile = path.join(WEB_DIR, '.vite/manifest.json')
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>
  const entry = manifest[SITE_ENTRY]
  if (!entry) throw new Error(`${SITE_ENTRY} is not in Vite's manifest: is it an input in vite.config.ts?`)
  const css = new Set<string>()
  const visit = (chunk: ManifestChunk) => {
    for (const file of chunk.css ?? []) css.add(`/${file}`)
    for (const key of chunk.imports ?? []) if (manifest[key]) visit(manifest[key])
  }
  visit(entry)
  // Each page's own islands: the entry file and every chunk it imports, preloaded by the page.
  const islands: NonNullable<PageAssets['islands']> = {}
  for (const input of new Set(pages.flatMap((page) => page.scripts ?? []))) {
    const island = manifest[input]
    if (!island) throw new Error(`${input} is not in Vite's manifest: is it an input in vite.config.ts?`)
    const imports = new Set<string>()
    const follow = (chunk: ManifestChunk) => {
      for (const key of chunk.imports ?? []) {
        const imported = manifest[key]
        if (!imported || imports.has(`/${imported.file}`)) continue
        imports.add(`/${imported.file}`)
        follow(imported)
      }
    }
    follow(island)
    if (island.css?.length) throw new Error(`${input} imports CSS: the site script brings the stylesheet`)
    islands[input] = { script: `/${island.file}`, imports: [...imports] }
  }
  const fonts = readdirSync(path.join(WEB_DIR, 'assets'))
    .filter((file) => /^inter-latin-wght-normal-.*\.woff2$/.test(file))
    .map((file) => `/assets/${file}`)
  // The app shell's preloads, for the server (src/server/plugins/web.ts).
  const preloads = appPreloads(manifest, fonts)
  // The manifest is for this script only: it is not served.
  rmSync(path.join(WEB_DIR, '.vite'), { recursive: true, force: true })
  return { assets: { css: [...css], script: `/${entry.file}`, fonts, islands }, preloads }
}

const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')

function sitemap(pages: SitePage[], lastModified: Map<string, string>): string {
  const urls = pages
    .filter((page) => page.inSitemap)
    .map((page) => {
      const lastmod = lastModified.get(page.path)
      return `  <url><loc>${ORIGIN_TOKEN}${page.path}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`
    })
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}

function robots(): string {
  const app = ['/api/', '/dashboard', '/settings', '/onboarding', '/users', '/students', '/admin']
  return [
    'User-agent: *',
    ...app.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${ORIGIN_TOKEN}/sitemap.xml`,
    '',
  ].join('\n')
}

function rss(posts: ReturnType<typeof loadPosts>): string {
  const items = posts.map(
    (post) => `    <item>
      <title>${escapeXml(post.title)}</title>
      <link>${ORIGIN_TOKEN}${postPath(post.slug)}</link>
      <guid isPermaLink="true">${ORIGIN_TOKEN}${postPath(post.slug)}</guid>
      <pubDate>${new Date(`${post.date}T12:00:00Z`).toUTCString()}</pubDate>
      <author>${escapeXml(`${BRAND.email} (${post.author})`)}</author>
      <description>${escapeXml(post.description)}</description>
    </item>`,
  )
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(`${BRAND.name} blog`)}</title>
    <link>${ORIGIN_TOKEN}/blog</link>
    <atom:link href="${ORIGIN_TOKEN}/blog/rss.xml" rel="self" type="application/rss+xml"/>
    <description>${escapeXml('Notes on the SAT, the ACT and college admissions for students and parents.')}</description>
    <language>en-us</language>
${items.join('\n')}
  </channel>
</rss>
`
}

/** Every title and description is unique: search engines treat duplicates as one page. */
function checkUnique(pages: SitePage[]) {
  for (const key of ['title', 'description', 'path'] as const) {
    const seen = new Set<string>()
    for (const page of pages) {
      if (seen.has(page[key])) throw new Error(`Two public pages share the ${key} "${page[key]}"`)
      seen.add(page[key])
    }
  }
}

function main() {
  if (!existsSync(WEB_DIR)) throw new Error('Run `vite build` first: dist/web is missing')
  const started = performance.now()
  const posts = loadPosts(path.join(ROOT, 'content/blog'))
  const pages = sitePages(posts)
  const { assets, preloads } = findAssets(pages)
  checkUnique(pages)

  rmSync(OUT_DIR, { recursive: true, force: true })
  mkdirSync(OUT_DIR, { recursive: true })
  const files: PrerenderedFile[] = []
  const write = (file: PrerenderedFile, content: string) => {
    writeFileSync(path.join(OUT_DIR, file.file), content)
    files.push(file)
  }
  for (const page of pages) {
    const file = page.path === '/' ? 'index.html' : `${page.path.slice(1).replaceAll('/', '--')}.html`
    write(
      { path: page.path, file, contentType: 'text/html; charset=utf-8', status: page.status ?? 200 },
      renderDocument(page, assets),
    )
  }
  const lastModified = new Map(posts.map((post) => [postPath(post.slug), post.date]))
  if (posts[0]) lastModified.set('/blog', posts[0].date)
  write(
    { path: '/sitemap.xml', file: 'sitemap.xml', contentType: 'application/xml; charset=utf-8', status: 200 },
    sitemap(pages, lastModified),
  )
  write(
    { path: '/robots.txt', file: 'robots.txt', contentType: 'text/plain; charset=utf-8', status: 200 },
    robots(),
  )
  write(
    {
      path: '/blog/rss.xml',
      file: 'rss.xml',
      contentType: 'application/rss+xml; charset=utf-8',
      status: 200,
    },
    rss(posts),
  )
  writeFileSync(path.join(OUT_DIR, 'manifest.json'), `${JSON.stringify(files, null, 2)}\n`)
  writeFileSync(path.join(OUT_DIR, 'app-preloads.json'), `${JSON.stringify(preloads, null, 2)}\n`)
  console.log(
    `prerendered ${pages.length} pages, sitemap.xml, robots.txt and rss.xml into dist/pages in ${Math.round(performance.now() - started)} ms`,
  )
}

main()
