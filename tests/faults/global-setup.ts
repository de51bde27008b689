import path from 'node:path'
import { build } from 'esbuild'
import { serverBundleOptions } from '../../scripts/lib/server-bundle.mjs'
import { clusterUnavailable } from './helpers/pg-cluster'
import { SERVER_BUNDLE } from './helpers/server-process'

/**
 * The server as production runs it: bundled as `scripts/build-server.mjs` bundles it and started
 * with plain `node`, written beside the test results so `dist/` and its build stamp stay
 * untouched. It starts in about a second, where tsx would compile on every start.
 */
export default async function setup() {
  if (clusterUnavailable) {
    console.warn(`\nSkipping the fault tests: ${clusterUnavailable}.\n`)
    return
  }
  await build(serverBundleOptions(path.dirname(SERVER_BUNDLE)))
}
