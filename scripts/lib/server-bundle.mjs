/**
 * How the server is bundled: one ESM file, packages left in node_modules. `build-server.mjs`
 * writes it to `dist/server`; the fault tests write it beside their results and run it as
 * production does.
 */
export const serverBundleOptions = (outdir) => ({
  entryPoints: { main: 'src/server/main.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
