import { APP_ROUTE_PATTERNS } from '../../src/shared/web-routes'

interface ManifestChunk {
  file: string
  imports?: string[]
  dynamicImports?: string[]
}

/** The app's router and routes, which the entry imports once React is evaluated (`src/web/main.tsx`). */
const APP_MODULE = 'router.tsx'

/** What the app shell preloads beyond the entry's own imports (docs/performance.md, change 23). */
export interface AppPreloads {
  /** The Latin subset of Inter, which every page's text uses. */
  fonts: string[]
  /**
   * The app's router chunk and what it imports beyond the entry: the entry imports it dynamically,
   * so that evaluating it is a task of its own, and every app page needs it at once.
   */
  app: string[]
  /** Per route pattern of the web app: its component chunks (layout first) and what they import. */
  routes: Record<string, string[]>
}

/**
 * `routes/_app/students.$uuid.tsx` → `/students/$uuid`: layout folders (`_app`) drop out, dots are
 * slashes, `index` is the folder itself, and a trailing `_` (a path not nested in its parent's
 * layout: `students.$uuid_.practice.$attemptId.tsx`) is not part of the path.
 */
function routePattern(routeFile: string): string {
  const segments = routeFile
    .replace(/^routes\//, '')
    .replace(/\.tsx$/, '')
    .split('/')
    .filter((segment) => !segment.startsWith('_'))
    .flatMap((segment) => segment.split('.'))
    .map((segment) => segment.replace(/_$/, ''))
  if (segments.at(-1) === 'index') segments.pop()
  return `/${segments.join('/')}`
}

/**
 * The router splits each route's component into a chunk of its own (autoCodeSplitting), which
 * the app asks for only after its entry has run and matched the URL. The server knows the URL when
 * it sends the shell, so it lists those chunks as `modulepreload` links and the browser fetches
 * them beside the entry.
 */
export function appPreloads(manifest: Record<string, ManifestChunk>, fonts: string[]): AppPreloads {
  const entry = manifest['index.html']
  if (!entry) throw new Error("index.html is not in Vite's manifest")
  const closure = (chunk: ManifestChunk, into: Set<string>) => {
    for (const key of chunk.imports ?? []) {
      const imported = manifest[key]
      if (!imported || into.has(imported.file)) continue
      into.add(imported.file)
      closure(imported, into)
    }
    return into
  }
  const entryFiles = closure(entry, new Set([entry.file]))
  const appChunk = entry.dynamicImports?.includes(APP_MODULE) ? manifest[APP_MODULE] : undefined
  if (!appChunk) throw new Error(`The entry does not import ${APP_MODULE}`)
  const app = [...closure(appChunk, new Set([appChunk.file]))].filter((file) => !entryFiles.has(file))
  const loaded = new Set([...entryFiles, ...app])
  const components = new Map<string, ManifestChunk>()
  for (const [key, chunk] of Object.entries(manifest)) {
    // The chunk holding the route's component, alone or grouped with others (`component---…`).
    const match = /^(routes\/.+\.tsx)\?tsr-split=(?:[A-Za-z]+---)*component(?:---[A-Za-z]+)*$/.exec(key)
    if (match) components.set(match[1]!, chunk)
  }
  const routes: Record<string, string[]> = {}
  for (const [routeFile, chunk] of components) {
    const pattern = routePattern(routeFile)
    if (!(APP_ROUTE_PATTERNS as readonly string[]).includes(pattern)) continue
    const layout = /^routes\/(_[^/]+)\//.exec(routeFile)?.[1]
    const layoutChunk = layout ? components.get(`routes/${layout}.tsx`) : undefined
    const files = new Set<string>()
    for (const own of [layoutChunk, chunk]) {
      if (!own) continue
      files.add(own.file)
      closure(own, files)
    }
    routes[pattern] = [...files].filter((file) => !loaded.has(file)).map((file) => `/${file}`)
  }
  const missing = APP_ROUTE_PATTERNS.filter((pattern) => !routes[pattern])
  if (missing.length > 0) throw new Error(`No component chunk found for ${missing.join(', ')}`)
  return { fonts, app: app.map((file) => `/${file}`), routes }
}
