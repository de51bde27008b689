import { rmSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '../../src/server/db/raw'
import { DOCUMENT_FILE_MAX_BYTES, MAX_DOCUMENTS_PER_STUDENT } from '../../src/shared/documents'
import { createDocument } from '../factories'
import { storageContract } from '../helpers/document-storage'
import { studentFamily } from '../helpers/family'
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app'
import { filesUnder, multipart, SAMPLES } from '../helpers/uploads'

/** Uploaded files on the local store (DATA_DIR/files): types, limits, who reads them (docs/api.md#uploaded-files). */
let t: TestApp
let educator: SignedIn
let fao: SignedIn
let student: SignedIn
let guardian: SignedIn
let url: string

beforeAll(async () => {
  t = await createTestApp()
  educator = await t.userWith({ roles: ['educator'], name: 'Eve Educator' })
  fao = await t.userWith({ roles: ['fao'] })
  const cast = await studentFamily(t, [educator, fao], { name: 'Sam Student' })
  student = cast.student
  guardian = cast.guardian
  url = `/api/v1/students/${student.id}/documents`
})
afterAll(() => t.close())

const storeDir = () => path.join(t.dataDir, 'files')
const incomingDir = () => path.join(t.dataDir, 'incoming')
const upload = (cookie: string, file: Parameters<typeof multipart>[0], fields: Record<string, string> = {}) =>
  t.request({ method: 'POST', url, cookie, ...multipart(file, fields) })
const documentCount = async () =>
  (
    await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from documents where student_id = ${student.id}`,
    )
  )[0]!.n

describe('local store', () => {
  storageContract(() => ({ t, storedKeys: async () => filesUnder(storeDir()) }))
})

describe('uploading', () => {
  it('adds a file document: its name defaults to the file name, url is the download path, and the add is audited', async () => {
    const added = await upload(student.cookie, {
      name: 'Common App essay.pdf',
      bytes: SAMPLES.pdf,
      type: 'text/html',
    })
    expect(added.statusCode, added.body).toBe(201)
    const document = added.json()
    expect(document).toMatchObject({
      name: 'Common App essay.pdf',
      url: `/api/v1/students/${student.id}/documents/${document.uuid}/file`,
      // The type comes from the bytes, not the browser's word for it.
      file: { name: 'Common App essay.pdf', type: 'application/pdf', size: SAMPLES.pdf.length },
      hidden: false,
      pinned: false,
      creator: { uuid: student.id, name: 'Sam Student' },
    })
    const record = (
      await t.request({ method: 'GET', url: `/api/v1/students/${student.id}`, cookie: guardian.cookie })
    ).json()
    expect(record.documents.find((d: { uuid: string }) => d.uuid === document.uuid)).toEqual(document)
    const [event] = await selectRows<{ action: string; after: { file: unknown } }>(
      t.db,
      sql`select action, after from audit_events where subject_id = ${document.uuid}`,
    )
    expect(event).toMatchObject({
      action: 'document.created',
      after: { file: { name: 'Common App essay.pdf', type: 'application/pdf', size: SAMPLES.pdf.length } },
    })
    expect(filesUnder(incomingDir())).toEqual([])
  })

  it('takes a name, and staff flags, from the form fields', async () => {
    const added = await upload(
      educator.cookie,
      { name: 'IMG_2041.HEIC.png', bytes: SAMPLES.png },
      {
        name: 'Transcript photo',
        pinned: 'true',
      },
    )
    expect(added.statusCode, added.body).toBe(201)
    expect(added.json()).toMatchObject({
      name: 'Transcript photo',
      pinned: true,
      file: { type: 'image/png' },
    })
  })

  it.each([
    ['a JPEG', 'photo.jpg', SAMPLES.jpeg, 'image/jpeg'],
    ['plain UTF-8 text', 'reading list.txt', SAMPLES.text, 'text/plain'],
    ['an old-format Word file', 'essay.doc', SAMPLES.doc, 'application/msword'],
    [
      'a Word file',
      'essay.docx',
      SAMPLES.docx,
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    [
      'an Excel file',
      'budget.xlsx',
      SAMPLES.xlsx,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    [
      'a PowerPoint file',
      'talk.pptx',
      SAMPLES.pptx,
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    ],
    ['a HEIC photo', 'IMG_0001.HEIC', SAMPLES.heic, 'image/heic'],
  ])('accepts %s', async (_what, name, bytes, type) => {
    const added = await upload(educator.cookie, { name, bytes })
    expect(added.statusCode, added.body).toBe(201)
    expect(added.json().file.type).toBe(type)
  })

  it.each([
    ['a Linux executable named .pdf', SAMPLES.elf, 'application/x-elf'],
    ['a Windows executable named .pdf', SAMPLES.pe, 'application/x-msdownload'],
    ['an HTML page named .pdf', SAMPLES.html, 'Web pages'],
    ['a zip that is no Office file', SAMPLES.zip, 'application/zip'],
    ['text that is not UTF-8', Buffer.from('caf\xe9 au lait\n', 'latin1'), 'UTF-8'],
    ['text with a NUL', Buffer.from('line one\0line two'), 'binary'],
    [
      'an SVG with a doctype',
      Buffer.from(
        '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>\n',
      ),
      'Web pages',
    ],
    [
      'an SVG behind an xml-stylesheet instruction',
      Buffer.from(
        '<?xml-stylesheet type="text/css" href="a.css"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>\n',
      ),
      'Web pages',
    ],
    [
      'text with an <img onerror> line',
      Buffer.from('My reading list\n<img src=x onerror=alert(document.cookie)>\nThe end\n'),
      'Web pages',
    ],
  ])('refuses %s with 415 naming the problem, keeping nothing', async (_what, bytes, named) => {
    const before = await documentCount()
    const stored = filesUnder(storeDir())
    const refused = await upload(educator.cookie, { name: 'essay.pdf', bytes, type: 'application/pdf' })
    expect(refused.statusCode).toBe(415)
    expect(refused.headers['content-type']).toContain('application/problem+json')
    expect(refused.json()).toMatchObject({ code: 'unsupported-file-type' })
    expect(refused.json().detail).toContain(named)
    expect(await documentCount()).toBe(before)
    expect(filesUnder(storeDir())).toEqual(stored)
    expect(filesUnder(incomingDir())).toEqual([])
  })

  it('refuses a file over 25 MB with 413, keeping nothing', async () => {
    const before = await documentCount()
    const stored = filesUnder(storeDir())
    const bytes = Buffer.concat([SAMPLES.pdf, Buffer.alloc(DOCUMENT_FILE_MAX_BYTES + 1 - SAMPLES.pdf.length)])
    const refused = await upload(educator.cookie, { name: 'scan.pdf', bytes })
    expect(refused.statusCode).toBe(413)
    expect(refused.json()).toMatchObject({ code: 'file-too-large' })
    expect(await documentCount()).toBe(before)
    expect(filesUnder(storeDir())).toEqual(stored)
    expect(filesUnder(incomingDir())).toEqual([])
  })

  it('refuses an empty file, a missing file, a second file and unknown fields with 400', async () => {
    const empty = await upload(educator.cookie, { name: 'empty.txt', bytes: Buffer.alloc(0) })
    expect(empty.statusCode).toBe(400)
    const missing = await upload(educator.cookie, null, { name: 'No file' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors).toEqual([{ path: 'file', message: 'This field is required.' }])
    const wrongField = await upload(educator.cookie, {
      name: 'a.pdf',
      bytes: SAMPLES.pdf,
      field: 'attachment',
    })
    expect(wrongField.statusCode).toBe(400)
    const unknown = await upload(
      educator.cookie,
      { name: 'a.pdf', bytes: SAMPLES.pdf },
      { url: 'https://example.com' },
    )
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().detail).toContain('url')
    expect(filesUnder(incomingDir())).toEqual([])
  })

  it('refuses a second file in one upload with 400 naming the field, keeping nothing', async () => {
    const before = await documentCount()
    const stored = filesUnder(storeDir())
    const boundary = '----crestlinetwofiles'
    const filePart = (name: string) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: application/pdf\r\n\r\n`,
        ),
        SAMPLES.pdf,
        Buffer.from('\r\n'),
      ])
    const refused = await t.request({
      method: 'POST',
      url,
      cookie: educator.cookie,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([filePart('one.pdf'), filePart('two.pdf'), Buffer.from(`--${boundary}--\r\n`)]),
    })
    expect(refused.statusCode, refused.body).toBe(400)
    expect(refused.json()).toMatchObject({ code: 'invalid-input' })
    expect(refused.json().errors).toEqual([
      { path: 'file', message: 'Send one file, in the field named file.' },
    ])
    expect(await documentCount()).toBe(before)
    expect(filesUnder(storeDir())).toEqual(stored)
    expect(filesUnder(incomingDir())).toEqual([])
  })

  it('takes an upload to the student id in upper case, storing it under the canonical id', async () => {
    const added = await t.request({
      method: 'POST',
      url: `/api/v1/students/${student.id.toUpperCase()}/documents`,
      cookie: student.cookie,
      ...multipart({ name: 'upper.pdf', bytes: SAMPLES.pdf }),
    })
    expect(added.statusCode, added.body).toBe(201)
    const document = added.json()
    expect(document.url).toBe(`/api/v1/students/${student.id}/documents/${document.uuid}/file`)
    const download = await t.request({ method: 'GET', url: document.url, cookie: student.cookie })
    expect(download.statusCode).toBe(200)
    expect(download.rawPayload.equals(SAMPLES.pdf)).toBe(true)
    expect(filesUnder(storeDir())).toContainEqual(expect.stringMatching(new RegExp(`^${student.id}/`)))
  })

  it('refuses a student or guardian marking an upload hidden or pinned (403), and an FAO (403), keeping nothing', async () => {
    const stored = filesUnder(storeDir())
    for (const caller of [student, guardian]) {
      const refused = await upload(caller.cookie, { name: 'a.pdf', bytes: SAMPLES.pdf }, { hidden: 'true' })
      expect(refused.statusCode).toBe(403)
      expect(refused.json().code).toBe('hidden-forbidden')
    }
    const faoRefused = await upload(fao.cookie, { name: 'a.pdf', bytes: SAMPLES.pdf })
    expect(faoRefused.statusCode).toBe(403)
    expect(filesUnder(storeDir())).toEqual(stored)
  })

  it('still caps the documents of one record, keeping no file', async () => {
    const capped = await t.userWith({ roles: ['student'] })
    for (let i = 0; i < MAX_DOCUMENTS_PER_STUDENT; i += 1)
      await createDocument(t.db, capped.id, { creatorId: capped.id })
    const stored = filesUnder(storeDir())
    const refused = await t.request({
      method: 'POST',
      url: `/api/v1/students/${capped.id}/documents`,
      cookie: capped.cookie,
      ...multipart({ name: 'one more.pdf', bytes: SAMPLES.pdf }),
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().code).toBe('too-many-documents')
    expect(filesUnder(storeDir())).toEqual(stored)
  })

  it('keeps nothing from an upload the client abandons halfway', async () => {
    const before = await documentCount()
    const stored = filesUnder(storeDir())
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const { payload, headers } = multipart({
      name: 'big.pdf',
      bytes: Buffer.concat([SAMPLES.pdf, Buffer.alloc(4 * 1024 * 1024)]),
    })
    await new Promise<void>((resolve) => {
      const req = httpRequest(`${address}${url}`, {
        method: 'POST',
        headers: { ...headers, cookie: educator.cookie, 'content-length': payload.length },
      })
      req.on('error', () => resolve())
      req.on('close', () => resolve())
      req.write(payload.subarray(0, 1024 * 1024), () => setTimeout(() => req.destroy(), 200))
    })
    // The server notices the closed connection and cleans up.
    for (let i = 0; i < 50 && filesUnder(incomingDir()).length > 0; i += 1)
      await new Promise((r) => setTimeout(r, 100))
    expect(filesUnder(incomingDir())).toEqual([])
    expect(await documentCount()).toBe(before)
    expect(filesUnder(storeDir())).toEqual(stored)
  })

  it('leaves every other route JSON-only: multipart anywhere else is 415', async () => {
    const refused = await t.request({
      method: 'POST',
      url: `/api/v1/students/${student.id}/sat-scores`,
      cookie: educator.cookie,
      ...multipart({ name: 'a.pdf', bytes: SAMPLES.pdf }),
    })
    expect(refused.statusCode).toBe(415)
  })

  it('still adds a link as JSON, unchanged', async () => {
    const added = await t.request({
      method: 'POST',
      url,
      cookie: educator.cookie,
      payload: { name: 'College list', url: 'https://docs.example.com/list' },
    })
    expect(added.statusCode).toBe(201)
    expect(added.json()).toMatchObject({ url: 'https://docs.example.com/list', file: null })
  })
})

