import { build } from 'esbuild'
import { markBuilt } from './lib/build-state.mjs'
import { serverBundleOptions } from './lib/server-bundle.mjs'

/** The server as one ESM file; packages stay in node_modules. */
await build(serverBundleOptions('dist/server'))
markBuilt()
