import { build } from 'esbuild'
import { clusterUnavailable } from './helpers/pg-cluster'
import { SERVER_BUNDLE } from './helpers/server-process'

/**
 * The server as production runs it: one esbuild bundle started with plain `node` (as
 * `scripts/build-server.mjs` builds it), written beside the test results so `dist/` and its build
 * stamp stay untouched. It starts in about a second, where tsx would compile on every start.
 */
export default async function setup() {
  if (clusterUnavailable) {
    console.warn(`\nSkipping the fault tests: ${clusterUnavailable}.\n`)
    return
  }
  await build({
    entryPoints: { main: 'src/server/main.ts' },
    outdir: SERVER_BUNDLE.replace(/\/main\.js$/, ''),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  })
}
