import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '../../src/server/db/raw'
import { RECORD_CAPS } from '../../src/shared/record-caps'
import { latestScoreDate } from '../../src/shared/scores'
import { addGuardian, addToTeam, createNote } from '../factories'
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink'
import { createTestApp, type SignedIn, TEST_ORIGIN, type TestApp } from '../helpers/test-app'

let t: TestApp
let sink: SmtpSink
let admin: SignedIn
let educator: SignedIn
let secondEducator: SignedIn
let fao: SignedIn
let otherEducator: SignedIn

beforeAll(async () => {
  sink = await startSmtpSink()
  t = await createTestApp({ SMTP_URL: sink.url })
  admin = await t.userWith({ roles: ['admin'], name: 'Ada Admin' })
  educator = await t.userWith({ roles: ['educator'], name: 'Eve Educator' })
  secondEducator = await t.userWith({ roles: ['educator'], name: 'Sid Second' })
  fao = await t.userWith({ roles: ['fao'], name: 'Fay Aid' })
  otherEducator = await t.userWith({ roles: ['educator'], name: 'Oz Other' })
})
afterAll(async () => {
  await t.close()
  await sink.close()
})

/** A student with both educators and the FAO on the team, and a guardian. */
async function family(name = 'Sam Student') {
  const student = await t.userWith({ roles: ['student'], name })
  for (const member of [educator, secondEducator, fao]) await addToTeam(t.db, student.id, member.id)
  const guardian = await t.userWith({ roles: ['guardian'], name: `Parent of ${name}` })
  await addGuardian(t.db, student.id, guardian.id, 'Mother')
  return { student, guardian, base: `/api/v1/students/${student.id}/notes` }
}

const get = (url: string, cookie: string) => t.request({ method: 'GET', url, cookie })
const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
  t.request({ method, url, cookie, ...(payload === undefined ? {} : { payload: payload as object }) })
const note = (overrides: Record<string, unknown> = {}) => ({
  date: '2026-01-15',
  durationMinutes: 50,
  visibility: 'internal',
  body: 'Worked on **SAT math**: linear equations.',
  ...overrides,
})
const bodies = (response: { json(): { notes: Array<{ body: string }> } }) =>
  response.json().notes.map((n) => n.body)

describe('writing notes', () => {
  it('an educator on the team writes a note; the answer has the contract shape and the audit log has it', async () => {
    const { student, base } = await family()
    const response = await send('POST', base, educator.cookie, note())
    expect(response.statusCode).toBe(201)
    const written = response.json()
    expect(written).toMatchObject({
      studentUUID: student.id,
      author: { name: 'Eve Educator', uuid: educator.id },
      date: '2026-01-15',
      durationMinutes: 50,
      visibility: 'internal',
      body: 'Worked on **SAT math**: linear equations.',
    })
    expect(written.uuid).toMatch(/^[0-9a-f-]{36}$/)
    expect(new Date(written.createdAt).toISOString()).toBe(written.createdAt)
    const [event] = await selectRows<{ action: string; after: { visibility: string } }>(
      t.db,
      sql`select action, after from audit_events where subject_id = ${written.uuid}`,
    )
    expect(event).toMatchObject({ action: 'note.created', after: { visibility: 'internal' } })
  })

  it('admins and FAOs on the team write too; students, guardians 403; other staff 404', async () => {
    const { student, guardian, base } = await family()
    expect((await send('POST', base, admin.cookie, note())).statusCode).toBe(201)
    expect((await send('POST', base, fao.cookie, note())).statusCode).toBe(201)
    expect((await send('POST', base, student.cookie, note({ visibility: 'shared' }))).statusCode).toBe(403)
    expect((await send('POST', base, guardian.cookie, note({ visibility: 'shared' }))).statusCode).toBe(403)
    expect((await send('POST', base, otherEducator.cookie, note())).statusCode).toBe(404)
  })

  it('the author edits their own note; other staff and admins may not; an admin may delete any', async () => {
    const { base } = await family()
    const written = (await send('POST', base, educator.cookie, note())).json()
    const url = `${base}/${written.uuid}`
    const edited = await send('PUT', url, educator.cookie, {
      ...written,
      body: 'Edited',
      durationMinutes: null,
    })
    expect(edited.statusCode).toBe(200)
    expect(edited.json()).toMatchObject({ body: 'Edited', durationMinutes: null, uuid: written.uuid })
    expect(new Date(edited.json().updatedAt) >= new Date(written.updatedAt)).toBe(true)

    expect((await send('PUT', url, secondEducator.cookie, note())).statusCode).toBe(403)
    expect((await send('PUT', url, fao.cookie, note())).statusCode).toBe(403)
    expect((await send('PUT', url, admin.cookie, note())).statusCode).toBe(403)
    expect((await send('DELETE', url, secondEducator.cookie)).statusCode).toBe(403)
    expect((await send('DELETE', url, admin.cookie)).statusCode).toBe(204)
    expect((await send('DELETE', url, admin.cookie)).statusCode).toBe(404)

    const own = (await send('POST', base, fao.cookie, note())).json()
    expect((await send('DELETE', `${base}/${own.uuid}`, fao.cookie)).statusCode).toBe(204)
    const actions = await selectRows<{ action: string }>(
      t.db,
      sql`select action from audit_events where subject_id = ${written.uuid} order by created_at`,
    )
    expect(actions.map((a) => a.action)).toEqual(['note.created', 'note.updated', 'note.deleted'])
  })

  it('answers 404 for an unknown or malformed note id, and for a note of another student', async () => {
    const { base } = await family()
    const other = await family('Other Student')
    const theirs = await createNote(t.db, other.student.id, { authorId: educator.id })
    expect((await send('PUT', `${base}/not-a-uuid`, educator.cookie, note())).statusCode).toBe(404)
    expect(
      (await send('PUT', `${base}/00000000-0000-4000-8000-000000000000`, educator.cookie, note())).statusCode,
    ).toBe(404)
    expect((await send('DELETE', `${base}/${theirs}`, admin.cookie)).statusCode).toBe(404)
  })

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const { student, base } = await family()
    const cases: Array<[Record<string, unknown>, string]> = [
      [note({ body: '' }), 'body'],
      [note({ body: '   ' }), 'body'],
      [note({ body: 'x'.repeat(20_001) }), 'body'],
      [note({ date: '2026-13-01' }), 'date'],
      [note({ date: '1999-12-31' }), 'date'],
      [note({ date: '2999-01-01' }), 'date'],
      [note({ durationMinutes: 0 }), 'durationMinutes'],
      [note({ durationMinutes: 601 }), 'durationMinutes'],
      [note({ durationMinutes: 1.5 }), 'durationMinutes'],
      [note({ visibility: 'public' }), 'visibility'],
      [{ date: '2026-01-15', body: 'No visibility' }, 'visibility'],
      [note({ pinned: true }), 'body'],
    ]
    for (const [payload, path] of cases) {
      const response = await send('POST', base, educator.cookie, payload)
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400)
      expect(response.json().errors[0].path).toBe(path)
    }
    // Today in the earliest time zone is allowed, as for scores.
    expect((await send('POST', base, educator.cookie, note({ date: latestScoreDate() }))).statusCode).toBe(
      201,
    )
    const [row] = await selectRows<{ count: number }>(
      t.db,
      sql`select count(*)::int as count from session_notes where student_id = ${student.id}`,
    )
    expect(row?.count).toBe(1)
  })
})

