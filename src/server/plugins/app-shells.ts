import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

interface AppPreloads {
  fonts: string[]
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
  if (!existsSync(file) || !shell.includes('</head>')) return shells
  const preloads = JSON.parse(readFileSync(file, 'utf8')) as AppPreloads
  const fonts = preloads.fonts.map(
    (font) => `<link rel="preload" href="${escapeAttribute(font)}" as="font" type="font/woff2" crossorigin>`,
  )
  for (const [pattern, files] of Object.entries(preloads.routes)) {
    const links = [
      ...fonts,
      ...files.map((chunk) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(chunk)}">`),
    ]
    shells.set(pattern, shell.replace('</head>', `${links.join('')}</head>`))
  }
  return shells
}
