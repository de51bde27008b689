import { describe, expect, it } from 'vitest'
import { contentDisposition, downloadName } from '../../src/server/files/disposition'
import { describeFile, formatFileSize, mayShowInline } from '../../src/shared/documents'

describe('file sizes and types as the list shows them', () => {
  it.each([
    [840, '840 bytes'],
    [12 * 1024 + 100, '12 KB'],
    [1.24 * 1024 * 1024, '1.2 MB'],
    [25 * 1024 * 1024, '25 MB'],
  ])('%d bytes reads %s', (bytes, words) => {
    expect(formatFileSize(bytes)).toBe(words)
  })

  it('names the type in words, "File" for one it does not know', () => {
    expect(describeFile({ type: 'application/pdf', size: 1.24 * 1024 * 1024 })).toBe('PDF · 1.2 MB')
    expect(describeFile({ type: 'application/x-unknown', size: 10 })).toBe('File · 10 bytes')
  })
})

describe('download names', () => {
  it('keeps a matching extension and adds the checked type’s otherwise', () => {
    expect(downloadName('Essay.PDF', 'application/pdf')).toBe('Essay.PDF')
    expect(downloadName('essay.exe', 'application/pdf')).toBe('essay.exe.pdf')
    expect(downloadName('scan', 'image/jpeg')).toBe('scan.jpg')
  })

  it('writes an ASCII fallback and the exact UTF-8 name (RFC 6266, RFC 8187)', () => {
    expect(contentDisposition('attachment', 'naïve "plan" (v2).txt')).toBe(
      `attachment; filename="na_ve _plan_ (v2).txt"; filename*=UTF-8''na%C3%AFve%20%22plan%22%20%28v2%29.txt`,
    )
  })

  it('shows inline only PDF and images', () => {
    expect(['application/pdf', 'image/png', 'image/heic'].every(mayShowInline)).toBe(true)
    expect(['text/plain', 'application/msword'].some(mayShowInline)).toBe(false)
  })
})
