import type { BuildOptions } from 'esbuild'

export function serverBundleOptions(outdir: string): BuildOptions