describe('downloading', () => {
  it('answers an attachment with a safe name, nosniff and no-store; inline only for PDF and images when asked', async () => {
    const name = "Лист 'final'; résumé 100%.pdf"
    const document = (
      await upload(educator.cookie, { name: `C:\\Users\\sam\\${name}`, bytes: SAMPLES.pdf })
    ).json()
    // Only the last path segment is kept.
    expect(document.file.name).toBe(name)
    const download = await t.request({ method: 'GET', url: document.url, cookie: student.cookie })
    expect(download.statusCode).toBe(200)
    expect(download.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(SAMPLES.pdf.length),
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      'content-disposition':
        "attachment; filename=\"____ 'final'; r_sum_ 100_.pdf\"; filename*=UTF-8''%D0%9B%D0%B8%D1%81%D1%82%20%27final%27%3B%20r%C3%A9sum%C3%A9%20100%25.pdf",
    })
    expect(download.rawPayload.equals(SAMPLES.pdf)).toBe(true)
    const inline = await t.request({ method: 'GET', url: `${document.url}?inline`, cookie: student.cookie })
    expect(inline.headers['content-disposition']).toMatch(/^inline; /)

    const text = (await upload(educator.cookie, { name: 'notes', bytes: SAMPLES.text })).json()
    const textDownload = await t.request({ method: 'GET', url: `${text.url}?inline`, cookie: student.cookie })
    expect(textDownload.headers['content-type']).toBe('text/plain; charset=utf-8')
    // Never inline, and named with the extension of its checked type.
    expect(textDownload.headers['content-disposition']).toBe(
      `attachment; filename="notes.txt"; filename*=UTF-8''notes.txt`,
    )
  })

  it('hides a hidden file from the student and guardian (404) and shows it to staff', async () => {
    const document = (
      await upload(educator.cookie, { name: 'Aid notes.pdf', bytes: SAMPLES.pdf }, { hidden: 'true' })
    ).json()
    for (const caller of [student, guardian]) {
      const hidden = await t.request({ method: 'GET', url: document.url, cookie: caller.cookie })
      expect(hidden.statusCode).toBe(404)
    }
    for (const caller of [educator, fao]) {
      const shown = await t.request({ method: 'GET', url: document.url, cookie: caller.cookie })
      expect(shown.statusCode).toBe(200)
    }
  })

  it('answers 404 file-missing when the row is there but its file is not in the store', async () => {
    const before = new Set(filesUnder(storeDir()))
    const document = (await upload(educator.cookie, { name: 'Transcript.pdf', bytes: SAMPLES.pdf })).json()
    const stored = filesUnder(storeDir()).filter((key) => !before.has(key))
    expect(stored).toHaveLength(1)
    rmSync(path.join(storeDir(), stored[0]!))
    const missing = await t.request({ method: 'GET', url: document.url, cookie: educator.cookie })
    expect(missing.statusCode, missing.body).toBe(404)
    expect(missing.json().type).toMatch(/file-missing$/)
  })

  it('answers 404 for a link document, a document of another record, and a malformed id', async () => {
    const link = await createDocument(t.db, student.id, { creatorId: educator.id })
    const other = await t.userWith({ roles: ['student'] })
    const document = (await upload(educator.cookie, { name: 'a.pdf', bytes: SAMPLES.pdf })).json()
    for (const target of [
      `${url}/${link}/file`,
      `/api/v1/students/${other.id}/documents/${document.uuid}/file`,
      `${url}/not-a-uuid/file`,
    ]) {
      expect((await t.request({ method: 'GET', url: target, cookie: educator.cookie })).statusCode).toBe(404)
    }
  })
})

