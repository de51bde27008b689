import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertSession } from '../../src/server/db/seed/sessions'
import { beginExport } from '../../src/server/modules/data-rights/export-gate'
import {
  addGuardian,
  addToTeam,
  createCollege,
  createDocument,
  createNote,
  createSatScore,
  createTask,
} from '../factories'
import { answersFor, formBody } from '../helpers/practice-forms'
import { createTestApp, type SignedIn, secondInstance, type TestApp } from '../helpers/test-app'

/** Copies of a person's data: an admin's of a student's record, and anyone's of their own. */
let t: TestApp
let admin: SignedIn
let educator: SignedIn
let student: SignedIn
let guardian: SignedIn
let internalNoteId: string
let sessionId: string
let attemptId: string

const HOSTILE = `<script>alert("x")</script><img src=x onerror=alert(1)>`

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.userWith({ roles: ['admin'] })
  educator = await t.userWith({ roles: ['educator'] })
  student = await t.userWith({ roles: ['student'], name: `Rosa ${HOSTILE}` })
  guardian = await t.userWith({ roles: ['guardian'] })
  await addToTeam(t.db, student.id, educator.id)
  await addGuardian(t.db, student.id, guardian.id, 'Mother')
  await createSatScore(t.db, student.id, { date: '2026-03-14', english: 650, math: 700 })
  await createDocument(t.db, student.id, { creatorId: educator.id, name: `Essay ${HOSTILE}` })
  await createDocument(t.db, student.id, { creatorId: educator.id, name: 'Staff only', hidden: true })
  await createNote(t.db, student.id, {
    authorId: educator.id,
    visibility: 'shared',
    body: `Shared **well** ${HOSTILE}`,
  })
  internalNoteId = await createNote(t.db, student.id, {
    authorId: educator.id,
    visibility: 'internal',
    body: 'Internal remark',
  })
  await createTask(t.db, student.id, { createdById: educator.id, title: `Task ${HOSTILE}` })
  await createCollege(t.db, student.id, { name: `College ${HOSTILE}`, deadline: '2026-11-01' })
  // One audited change, so the history is not empty.
  const added = await t.request({
    method: 'POST',
    url: `/api/v1/students/${student.id}/documents`,
    cookie: educator.cookie,
    payload: { name: 'Transcript', url: 'https://docs.example.com/transcript' },
  })
  expect(added.statusCode).toBe(201)
  // A tutoring session, attended and linked to the internal note, drawn from a package; an adjustment.
  sessionId = await insertSession(t.db, student.id, {
    educatorId: educator.id,
    createdById: admin.id,
    startsAt: new Date('2026-02-02T21:00:00Z'),
    location: { kind: 'in-person', place: `Library ${HOSTILE}` },
    agenda: `Agenda ${HOSTILE}`,
  })
  await t.db.execute(sql`update session_notes set session_id = ${sessionId} where id = ${internalNoteId}`)
  const hours = `/api/v1/students/${student.id}`
  for (const [url, payload, status] of [
    [
      `${hours}/packages`,
      { name: `Package ${HOSTILE}`, service: 'tutoring', hours: 10, purchasedOn: '2026-01-05' },
      201,
    ],
    [`${hours}/hours/adjustments`, { hours: -1.5, reason: `Refund ${HOSTILE}` }, 201],
  ] as const) {
    const written = await t.request({ method: 'POST', url, cookie: admin.cookie, payload })
    expect(written.statusCode, written.body).toBe(status)
  }
  const marked = await t.request({
    method: 'PATCH',
    url: `${hours}/sessions/${sessionId}`,
    cookie: educator.cookie,
    payload: { status: 'attended' },
  })
  expect(marked.statusCode, marked.body).toBe(200)
  // A practice test taken: 10 of Reading and Writing answered right, then submitted.
  const form = await t.request({
    method: 'POST',
    url: '/api/v1/practice-tests',
    cookie: admin.cookie,
    payload: formBody('SAT', null, `Practice ${HOSTILE}`),
  })
  expect(form.statusCode, form.body).toBe(201)
  const assigned = await t.request({
    method: 'POST',
    url: `${hours}/practice-attempts`,
    cookie: educator.cookie,
    payload: { formUUID: form.json().uuid },
  })
  expect(assigned.statusCode, assigned.body).toBe(201)
  attemptId = assigned.json().uuid
  for (const [method, url, payload] of [
    ['PUT', 'answers', { answers: answersFor('SAT', null, 'reading-writing', 10, 0) }],
    ['POST', 'submit', {}],
  ] as const) {
    const written = await t.request({
      method,
      url: `${hours}/practice-attempts/${attemptId}/${url}`,
      cookie: student.cookie,
      payload,
    })
    expect(written.statusCode, written.body).toBe(200)
  }
})
afterAll(() => t.close())

