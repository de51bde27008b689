import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin, type UserConfig } from 'vite'
import { lazySchemasPlugin } from './scripts/lib/lazy-schemas'
import { lazyZodPlugin } from './scripts/lib/lazy-zod'

const webRoot = fileURLToPath(new URL('./src/web', import.meta.url))

/** `npm run dev`: public pages rendered on request, as the build prerenders them (ADR 013). */
function publicPagesInDev(): Plugin {
  const renderer = fileURLToPath(new URL('./scripts/prerender/dev.tsx', import.meta.url))
  return {
    name: 'crestline-public-pages-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(async (request, response, next) => {
        const pathname = request.url?.split('?')[0] ?? ''
        if (request.method !== 'GET' || pathname.startsWith('/api') || /\.[a-z0-9]+$/i.test(pathname))
          return next()
        try {
          const { renderDevPage } = await server.ssrLoadModule(renderer)
          const html = renderDevPage(pathname, `http://${request.headers.host}`)
          if (!html) return next()
          response.setHeader('content-type', 'text/html; charset=utf-8')
          response.end(await server.transformIndexHtml(pathname, html))
        } catch (error) {
          next(error)
        }
      })
    },
  }
}

const config: UserConfig = {
  root: webRoot,
  plugins: [
    // The router plugin must run before react() (ADR 006).
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's whole UI in one lazy chunk. By default the pending component stays in the entry,
      // and with it everything it shares with the page (a screen's lists, forms and their
      // libraries): the entry then held most of the admin screens (docs/performance.md, change 23).
      codeSplittingOptions: {
        defaultBehavior: [['component', 'pendingComponent', 'errorComponent', 'notFoundComponent']],
      },
      routesDirectory: './routes',
      generatedRouteTree: './routeTree.gen.ts',
    }),
    react(),
    // The shared schemas built on first use in the browser (ADR 051).
    lazySchemasPlugin(),
    // zod itself loaded after the page is usable (ADR 053).
    lazyZodPlugin(),
    tailwindcss(),
    publicPagesInDev(),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // The public pages' scripts are entries of their own; scripts/prerender reads the manifest (ADR 013).
    manifest: true,
    rollupOptions: {
      input: {
        app: fileURLToPath(new URL('./src/web/index.html', import.meta.url)),
        site: fileURLToPath(new URL('./src/web/site/islands/site.ts', import.meta.url)),
        // The prerendered /login's island (ADR 036).
        login: fileURLToPath(new URL('./src/web/site/islands/login.ts', import.meta.url)),
      },
      // The libraries in chunks of their own, named by what they hold: a release that changes
      // only the app's code leaves their files, and a phone's cached copies, as they were.
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'vendor-tanstack', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'vendor-zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3001' },
  },
}

export default defineConfig(({ command }) => {
  // With NODE_ENV=development in the environment, `vite build` bundles React's development build:
  // the app shell grows by half and the app runs slower. That happens unseen when a script that
  // runs the server in development builds first (the sqlmap scan starts `npm run start:demo` so,
  // and a stale build is rebuilt). The build is for production whatever NODE_ENV says; Vite reads
  // NODE_ENV after this file, as its own warning about NODE_ENV advises.
  if (command === 'build') process.env.NODE_ENV = 'production'
  return config
})