describe('editing a file document', () => {
  it('renames it when the client sends the document back, and refuses turning it into a link', async () => {
    const document = (await upload(student.cookie, { name: 'draft.pdf', bytes: SAMPLES.pdf })).json()
    const renamed = await t.request({
      method: 'PUT',
      url: `${url}/${document.uuid}`,
      cookie: student.cookie,
      payload: { ...document, name: 'Essay draft 2', creatorUUID: student.id },
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    expect(renamed.json()).toMatchObject({ name: 'Essay draft 2', url: document.url, file: document.file })
    const toLink = await t.request({
      method: 'PUT',
      url: `${url}/${document.uuid}`,
      cookie: student.cookie,
      payload: { name: 'x', url: 'https://example.com/x', creatorUUID: student.id },
    })
    expect(toLink.statusCode).toBe(400)
    expect(toLink.json().errors[0].path).toBe('url')
  })
})

describe('the table', () => {
  it('holds a link or a file, never both or neither', async () => {
    const attempt = (columns: string) =>
      t.db
        .execute(
          sql.raw(`insert into documents (student_id, creator_id, name, ${columns.split('|')[0]})
          values ('${student.id}', '${educator.id}', 'x', ${columns.split('|')[1]})`),
        )
        .then(
          () => 'stored',
          () => 'refused',
        )
    expect(
      await attempt(
        "url, file_key, file_name, file_type, file_size|'https://a.example/x', 'k1', 'a.pdf', 'application/pdf', 5",
      ),
    ).toBe('refused')
    expect(await attempt("file_name|'a.pdf'")).toBe('refused')
    expect(
      await attempt("file_key, file_name, file_type, file_size|'k2', 'a.pdf', 'application/pdf', 0"),
    ).toBe('refused')
    expect(
      await attempt("file_key, file_name, file_type, file_size|'k3', 'a.pdf', 'application/pdf', 5"),
    ).toBe('stored')
  })
})