describe('who reads which notes', () => {
  it('staff and admins read every note; the student and guardians read shared ones; an internal note is 404 to them', async () => {
    const { student, guardian, base } = await family()
    const shared = await createNote(t.db, student.id, {
      authorId: educator.id,
      visibility: 'shared',
      body: 'Shared',
    })
    const internal = await createNote(t.db, student.id, {
      authorId: educator.id,
      visibility: 'internal',
      body: 'Internal',
    })
    for (const reader of [educator, secondEducator, fao, admin]) {
      expect(bodies(await get(base, reader.cookie)).sort()).toEqual(['Internal', 'Shared'])
    }
    for (const family of [student, guardian]) {
      expect(bodies(await get(base, family.cookie))).toEqual(['Shared'])
      for (const method of ['PUT', 'DELETE'] as const) {
        expect(
          (await send(method, `${base}/${internal}`, family.cookie, method === 'PUT' ? note() : undefined))
            .statusCode,
        ).toBe(404)
        expect(
          (await send(method, `${base}/${shared}`, family.cookie, method === 'PUT' ? note() : undefined))
            .statusCode,
        ).toBe(403)
      }
    }
    expect((await get(base, otherEducator.cookie)).statusCode).toBe(404)
    const stranger = await t.userWith({ roles: ['guardian'] })
    expect((await get(base, stranger.cookie)).statusCode).toBe(404)
  })

  it('pages newest session first without overlap, and refuses bad paging parameters', async () => {
    const { student, base } = await family()
    for (let day = 1; day <= 25; day += 1) {
      await createNote(t.db, student.id, {
        authorId: educator.id,
        date: `2026-01-${String(day).padStart(2, '0')}`,
        body: `Day ${day}`,
        createdAt: new Date(Date.UTC(2026, 1, 1, 12, 0, day)),
      })
    }
    // Two notes on one day: the newer one first.
    await createNote(t.db, student.id, {
      authorId: educator.id,
      date: '2026-01-25',
      body: 'Day 25 later',
      createdAt: new Date(Date.UTC(2026, 1, 2)),
    })
    const seen: string[] = []
    let cursor: string | null = null
    const sizes: number[] = []
    do {
      const page: { notes: Array<{ body: string }>; nextCursor: string | null } = (
        await get(`${base}?limit=10${cursor ? `&cursor=${cursor}` : ''}`, educator.cookie)
      ).json()
      sizes.push(page.notes.length)
      seen.push(...page.notes.map((n) => n.body))
      cursor = page.nextCursor
    } while (cursor)
    expect(sizes).toEqual([10, 10, 6])
    expect(seen.slice(0, 3)).toEqual(['Day 25 later', 'Day 25', 'Day 24'])
    expect(new Set(seen).size).toBe(26)
    expect((await get(`${base}?limit=26`, educator.cookie)).json().nextCursor).toBeNull()
    expect((await get(base, educator.cookie)).json().notes).toHaveLength(20)

    for (const query of ['limit=0', 'limit=101', 'limit=ten', 'cursor=garbage', 'limit=1&limit=2']) {
      const response = await get(`${base}?${query}`, educator.cookie)
      expect(response.statusCode, query).toBe(400)
      expect(response.json().errors[0].path, query).toBe(query.startsWith('cursor') ? 'cursor' : 'limit')
    }
    const crafted = Buffer.from(JSON.stringify(['2026-01-01', 'not-a-time', 'x'])).toString('base64url')
    expect((await get(`${base}?cursor=${crafted}`, educator.cookie)).statusCode).toBe(400)
  })
})