const get = (url: string, cookie: string) => t.request({ method: 'GET', url, cookie })

describe("an admin's export of a student's record", () => {
  it('holds everything: hidden documents, internal notes, tasks, colleges and the history', async () => {
    const answer = await get(`/api/v1/students/${student.id}/export`, admin.cookie)
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toMatch(/^application\/json/)
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="crestline-student-record-\d{4}-\d{2}-\d{2}\.json"$/,
    )
    expect(answer.headers['cache-control']).toBe('no-store')
    const data = answer.json()
    expect(data).toMatchObject({ kind: 'student-record', exportedBy: { uuid: admin.id } })
    expect(data.account).toMatchObject({ uuid: student.id, email: student.email })
    // The official score, and the practice entry the submitted attempt added.
    expect(data.student.record.satScoresHistorical).toHaveLength(2)
    expect(data.student.record.documents.map((d: { name: string }) => d.name)).toEqual(
      expect.arrayContaining(['Staff only', 'Transcript']),
    )
    expect(data.student.notes.map((n: { visibility: string }) => n.visibility).sort()).toEqual([
      'internal',
      'shared',
    ])
    // Their task, and the one the practice test's assignment made.
    expect(data.student.tasks).toHaveLength(2)
    expect(data.student.practiceAttempts).toEqual([
      expect.objectContaining({ uuid: attemptId, status: 'submitted', keyWithheld: false }),
    ])
    expect(data.student.practiceAttempts[0].review).toHaveLength(98)
    expect(data.student.colleges).toHaveLength(1)
    expect(data.student.record.guardians).toEqual([
      expect.objectContaining({ uuid: guardian.id, relationship: 'Mother' }),
    ])
    expect(data.history.map((e: { action: string }) => e.action)).toContain('document.created')
    expect(data.student.tutoringSessions).toEqual([
      expect.objectContaining({ uuid: sessionId, status: 'attended', noteUUID: internalNoteId }),
    ])
    expect(data.student.hours).toMatchObject({ balance: 7.5, packages: [{ hours: 10, hoursLeft: 9 }] })
    expect(data.student.hours.entries.map((e: { kind: string }) => e.kind)).toEqual([
      'purchase',
      'adjustment',
      'session',
    ])
  })

  it('reads as a page in which nothing anyone typed becomes markup', async () => {
    const answer = await get(`/api/v1/students/${student.id}/export?format=html`, admin.cookie)
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toMatch(/^text\/html/)
    expect(answer.headers['content-disposition']).toMatch(/^attachment; .*\.html"$/)
    const html = answer.body
    expect(html).not.toMatch(/<script|<img|onerror=alert\(1\)>/i)
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;')
    expect(html).toContain('<strong>well</strong>')
    for (const heading of [
      'Account',
      'SAT scores',
      'Documents',
      'Tasks',
      'College list',
      'Session notes',
      'Tutoring sessions',
      'Hour packages',
      'Hours ledger',
      'Practice tests',
      'History',
    ]) {
      expect(html).toContain(heading)
    }
    expect(html).toContain('Internal remark')
    expect(html).toContain('Feb 2, 2026, 4:00 PM (America/New_York)')
    expect(html).toContain('Library &lt;script&gt;')
    expect(html).toContain('7.5 hours left.')
    expect(html).toContain('Practice &lt;script&gt;')
    expect(html).toMatch(/Reading and Writing \d{3} \(10 of 54\) · Math \d{3} \(0 of 44\) · Total \d{3,4}/)
    expect(html).toContain('0 wrong, 88 blank')
  })

  it('refuses a bad format naming the field, and an unknown student', async () => {
    const bad = await get(`/api/v1/students/${student.id}/export?format=pdf`, admin.cookie)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors[0].path).toBe('format')
    const missing = await get('/api/v1/students/00000000-0000-4000-8000-000000000000/export', admin.cookie)
    expect(missing.statusCode).toBe(404)
  })
})

