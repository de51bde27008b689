import { randomBytes, randomUUID } from 'node:crypto'
import { readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { documents } from '../../src/server/db/schema'
import type { TestApp } from './test-app'

/** A multipart/form-data body as a browser sends it: text fields, then one file part. */
export function multipart(
  file: { name: string; bytes: Buffer; type?: string; field?: string } | null,
  fields: Record<string, string> = {},
) {
  const boundary = `----crestline${randomBytes(8).toString('hex')}`
  const parts: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    )
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
          `content-type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/** A zip (stored, not compressed) of these entries: enough for signature checks. */
function zipOf(entries: Record<string, string>): Buffer {
  const parts = Object.entries(entries).map(([name, content]) => {
    const data = Buffer.from(content)
    const header = Buffer.alloc(30)
    header.writeUInt32LE(0x04034b50, 0)
    header.writeUInt16LE(20, 4)
    header.writeUInt32LE(data.length, 18)
    header.writeUInt32LE(data.length, 22)
    header.writeUInt16LE(Buffer.byteLength(name), 26)
    return Buffer.concat([header, Buffer.from(name), data])
  })
  return Buffer.concat([...parts, Buffer.from('504b0506', 'hex'), Buffer.alloc(18)])
}

/** An Office Open XML package whose main part has this content type (…document, …sheet, …presentation). */
const officeFile = (part: string, type: string) =>
  zipOf({
    '[Content_Types].xml': `<?xml version="1.0"?><Types><Override PartName="/${part}" ContentType="application/vnd.openxmlformats-officedocument.${type}.main+xml"/></Types>`,
    [part]: '<x/>',
  })

/** Small real files of each kind, made here (no fixtures to keep in the repository). */
export const SAMPLES = {
  pdf: Buffer.concat([
    Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1'),
    randomBytes(2048),
    Buffer.from('\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
  ]),
  png: Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cf00000301010018dd8db00000000049454e44ae426082',
    'hex',
  ),
  jpeg: Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), randomBytes(64)]),
  text: Buffer.from('Reading list for the summer\nÉtude, naïve café, 数学\n'),
  docx: officeFile('word/document.xml', 'wordprocessingml.document'),
  xlsx: officeFile('xl/workbook.xml', 'spreadsheetml.sheet'),
  pptx: officeFile('ppt/presentation.xml', 'presentationml.presentation'),
  zip: zipOf({ 'notes.txt': 'hello', 'run.sh': 'echo hi' }),
  heic: Buffer.concat([
    Buffer.from('00000018667479706865696300000000', 'hex'),
    Buffer.from('mif1heic'),
    randomBytes(64),
  ]),
  /** A Linux executable (ELF) and a Windows one (PE, "MZ"), to be renamed .pdf. */
  elf: Buffer.concat([Buffer.from('7f454c46020101000000000000000000', 'hex'), randomBytes(256)]),
  pe: Buffer.concat([
    Buffer.from('MZ'),
    Buffer.alloc(58),
    Buffer.from([0x80, 0, 0, 0]),
    Buffer.alloc(64),
    Buffer.from('PE\0\0'),
    randomBytes(256),
  ]),
  html: Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>'),
  /** An old-format Word file: the OLE2 container holding a "WordDocument" stream. */
  doc: Buffer.concat([
    Buffer.from('d0cf11e0a1b11ae1', 'hex'),
    Buffer.alloc(504),
    Buffer.from('WordDocument', 'utf16le'),
    Buffer.alloc(512),
  ]),
}

/** Every file under a folder (the local store, the incoming folder), relative to it. */
export function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
  } catch {
    return []
  }
}

/** A file document written straight to the store and the table, as an upload would leave it. */
export async function createFileDocument(
  t: TestApp,
  studentId: string,
  { creatorId, hidden = false, bytes = SAMPLES.pdf }: { creatorId: string; hidden?: boolean; bytes?: Buffer },
): Promise<string> {
  const key = `${studentId}/${randomUUID()}`
  const temp = path.join(t.dataDir, 'incoming', randomUUID())
  writeFileSync(temp, bytes)
  await t.app.files.put(key, temp, bytes.length, 'application/pdf')
  const [row] = await t.db
    .insert(documents)
    .values({
      studentId,
      creatorId,
      name: 'Scanned form',
      fileKey: key,
      fileName: 'scanned form.pdf',
      fileType: 'application/pdf',
      fileSize: bytes.length,
      hidden,
    })
    .returning({ id: documents.id })
  return row!.id
}
