import { build } from 'esbuild'
import { markBuilt } from './lib/build-state.mjs'
import { firstRenderBundleOptions, serverBundleOptions } from './lib/server-bundle.mjs'

/** The server as one ESM file; packages stay in node_modules. Beside it, the first-screen renderer. */
await Promise.all([build(serverBundleOptions('dist/server')), build(firstRenderBundleOptions('dist/ssr'))])
markBuilt()