describe('telling the family', () => {
  it('a shared note emails the student and guardians a notice with a link, never the text; internal notes email no one', async () => {
    const { student, guardian, base } = await family('Mia Mail')
    sink.messages.length = 0
    await send('POST', base, educator.cookie, note({ visibility: 'internal', body: 'Private remark' }))
    await send(
      'POST',
      base,
      educator.cookie,
      note({ visibility: 'shared', body: 'Great progress on essays' }),
    )
    const toStudent = await sink.waitFor(student.email)
    const toGuardian = await sink.waitFor(guardian.email)
    for (const mail of [toStudent, toGuardian]) {
      expect(mail.text).toContain(`${TEST_ORIGIN}/students/${student.id}`)
      expect(mail.text).toContain('Eve Educator shared a note')
      expect(mail.text).not.toContain('Great progress')
      expect(mail.text).not.toContain('Private remark')
    }
    expect(sink.messages).toHaveLength(2)
    expect(sink.messages.some((m) => m.to.includes(educator.email))).toBe(false)
  })

  it('announces a note once, when it is first shared; respects the opt-out; stays quiet for archived students', async () => {
    const { student, guardian, base } = await family('Noa Once')
    const optOut = await send('PATCH', '/api/v1/users/me', guardian.cookie, { emailOnSharedNotes: false })
    expect(optOut.statusCode).toBe(200)
    expect(optOut.json().emailOnSharedNotes).toBe(false)
    sink.messages.length = 0
    const written = (await send('POST', base, educator.cookie, note())).json()
    const url = `${base}/${written.uuid}`
    await send('PUT', url, educator.cookie, note({ visibility: 'shared' }))
    await sink.waitFor(student.email)
    await send('PUT', url, educator.cookie, note({ visibility: 'internal' }))
    await send('PUT', url, educator.cookie, note({ visibility: 'shared' }))
    // The route sends before it answers: a wrongly sent second mail would be here by now.
    await sink.idle()
    expect(sink.messages.map((m) => m.to)).toEqual([[student.email]])

    await send('PATCH', `/api/v1/students/${student.id}`, admin.cookie, { archived: true })
    sink.messages.length = 0
    await send('POST', base, educator.cookie, note({ visibility: 'shared' }))
    await sink.idle()
    expect(sink.messages).toHaveLength(0)
  })

  it('the setting is on by default and refuses a non-boolean', async () => {
    const { guardian } = await family()
    expect((await get('/api/v1/users/me', guardian.cookie)).json().emailOnSharedNotes).toBe(true)
    const bad = await send('PATCH', '/api/v1/users/me', guardian.cookie, { emailOnSharedNotes: 'no' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors[0].path).toBe('emailOnSharedNotes')
  })
})

describe('Markdown in notes', () => {
  it('is stored as typed and comes back as text; rendering is the shared renderer (see the unit test)', async () => {
    const { student, base } = await family()
    const hostile = '<script>alert(1)</script> [x](javascript:alert(1))'
    const written = await send('POST', base, educator.cookie, note({ body: hostile, visibility: 'shared' }))
    expect(written.statusCode).toBe(201)
    const read = (await get(base, student.cookie)).json()
    expect(read.notes[0].body).toBe(hostile)
  })
})

describe('session notes per record are capped', () => {
  it(`refuses a note past the cap of ${RECORD_CAPS.notes} with 409, writing nothing and no audit event`, async () => {
    const { student, base } = await family('Cap Notes')
    await t.db.execute(sql`insert into session_notes (student_id, author_id, date, visibility, body)
      select ${student.id}, ${educator.id}, date '2025-01-01' + g, 'internal', 'Filled ' || g
      from generate_series(1, ${RECORD_CAPS.notes}) g`)
    const refused = await send('POST', base, educator.cookie, note({ visibility: 'shared' }))
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({
      code: 'too-many-notes',
      detail: `This record already has ${RECORD_CAPS.notes} session notes, the most it can hold. Delete old notes first.`,
    })
    const [counted] = await selectRows<{ notes: number; events: number }>(
      t.db,
      sql`select (select count(*)::int from session_notes where student_id = ${student.id}) as notes,
        (select count(*)::int from audit_events where student_id = ${student.id}) as events`,
    )
    expect(counted).toEqual({ notes: RECORD_CAPS.notes, events: 0 })
  })
})
