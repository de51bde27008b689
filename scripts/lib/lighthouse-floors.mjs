import { readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { build } from 'vite'

const root = fileURLToPath(new URL('../lighthouse-floor', import.meta.url))

/**
 * The floor pages of `npm run lighthouse` (scripts/lighthouse-floor): the same page of 40 links
 * hydrated by React alone, and by React under TanStack Router and Query, built for production into
 * `outDir`, rendered on the server as the app's pages are, and served gzipped from a port of their
 * own. What such a page scores is the least any workspace page of this stack can score on the
 * machine at that moment, as the bench's bare route is for the API.
 *
 * Returns the two pages' addresses and a `close` for the server.
 */
export async function serveFloors(outDir, port) {
  const quiet = { configFile: false, logLevel: 'error', root, plugins: [react()] }
  const web = path.join(outDir, 'web')
  await build({
    ...quiet,
    build: {
      outDir: web,
      target: 'es2022',
      manifest: true,
      rollupOptions: {
        input: { react: path.join(root, 'react.tsx'), router: path.join(root, 'router.tsx') },
      },
    },
  })
  // Bundled whole, so that the render runs from a folder outside the project's node_modules.
  await build({
    ...quiet,
    ssr: { noExternal: true },
    build: { outDir: path.join(outDir, 'server'), ssr: path.join(root, 'server.tsx'), target: 'node20' },
  })
  const { renderFloors } = await import(path.join(outDir, 'server', 'server.js'))
  const rendered = await renderFloors()
  const manifest = JSON.parse(readFileSync(path.join(web, '.vite', 'manifest.json'), 'utf8'))
  for (const name of ['react', 'router']) {
    const entry = manifest[`${name}.tsx`]
    // As the app's shell: the entry's imports preloaded beside it.
    const preloads = (entry.imports ?? [])
      .map((chunk) => `<link rel="modulepreload" crossorigin href="/${manifest[chunk].file}">`)
      .join('')
    writeFileSync(
      path.join(web, `${name}.html`),
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">' +
        '<meta name="viewport" content="width=device-width, initial-scale=1">' +
        `<meta name="description" content="The least a workspace page can be, measured beside the app's pages.">` +
        `<title>Floor: ${name}</title><script type="module" crossorigin src="/${entry.file}"></script>${preloads}` +
        `</head><body><div id="root">${rendered[name]}</div></body></html>`,
    )
  }
  const server = createServer((request, response) => {
    const name = (request.url ?? '/').split('?')[0].replace(/^\/+/, '')
    let body
    try {
      body = readFileSync(path.join(outDir, 'web', path.normalize(name).replace(/^(\.\.[/\\])+/, '')))
    } catch {
      response.writeHead(404).end()
      return
    }
    const type = name.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8'
    response.writeHead(200, { 'content-type': type, 'content-encoding': 'gzip', 'cache-control': 'no-cache' })
    response.end(gzipSync(body))
  })
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${port}`
  return {
    pages: { 'floor:react': `${origin}/react.html`, 'floor:router': `${origin}/router.html` },
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}
