import { build } from 'esbuild'
import { markBuilt } from './lib/build-state.mjs'

/** The server as one ESM file; packages stay in node_modules. */
await build({
  entryPoints: { main: 'src/server/main.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
markBuilt()
