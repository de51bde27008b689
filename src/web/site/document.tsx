import { renderToStaticMarkup } from 'react-dom/server'
import { BRAND } from '../../shared/brand'
import { JS_CLASS_SCRIPT } from '../../shared/public-site'
import { SiteFooter } from './components/site-footer'
import { SiteHeader } from './components/site-header'
import { absoluteUrl, escapeHtml, type SitePage } from './page'

/** The built files every page links: found in Vite's manifest by scripts/prerender. */
export interface PageAssets {
  css: string[]
  /** The site script (menus; the contact form island loads from it on demand). */
  script: string
  /** Fonts worth preloading (the Latin subset of Inter). */
  fonts: string[]
  /** A page's own islands (`SitePage.scripts`) by Vite input: the built file and the files it imports. */
  islands?: Record<string, { script: string; imports: string[] }>
}

function SiteLayout({ page }: { page: SitePage }) {
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-surface px-4 py-3 font-semibold text-primary shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      <div className="flex min-h-dvh flex-col">
        <SiteHeader currentPath={page.path} showLogin={!page.hideLogin} />
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          {page.body}
        </main>
        <SiteFooter year={new Date().getFullYear()} />
      </div>
    </>
  )
}

const jsonLdScript = (data: object) =>
  `<script type="application/ld+json">${JSON.stringify(data).replaceAll('<', '\\u003c')}</script>`

/** A page's own islands: preloads for what each imports, then the module script itself. */
function islandTags(page: SitePage, assets: PageAssets): string[] {
  return (page.scripts ?? []).flatMap((input) => {
    const island = assets.islands?.[input]
    if (!island) return []
    return [
      ...island.imports.map((file) => `<link rel="modulepreload" href="${file}">`),
      `<script type="module" src="${island.script}"></script>`,
    ]
  })
}

/** A whole HTML document: the page's content, its head for search and sharing, no client rendering. */
export function renderDocument(page: SitePage, assets: PageAssets): string {
  const indexable = (page.status ?? 200) === 200
  const url = absoluteUrl(page.path)
  const title = escapeHtml(page.title)
  const description = escapeHtml(page.description)
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title}</title>`,
    `<meta name="description" content="${description}">`,
    indexable ? `<link rel="canonical" href="${url}">` : '<meta name="robots" content="noindex">',
    `<meta property="og:site_name" content="${escapeHtml(BRAND.name)}">`,
    `<meta property="og:type" content="${page.ogType ?? 'website'}">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    indexable ? `<meta property="og:url" content="${url}">` : '',
    `<meta property="og:image" content="${absoluteUrl('/og-card.png')}">`,
    '<meta property="og:image:width" content="1200">',
    '<meta property="og:image:height" content="630">',
    `<meta property="og:image:alt" content="${escapeHtml(`${BRAND.name}: ${BRAND.tagline}`)}">`,
    '<meta property="og:locale" content="en_US">',
    '<meta name="twitter:card" content="summary_large_image">',
    `<meta name="twitter:title" content="${title}">`,
    `<meta name="twitter:description" content="${description}">`,
    `<meta name="twitter:image" content="${absoluteUrl('/og-card.png')}">`,
    '<meta name="theme-color" content="#0f1b2d">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    ...assets.fonts.map(
      (font) => `<link rel="preload" href="${font}" as="font" type="font/woff2" crossorigin>`,
    ),
    ...assets.css.map((css) => `<link rel="stylesheet" href="${css}">`),
    `<script>${JS_CLASS_SCRIPT}</script>`,
    `<script type="module" src="${assets.script}"></script>`,
    ...islandTags(page, assets),
    page.head ?? '',
    ...(page.jsonLd ?? []).map(jsonLdScript),
  ].filter(Boolean)
  const body = renderToStaticMarkup(<SiteLayout page={page} />)
  return `<!doctype html>\n<html lang="en">\n<head>\n${head.join('\n')}\n</head>\n<body>\n${body}\n</body>\n</html>\n`
}
