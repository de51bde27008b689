import { sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { selectRows } from '../../src/server/db/raw'
import { addToTeam } from '../factories'
import type { TestApp } from './test-app'
import { multipart, SAMPLES } from './uploads'

/**
 * What every file store must do, run against each (the local folder and an S3-compatible
 * server): store and read back byte for byte, remove with the document, and keep nothing from an
 * upload whose row could not be written. `storedKeys` lists what the store holds.
 */
export function storageContract(setup: () => { t: TestApp; storedKeys: () => Promise<string[]> }) {
  async function team() {
    const { t } = setup()
    const educator = await t.userWith({ roles: ['educator'] })
    const student = await t.userWith({ roles: ['student'] })
    await addToTeam(t.db, student.id, educator.id)
    return { t, educator, student, url: `/api/v1/students/${student.id}/documents` }
  }

  it('stores an upload, reads it back byte for byte, and removes it with the document', async () => {
    const { t, educator, url } = await team()
    const added = await t.request({
      method: 'POST',
      url,
      cookie: educator.cookie,
      ...multipart({ name: 'Practice test 4.pdf', bytes: SAMPLES.pdf }),
    })
    expect(added.statusCode, added.body).toBe(201)
    const document = added.json()
    const [row] = await selectRows<{ file_key: string }>(
      t.db,
      sql`select file_key from documents where id = ${document.uuid}`,
    )
    expect(await t.app.files.exists(row!.file_key)).toBe(true)

    const download = await t.request({ method: 'GET', url: document.url, cookie: educator.cookie })
    expect(download.statusCode).toBe(200)
    expect(download.rawPayload.equals(SAMPLES.pdf)).toBe(true)

    const deleted = await t.request({
      method: 'DELETE',
      url: `${url}/${document.uuid}`,
      cookie: educator.cookie,
    })
    expect(deleted.statusCode).toBe(204)
    expect(await t.app.files.exists(row!.file_key)).toBe(false)
    const gone = await t.request({ method: 'GET', url: document.url, cookie: educator.cookie })
    expect(gone.statusCode).toBe(404)
  })

  it('keeps no file when the row cannot be written after the file was stored', async () => {
    const { t, educator, student, url } = await team()
    const before = await setup().storedKeys()
    // The database refuses the insert on purpose, after the store has the file.
    await t.db.execute(sql`create or replace function refuse_documents() returns trigger language plpgsql as
      $$ begin raise exception 'refused on purpose'; end $$`)
    await t.db.execute(sql`create trigger refuse_documents before insert on documents
      for each row execute function refuse_documents()`)
    try {
      const refused = await t.request({
        method: 'POST',
        url,
        cookie: educator.cookie,
        ...multipart({ name: 'scan.png', bytes: SAMPLES.png }),
      })
      expect(refused.statusCode).toBe(500)
    } finally {
      await t.db.execute(sql`drop trigger refuse_documents on documents`)
    }
    const rows = await selectRows(t.db, sql`select id from documents where student_id = ${student.id}`)
    expect(rows).toEqual([])
    expect(await setup().storedKeys()).toEqual(before)
  })
}