describe('your own data', () => {
  it('a student gets their record as they read it: no hidden document, no internal note', async () => {
    const data = (await get('/api/v1/users/me/export', student.cookie)).json()
    expect(data).toMatchObject({ kind: 'personal-data', account: { uuid: student.id } })
    expect(data.sessions.length).toBeGreaterThan(0)
    expect(JSON.stringify(data.sessions)).not.toContain('token')
    expect(data.records).toHaveLength(1)
    const [own] = data.records
    expect(own.record.documents.map((d: { name: string }) => d.name)).not.toContain('Staff only')
    expect(own.notes.map((n: { visibility: string }) => n.visibility)).toEqual(['shared'])
    // Their session, without the internal note it links; their packages and ledger.
    expect(own.tutoringSessions).toEqual([expect.objectContaining({ uuid: sessionId, noteUUID: null })])
    expect(own.hours.balance).toBe(7.5)
    expect(own.hours.entries).toHaveLength(3)
    expect(own.practiceAttempts.map((a: { uuid: string }) => a.uuid)).toEqual([attemptId])
  })

  it("a guardian gets their child's record as they read it; an educator their account and activity", async () => {
    const family = (await get('/api/v1/users/me/export', guardian.cookie)).json()
    expect(family.records.map((r: { record: { uuid: string } }) => r.record.uuid)).toEqual([student.id])
    expect(JSON.stringify(family)).not.toContain('Internal remark')
    expect(JSON.stringify(family)).not.toContain(internalNoteId)
    expect(family.records[0].tutoringSessions.map((s: { uuid: string }) => s.uuid)).toEqual([sessionId])
    expect(family.records[0].hours.packages).toHaveLength(1)
    expect(family.records[0].practiceAttempts[0]).toMatchObject({ uuid: attemptId, status: 'submitted' })
    const staff = (await get('/api/v1/users/me/export?format=json', educator.cookie)).json()
    expect(staff.records).toEqual([])
    expect(staff.activity.map((e: { action: string }) => e.action)).toContain('document.created')
    const page = await get('/api/v1/users/me/export?format=html', educator.cookie)
    expect(page.body).toContain('Signed-in devices')
    expect(page.body).toContain('What you changed')
  })
})

describe("the readable page speaks the product's words, not codes", () => {
  const CHROME_ON_MAC =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

  it("writes history as the History section's sentences, and rounds and statuses as the record shows them", async () => {
    // An admin links an existing account at once: a guardian.linked event.
    const father = await t.userWith({ roles: ['guardian'] })
    const linked = await t.request({
      method: 'POST',
      url: `/api/v1/students/${student.id}/guardian-invites`,
      cookie: admin.cookie,
      payload: { email: father.email, relationship: 'Father' },
    })
    expect(linked.statusCode).toBe(200)
    const html = (await get(`/api/v1/students/${student.id}/export?format=html`, admin.cookie)).body
    expect(html).toContain('added the document “Transcript”')
    expect(html).toContain('family (Father)')
    expect(html).not.toMatch(/guardian\.linked|document\.created/)
    expect(html).toContain('<td data-label="Round">Regular Decision</td>')
    expect(html).toContain('<td data-label="Status">Researching</td>')
    expect(html).toContain('<td data-label="Status">To do</td>')
    expect(html).not.toMatch(/<td[^>]*>(RD|researching|open)<\/td>/)
  })

  it('names signed-in devices as /settings does, never the raw user agent', async () => {
    await t.db.execute(sql`update sessions set user_agent = ${CHROME_ON_MAC} where user_id = ${educator.id}`)
    const page = (await get('/api/v1/users/me/export?format=html', educator.cookie)).body
    expect(page).toContain('<td data-label="Device">Chrome on macOS</td>')
    expect(page).not.toContain('Mozilla/5.0')
  })
})

