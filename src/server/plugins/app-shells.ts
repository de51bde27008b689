import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

interface AppPreloads {
  fonts: string[]
  /** The router's chunk and its imports, which the entry imports once React is evaluated. */
  app?: string[]
  routes: Record<string, string[]>
}

const escapeAttribute = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;')

/**
 * The app shell per route pattern: the built `index.html` with `modulepreload` links for the
 * route's own chunks and a preload of the font, which the build lists in `app-preloads.json`
 * (scripts/prerender/app-preloads.ts). Without that file (no build, an old build), no shells: the
 * plain shell serves every route.
 */
export function loadShells(shell: string, pagesDir: string): Map<string, string> {
  const file = path.join(pagesDir, 'app-preloads.json')
  const shells = new Map<string, string>()
  const entry = shell.indexOf('<script type="module"')
  if (!existsSync(file) || entry === -1 || !shell.includes('</head>')) return shells
  const preloads = JSON.parse(readFileSync(file, 'utf8')) as AppPreloads
  // The stylesheet first, then the font, then the scripts: the first paint needs only the
  // stylesheet, and with six connections to a host (HTTP/1.1) it no longer queues behind the
  // entry's dozen module preloads.
  const stylesheets = shell.match(/<link rel="stylesheet"[^>]*>/g) ?? []
  const fonts = preloads.fonts.map(
    (font) => `<link rel="preload" href="${escapeAttribute(font)}" as="font" type="font/woff2" crossorigin>`,
  )
  const reordered = `${shell.slice(0, entry)}${[...stylesheets, ...fonts].join('')}${stylesheets.reduce(
    (rest, tag) => rest.replace(tag, ''),
    shell.slice(entry),
  )}`
  for (const [pattern, files] of Object.entries(preloads.routes)) {
    const links = [...(preloads.app ?? []), ...files].map(
      (chunk) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(chunk)}">`,
    )
    shells.set(pattern, reordered.replace('</head>', `${links.join('')}</head>`))
  }
  return shells
}
