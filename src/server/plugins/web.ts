import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { AFTER_PAINT_SCRIPT } from '../../shared/public-site'
import { isWebRoute, webRouteOf } from '../../shared/web-routes'
import { notFound } from '../problems'
import { loadShells } from './app-shells'
import { sendProblem } from './errors'
import { firstScreenFor } from './first-screen'
import { sendHtml } from './html-encoding'
import { loadPublicPages, sendPublicPage } from './public-pages'
import { isApiPath, requestPath } from './request-path'

const FALLBACK_SHELL = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Crestline Prep</title></head>
<body><main><h1>The web app is not built</h1><p>Run <code>npm run build</code>, or <code>npm start</code> which builds it.</p></main></body></html>`

/**
 * One port for everything: built files, the prerendered public pages (ADR 013), the app shell for
 * the web app's routes, and 'Not Found' with status 404 for anything else (docs/product.md#screens-and-navigation).
 */
type RenderFirstScreen = (url: string, answers: Record<string, unknown>) => Promise<string | null>

/** The shell's root element, which the app fills; the server's first render goes inside it. */
const ROOT_ELEMENT = /<div id="root">[\s\S]*?<\/div>/

/**
 * The module that renders an app page's first screen (ADR 049), loaded on the first logged-in
 * shell rather than at start. None when it is not built: the shell goes out as before.
 */
function firstRenderer(app: FastifyInstance, file: string): () => Promise<RenderFirstScreen | null> {
  let loading: Promise<RenderFirstScreen | null> | undefined
  return () => {
    loading ??= existsSync(file)
      ? import(pathToFileURL(file).href).then(
          (module: { renderFirstScreen: RenderFirstScreen }) => module.renderFirstScreen,
          (error: unknown) => {
            app.log.warn({ err: error }, 'the first-screen renderer did not load; shells go out without it')
            return null
          },
        )
      : Promise.resolve(null)
    return loading
  }
}

/** The shell's module scripts and module preloads, as the build and `loadShells` write them. */
const APP_SCRIPT_TAG =
  /<script type="module"[^>]*? src="([^"]+)"[^>]*><\/script>|<link rel="modulepreload"[^>]*? href="([^"]+)"[^>]*>/g

/**
 * The shell with the server's page in its root, `inert` until the browser has hydrated it (no tap
 * or form submission reaches a page without its handlers). The page shows without the scripts,
 * so they are not in the head: one inline loader at the end of the body starts them once the page
 * has painted (ADR 058). The stylesheet and the font, which that paint needs, have the line to
 * themselves, and evaluating the modules never comes before the first paint.
 */
function withRenderedPage(shell: string, page: string): string {
  let entry = ''
  const preloads: string[] = []
  const withoutScripts = shell.replace(APP_SCRIPT_TAG, (_tag, script?: string, preload?: string) => {
    if (script) entry ||= script
    else if (preload && !preloads.includes(preload)) preloads.push(preload)
    return ''
  })
  const loader = `<script data-entry="${entry}" data-preload="${preloads.join(' ')}">${AFTER_PAINT_SCRIPT}</script>`
  return (entry ? withoutScripts.replace('</body>', () => `${loader}</body>`) : shell).replace(
    ROOT_ELEMENT,
    () => `<div id="root" data-rendered="" inert>${page}</div>`,
  )
}

export default fp(
  async function webPlugin(
    app: FastifyInstance,
    { webDir, firstRenderModule }: { webDir: string; firstRenderModule?: string },
  ) {
    const indexFile = path.join(webDir, 'index.html')
    const shell = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : FALLBACK_SHELL
    // Each app route's shell, with the route's own chunks and the font preloaded.
    const shells = loadShells(shell, path.join(path.dirname(webDir), 'pages'))
    // dist/pages sits beside dist/web (scripts/prerender).
    const publicPages = loadPublicPages(path.join(path.dirname(webDir), 'pages'), {
      appOrigin: app.env.appOrigin,
      imagesBaseUrl: app.env.IMAGES_BASE_URL,
    })
    const notFoundPage = publicPages.get('/404')
    const renderer = firstRenderer(
      app,
      firstRenderModule ?? path.join(path.dirname(webDir), 'ssr', 'render.js'),
    )
    // Loaded once the server listens (not in tests, which inject), in the background, and run
    // once on a page that needs no one's data (the forgot-password form): the first logged-in
    // page then waits neither for the module nor for a cold first render.
    app.addHook('onListen', async () => {
      setImmediate(() => {
        void renderer()
          .then((render) => render?.('/forgot-password', {}))
          .catch((error: unknown) =>
            app.log.warn({ err: error }, 'the first-screen renderer did not warm up'),
          )
      })
    })
    for (const [pagePath, page] of publicPages) {
      if (page.status !== 200) continue
      app.get(pagePath, (request, reply) => sendPublicPage(request, reply, page))
    }

    if (existsSync(webDir)) {
      await app.register(fastifyStatic, {
        root: webDir,
        wildcard: false,
        index: false,
        setHeaders: (res, filePath) => {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`)
          res.header(
            'cache-control',
            hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
          )
        },
      })
    }

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = requestPath(request.url)
      if (isApiPath(pathname)) {
        return sendProblem(reply, notFound(`No API route ${request.method} ${pathname}.`))
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return sendProblem(reply, notFound(`Nothing at ${request.method} ${pathname}.`))
      }
      // A public page asked for with a trailing slash: one address per page.
      const withoutSlash = pathname.replace(/\/+$/, '')
      if (withoutSlash !== pathname && publicPages.get(withoutSlash)?.status === 200) {
        return reply.redirect(withoutSlash, 301)
      }
      if (!isWebRoute(pathname) && notFoundPage) return sendPublicPage(request, reply, notFoundPage)
      // A logged-in caller's shell carries the first screen's answers (ADR 047): never kept by a cache.
      const route = webRouteOf(pathname)
      const routeShell = (route && shells.get(route)) ?? shell
      const firstScreen =
        request.method === 'GET' && route && shell !== FALLBACK_SHELL
          ? await firstScreenFor(app, request)
          : null
      if (firstScreen) {
        for (const cookie of firstScreen.setCookies) reply.header('set-cookie', cookie)
        // The page itself, rendered from those answers (ADR 049); without it, the app renders it.
        const render = await renderer()
        const page = render
          ? await render(request.url, firstScreen.answers).catch((error: unknown) => {
              request.log.warn(
                { err: error },
                'the first screen did not render; the shell goes out without it',
              )
              return null
            })
          : null
        // The answers before the loader (ADR 058): the app may start as soon as the loader has run.
        const withAnswers = routeShell.replace('</body>', () => `${firstScreen.element}</body>`)
        reply.code(200).header('cache-control', 'no-store')
        return sendHtml(request, reply, page === null ? withAnswers : withRenderedPage(withAnswers, page))
      }
      reply.code(route ? 200 : 404).header('cache-control', 'no-cache')
      return sendHtml(request, reply, routeShell)
    })
  },
  { name: 'web', dependencies: ['errors'] },
)
