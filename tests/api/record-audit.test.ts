import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '../../src/server/db/raw'
import { MAX_DOCUMENTS_PER_STUDENT } from '../../src/shared/documents'
import { addToTeam, createDocument } from '../factories'
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app'

/** Every write to a student's documents lands in the audit log in its own transaction. */
let t: TestApp
let admin: SignedIn
let educator: SignedIn
let student: SignedIn

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.userWith({ roles: ['admin'] })
  educator = await t.userWith({ roles: ['educator'] })
  student = await t.userWith({ roles: ['student'] })
  await addToTeam(t.db, student.id, educator.id)
})
afterAll(() => t.close())

const documentsUrl = (studentId: string) => `/api/v1/students/${studentId}/documents`

async function eventsFor(documentId: string) {
  return selectRows<{
    action: string
    actor_id: string
    student_id: string
    before: unknown
    after: unknown
  }>(
    t.db,
    sql`select action, actor_id, student_id, before, after from audit_events
      where subject_type = 'document' and subject_id = ${documentId} order by created_at, id`,
  )
}

describe('document changes in the audit log', () => {
  it('records the add, the edit with before and after, and the delete, each by its actor', async () => {
    const added = await t.request({
      method: 'POST',
      url: documentsUrl(student.id),
      cookie: student.cookie,
      payload: { name: 'Essay draft', url: 'https://docs.example.com/essay' },
    })
    expect(added.statusCode).toBe(201)
    const document = added.json()
    const edited = await t.request({
      method: 'PUT',
      url: `${documentsUrl(student.id)}/${document.uuid}`,
      cookie: educator.cookie,
      payload: { name: 'Essay final', url: document.url, hidden: true, creatorUUID: student.id },
    })
    expect(edited.statusCode).toBe(200)
    const deleted = await t.request({
      method: 'DELETE',
      url: `${documentsUrl(student.id)}/${document.uuid}`,
      cookie: admin.cookie,
    })
    expect(deleted.statusCode).toBe(204)

    const events = await eventsFor(document.uuid)
    expect(events.map((event) => [event.action, event.actor_id])).toEqual([
      ['document.created', student.id],
      ['document.updated', educator.id],
      ['document.deleted', admin.id],
    ])
    expect(events.every((event) => event.student_id === student.id)).toBe(true)
    expect(events[1]!.before).toMatchObject({ name: 'Essay draft', hidden: false })
    expect(events[1]!.after).toMatchObject({ name: 'Essay final', hidden: true })
    expect(events[2]!.before).toMatchObject({ name: 'Essay final', url: 'https://docs.example.com/essay' })
  })

  it('writes nothing, not even an audit row, when the change is refused', async () => {
    const before = await selectRows<{ count: number }>(
      t.db,
      sql`select count(*)::int as count from audit_events`,
    )
    const refused = await t.request({
      method: 'POST',
      url: documentsUrl(student.id),
      cookie: student.cookie,
      payload: { name: 'Sneaky', url: 'https://docs.example.com/x', hidden: true },
    })
    expect(refused.statusCode).toBe(403)
    const after = await selectRows<{ count: number }>(
      t.db,
      sql`select count(*)::int as count from audit_events`,
    )
    expect(after[0]!.count).toBe(before[0]!.count)
  })

  it('lets admins read one student’s history through the audit-events filter', async () => {
    const page = await t.request({
      method: 'GET',
      url: `/api/v1/audit-events?studentId=${student.id}`,
      cookie: admin.cookie,
    })
    expect(page.statusCode).toBe(200)
    const actions = page.json().events.map((event: { action: string }) => event.action)
    expect(actions).toEqual(
      expect.arrayContaining(['document.created', 'document.updated', 'document.deleted']),
    )
    const educatorsTry = await t.request({
      method: 'GET',
      url: `/api/v1/audit-events?studentId=${student.id}`,
      cookie: educator.cookie,
    })
    expect(educatorsTry.statusCode).toBe(403)
  })
})

describe('documents per record are capped', () => {
  it(`refuses the ${MAX_DOCUMENTS_PER_STUDENT + 1}th document with 409, and parallel adds cannot pass the cap`, async () => {
    const crowded = await t.userWith({ roles: ['student'] })
    for (let i = 0; i < MAX_DOCUMENTS_PER_STUDENT - 3; i += 1) {
      await createDocument(t.db, crowded.id, { creatorId: crowded.id })
    }
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.request({
          method: 'POST',
          url: documentsUrl(crowded.id),
          cookie: crowded.cookie,
          payload: { name: `Late ${i}`, url: `https://docs.example.com/late/${i}` },
        }),
      ),
    )
    const statuses = answers.map((answer) => answer.statusCode).sort()
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409, 409])
    const refused = answers.find((answer) => answer.statusCode === 409)!
    expect(refused.json()).toMatchObject({ code: 'too-many-documents' })
    const [counted] = await selectRows<{ count: number }>(
      t.db,
      sql`select count(*)::int as count from documents where student_id = ${crowded.id}`,
    )
    expect(counted!.count).toBe(MAX_DOCUMENTS_PER_STUDENT)
  })
})
