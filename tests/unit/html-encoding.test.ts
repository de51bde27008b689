import { describe, expect, it } from 'vitest'
import { chooseEncoding } from '../../src/server/plugins/html-encoding'

describe('the encoding of an app page', () => {
  it('prefers brotli, then gzip, reading the header as @fastify/compress does', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br')
    expect(chooseEncoding('gzip')).toBe('gzip')
    expect(chooseEncoding('GZIP')).toBe('gzip')
    expect(chooseEncoding('x-gzip')).toBe('gzip')
    expect(chooseEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip')
    expect(chooseEncoding('*')).toBe('br')
  })

  it('never sends what the caller refuses or does not name', () => {
    expect(chooseEncoding('br;q=0, *')).toBe('gzip')
    expect(chooseEncoding('br;q=0.0, gzip')).toBe('gzip')
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeNull()
    expect(chooseEncoding('identity')).toBeNull()
    expect(chooseEncoding('deflate')).toBeNull()
  })
})
