/**
 * How the server is bundled: one ESM file holding our code and the packages it loads at start.
 * `build-server.mjs` writes it to `dist/server`; the fault tests write it beside their results and
 * run it as production does.
 *
 * Bundling the packages saves Node from resolving and reading each package's module files at
 * every start (docs/performance.md, change 15). A few stay in `node_modules`:
 * - packages that read their own files by path at run time: PGlite (its WebAssembly and data
 *   files), pino and thread-stream (worker files), ioredis (its package.json), the OpenAPI
 *   plugins (their static files);
 * - packages loaded only on first use, so that their code is not even read at start: the S3 SDK
 *   and file-type;
 * - pg-native, which pg tries to load and we do not install.
 */
const EXTERNAL_PACKAGES = [
  '@electric-sql/pglite',
  'pino',
  'thread-stream',
  'ioredis',
  '@fastify/swagger',
  '@fastify/swagger-ui',
  '@aws-sdk/*',
  '@smithy/*',
  'file-type',
  'pg-native',
]

export const serverBundleOptions = (outdir) => ({
  entryPoints: { main: 'src/server/main.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  external: EXTERNAL_PACKAGES,
  // The bundled CommonJS packages call require(); an ES module has none of its own.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  sourcemap: true,
  logLevel: 'warning',
})

/**
 * The server's first render of an app page (ADR 049): the web app's routes and components with
 * React's server renderer, as one ESM file of its own (`dist/ssr/render.js`). Every package is in
 * it (React and the router are build-time packages), and the server imports it only on the first
 * logged-in shell, so it adds nothing to a start.
 */
export const firstRenderBundleOptions = (outdir) => ({
  entryPoints: { render: 'src/web/ssr/render.tsx' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  sourcemap: true,
  logLevel: 'warning',
})