describe('exports are streamed', () => {
  it('writes the answer as a stream (chunked, no Content-Length), byte for byte the JSON it always was', async () => {
    for (const [url, cookie] of [
      [`/api/v1/students/${student.id}/export`, admin.cookie],
      ['/api/v1/users/me/export', student.cookie],
    ] as const) {
      const answer = await get(url, cookie)
      expect(answer.statusCode).toBe(200)
      expect(answer.headers['content-length']).toBeUndefined()
      expect(answer.headers['transfer-encoding']).toBe('chunked')
      expect(answer.headers['cache-control']).toBe('no-store')
      expect(answer.body).toBe(JSON.stringify(JSON.parse(answer.body), null, 2))
    }
    const page = await get(`/api/v1/students/${student.id}/export?format=html`, admin.cookie)
    expect(page.headers['transfer-encoding']).toBe('chunked')
    expect(page.body).toMatch(/^<!doctype html>[\s\S]*<\/body><\/html>$/)
  })
})

describe('one export at a time per person, with a cooldown', () => {
  let c: TestApp
  let other: Awaited<ReturnType<typeof secondInstance>>
  beforeAll(async () => {
    c = await createTestApp({ EXPORT_COOLDOWN_SECONDS: '10' })
    other = await secondInstance(c, { EXPORT_COOLDOWN_SECONDS: '10' })
  })
  afterAll(async () => {
    await other.close()
    await c.close()
  })
  const windBack = () =>
    c.db.execute(
      sql`update rate_limit_buckets set reset_at = now() - interval '1 second' where key like 'export:%'`,
    )

  it('refuses a second export at once or soon after, on any instance, with 429 and Retry-After; after the cooldown it works', async () => {
    const person = await c.userWith({ roles: ['admin'] })
    const pupil = await c.userWith({ roles: ['student'] })
    const url = `/api/v1/students/${pupil.id}/export`
    // An unknown student is a 404 before the hold is taken: it costs no cooldown.
    const missing = await c.request({
      method: 'GET',
      url: '/api/v1/students/00000000-0000-4000-8000-000000000000/export',
      cookie: person.cookie,
    })
    expect(missing.statusCode).toBe(404)
    const answers = await Promise.all([
      c.request({ method: 'GET', url, cookie: person.cookie }),
      other.request({ method: 'GET', url: '/api/v1/users/me/export', cookie: person.cookie }),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 429])
    const soon = await other.request({ method: 'GET', url, cookie: person.cookie })
    for (const refused of [answers.find((answer) => answer.statusCode === 429)!, soon]) {
      expect(refused.statusCode).toBe(429)
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1)
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(10)
      expect(refused.json()).toMatchObject({ code: 'export-too-soon' })
      expect(refused.json().detail).toMatch(
        /^Your last export is still being prepared or has only just begun\./,
      )
    }
    // Someone else is not held up by this person's export.
    const pupilsOwn = await c.request({ method: 'GET', url: '/api/v1/users/me/export', cookie: pupil.cookie })
    expect(pupilsOwn.statusCode).toBe(200)
    await windBack()
    const later = await other.request({ method: 'GET', url, cookie: person.cookie })
    expect(later.statusCode).toBe(200)
    expect(later.json()).toMatchObject({ kind: 'student-record' })
  })

  it('holds while an export runs, also past the cooldown, and lets go when it ends', async () => {
    const person = await c.userWith({ roles: ['educator'] })
    const release = await beginExport(c.db, person.id, 10)
    await c.db.execute(
      sql`update rate_limit_buckets set reset_at = now() + interval '5 minutes' where key = ${`export:${person.id}`}`,
    )
    const running = await c.request({ method: 'GET', url: '/api/v1/users/me/export', cookie: person.cookie })
    expect(running.statusCode).toBe(429)
    expect(running.headers['retry-after']).toBe('10')
    await release()
    await windBack()
    const after = await c.request({ method: 'GET', url: '/api/v1/users/me/export', cookie: person.cookie })
    expect(after.statusCode).toBe(200)
  })
})
