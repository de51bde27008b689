import type { BuildOptions } from 'esbuild'

export function serverBundleOptions(outdir: string): BuildOptions
export function firstRenderBundleOptions(outdir: string): BuildOptions
