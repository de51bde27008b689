import { createReadStream } from 'node:fs'
import type { DocumentFileType } from '../../shared/documents'

export type Detected = { type: DocumentFileType } | { refused: string }

/** What file-type finds (by magic bytes) that we keep, as the type we store and serve. */
const BY_SIGNATURE: Record<string, DocumentFileType> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  png: 'image/png',
  jpg: 'image/jpeg',
  heic: 'image/heic',
}

/**
 * The old Office formats share one container (OLE2 "compound file"); the stream it holds tells
 * them apart: Word keeps "WordDocument", Excel "Workbook", PowerPoint "PowerPoint Document"
 * (directory names are UTF-16LE).
 */
const COMPOUND_STREAMS: Array<[Buffer, DocumentFileType]> = [
  [Buffer.from('WordDocument', 'utf16le'), 'application/msword'],
  [Buffer.from('Workbook', 'utf16le'), 'application/vnd.ms-excel'],
  [Buffer.from('PowerPoint Document', 'utf16le'), 'application/vnd.ms-powerpoint'],
]

/**
 * Text that starts like markup: a tag, an end tag, a doctype, a comment or an XML processing
 * instruction (`<?xml`, `<?xml-stylesheet`). A browser sniffing the file, or anything that opens it
 * as HTML, XML or SVG, would run it as a page.
 */
const STARTS_AS_MARKUP = /^\s*<[a-z!?/]/i

/**
 * Markup that acts wherever it appears in a file: a script, frame, object, SVG or style element,
 * or any tag with an event handler (`<img src=x onerror=…>`). Plain text people write has none.
 */
const ACTIVE_MARKUP =
  /<(script|iframe|frame|frameset|object|embed|svg|math|style|link|meta|base|form)[\s>/]|<[a-z][^<>]*[\s/"']on[a-z]+\s*=/i

/** How much of the text before a chunk is kept to look for markup split across chunks. */
const MARKUP_CARRY = 4096

const MARKUP_REFUSED =
  'Web pages (HTML, XML, SVG) cannot be uploaded, nor text that holds their markup. Save it as PDF first.'

async function findCompoundType(file: string): Promise<DocumentFileType | null> {
  const longest = Math.max(...COMPOUND_STREAMS.map(([name]) => name.length))
  let carry = Buffer.alloc(0)
  for await (const chunk of createReadStream(file)) {
    const window = Buffer.concat([carry, chunk as Buffer])
    for (const [name, type] of COMPOUND_STREAMS) if (window.includes(name)) return type
    carry = window.subarray(Math.max(0, window.length - longest))
  }
  return null
}

/**
 * Plain text: valid UTF-8 without NUL characters, not starting as markup and holding no active
 * markup anywhere (docs/api.md#uploaded-files).
 */
async function checkPlainText(file: string): Promise<Detected> {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  let carry = ''
  let first = true
  try {
    for await (const chunk of createReadStream(file)) {
      const bytes = chunk as Buffer
      if (bytes.includes(0)) return { refused: 'This file holds binary data, not text.' }
      const text = carry + decoder.decode(bytes, { stream: true })
      if (first) {
        const lead = text.replace(/^\uFEFF/, '')
        if (STARTS_AS_MARKUP.test(lead)) return { refused: MARKUP_REFUSED }
        first = lead.trim() === ''
      }
      if (ACTIVE_MARKUP.test(text)) return { refused: MARKUP_REFUSED }
      carry = text.slice(-MARKUP_CARRY)
    }
    if (ACTIVE_MARKUP.test(carry + decoder.decode())) return { refused: MARKUP_REFUSED }
  } catch {
    return { refused: 'This file is neither a supported document type nor UTF-8 text.' }
  }
  return { type: 'text/plain' }
}

/** The file's type from its bytes, never its name or the browser's word for it. */
export async function detectDocumentFileType(file: string): Promise<Detected> {
  // Loaded on the first upload rather than at every start.
  const { fileTypeFromFile } = await import('file-type')
  const found = await fileTypeFromFile(file)
  if (!found) return checkPlainText(file)
  const known = BY_SIGNATURE[found.ext]
  if (known) return { type: known }
  if (found.ext === 'cfb') {
    const type = await findCompoundType(file)
    if (type) return { type }
  }
  return {
    refused: `This file is ${found.mime} (.${found.ext}), which cannot be uploaded. Use PDF, Word, PowerPoint, Excel, plain text, PNG, JPEG or HEIC.`,
  }
}
