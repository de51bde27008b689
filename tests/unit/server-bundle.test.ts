import { readFileSync } from 'node:fs'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { serverBundleOptions } from '../../scripts/lib/server-bundle.mjs'

/**
 * The server bundle holds the packages it loads at start (docs/decisions, ADR 039). A bundled
 * package that finds its own files by path would look for them beside `dist/server/main.js` and
 * fail only in production, the browser tests and the bench: tsx and Vitest run the sources, where
 * it works. This builds the bundle in memory and refuses any bundled package that does so; such a
 * package belongs in the bundle's external list (scripts/lib/server-bundle.mjs).
 */
const FINDS_ITS_OWN_FILES = /__dirname|__filename|import\.meta\.(?:url|dirname|filename)|require\.resolve\(/

describe('the server bundle', () => {
  it('holds no package that finds its own files by path', { timeout: 60_000 }, async () => {
    const result = await build({
      ...serverBundleOptions('/tmp/unused'),
      write: false,
      sourcemap: false,
      metafile: true,
    })
    const output = Object.values(result.metafile.outputs).find((o) => o.entryPoint)!
    const bundledPackages = Object.entries(output.inputs)
      .filter(([file, info]) => file.includes('node_modules/') && info.bytesInOutput > 0)
      .map(([file]) => file)
    expect(bundledPackages.some((file) => file.includes('node_modules/fastify/'))).toBe(true)
    expect(bundledPackages.some((file) => file.includes('node_modules/@electric-sql/pglite/'))).toBe(false)

    const offenders = bundledPackages.filter((file) => FINDS_ITS_OWN_FILES.test(readFileSync(file, 'utf8')))
    expect(offenders).toEqual([])
    const text = result.outputFiles.find((file) => file.path.endsWith('.js'))!.text
    expect(text).not.toMatch(/__dirname|__filename/)
  })
})
