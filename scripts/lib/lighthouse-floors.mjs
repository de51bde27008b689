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
  await build({
    ...quiet,
    build: {
      outDir: path.join(outDir, 'web'),
      target: 'es2022',
      rollupOptions: {
        input: { react: path.join(root, 'react.html'), router: path.join(root, 'router.html') },
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
  for (const name of ['react', 'router']) {
    const file = path.join(outDir, 'web', `${name}.html`)
    writeFileSync(file, readFileSync(file, 'utf8').replace('<!--floor-->', rendered[name]))
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
