import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '../../src/server/db/raw'
import { latestScoreDate } from '../../src/shared/scores'
import {
  addGuardian,
  addToTeam,
  createActScore,
  createDocument,
  createSatScore,
  createUser,
} from '../factories'
import { createTestApp, type SignedIn, TEST_ORIGIN, type TestApp } from '../helpers/test-app'
import { multipart, SAMPLES } from '../helpers/uploads'

let t: TestApp
let admin: SignedIn
let educator: SignedIn
let fao: SignedIn

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.userWith({ roles: ['admin'], name: 'Ada Admin' })
  educator = await t.userWith({ roles: ['educator'], name: 'Eve Educator', bio: 'SAT math.' })
  fao = await t.userWith({ roles: ['fao'], name: 'Fay Aid' })
})
afterAll(() => t.close())

/** A fresh student with the team educator and FAO on it. */
async function newStudent(name = 'Sam Student') {
  const student = await t.userWith({ roles: ['student'], name })
  await addToTeam(t.db, student.id, educator.id)
  await addToTeam(t.db, student.id, fao.id)
  return student
}

const get = (url: string, cookie: string) => t.request({ method: 'GET', url, cookie })
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
  t.request({ method, url, cookie, ...(payload === undefined ? {} : { payload: payload as object }) })

describe('GET /api/v1/students/{id}', () => {
  it('answers the record: team with profiles, documents pinned first then newest, scores oldest first', async () => {
    const student = await newStudent()
    await createSatScore(t.db, student.id, { date: '2025-10-04', english: 650, math: 700 })
    await createSatScore(t.db, student.id, { date: '2025-03-08', english: 600, math: 720 })
    await createActScore(t.db, student.id, {
      date: '2025-06-14',
      english: 30,
      math: 28,
      reading: 31,
      science: 27,
    })
    await createActScore(t.db, student.id, {
      date: '2025-10-25',
      english: 33,
      math: 29,
      reading: 30,
      science: 20,
    })
    const old = await createDocument(t.db, student.id, {
      creatorId: educator.id,
      createdAt: new Date('2025-01-01'),
    })
    const newer = await createDocument(t.db, student.id, {
      creatorId: student.id,
      createdAt: new Date('2025-05-01'),
    })
    const pinned = await createDocument(t.db, student.id, {
      creatorId: educator.id,
      pinned: true,
      createdAt: new Date('2024-01-01'),
    })

    const response = await get(`/api/v1/students/${student.id}`, educator.cookie)
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body.name).toBe('Sam Student')
    expect(body.uuid).toBe(student.id)
    expect(body.archived).toBe(false)
    expect(body.documents.map((d: { uuid: string }) => d.uuid)).toEqual([pinned, newer, old])
    expect(body.documents[1]).toMatchObject({
      studentUUID: student.id,
      creator: { name: 'Sam Student', uuid: student.id },
      hidden: false,
      pinned: false,
      createdAt: '2025-05-01T00:00:00.000Z',
    })
    // The original fields, and (as responses may add fields) each entry's uuid, source, note and author.
    expect(body.satScoresHistorical).toEqual([
      expect.objectContaining({ date: '2025-03-08', english: 600, math: 720, cumulative: 1320 }),
      expect.objectContaining({ date: '2025-10-04', english: 650, math: 700, cumulative: 1350 }),
    ])
    expect(body.satScoresHistorical[0]).toMatchObject({
      uuid: expect.any(String),
      source: 'official',
      note: null,
    })
    // Before 2025-09-01 the composite counts science; from then on it does not.
    expect(body.actScoresHistorical.map((a: { cumulative: number }) => a.cumulative)).toEqual([29, 31])
    expect(body.superscores).toEqual({
      sat: { english: 650, math: 720, cumulative: 1370 },
      act: { english: 33, math: 29, reading: 31, science: 27, cumulative: 31 },
    })
    const team = body.team.map((m: { name: string }) => m.name)
    expect(team).toEqual(['Eve Educator', 'Fay Aid'])
    expect(body.team[0]).toMatchObject({ profileEducator: { bio: 'SAT math.' }, profileStudent: null })
    expect(body.team[1]).toMatchObject({ profileFao: {}, profileEducator: null })
  })

  it('removes hidden documents for the student only', async () => {
    const student = await newStudent()
    const hidden = await createDocument(t.db, student.id, { creatorId: educator.id, hidden: true })
    const shown = await createDocument(t.db, student.id, { creatorId: educator.id })
    const ids = async (cookie: string) =>
      (await get(`/api/v1/students/${student.id}`, cookie))
        .json()
        .documents.map((d: { uuid: string }) => d.uuid)
    expect(await ids(student.cookie)).toEqual([shown])
    expect((await ids(fao.cookie)).sort()).toEqual([hidden, shown].sort())
    expect((await ids(admin.cookie)).sort()).toEqual([hidden, shown].sort())
  })

  it('answers 404 for an unknown id, a non-UUID and a user who is not a student', async () => {
    expect(
      (await get('/api/v1/students/00000000-0000-4000-8000-000000000000', admin.cookie)).statusCode,
    ).toBe(404)
    expect((await get('/api/v1/students/not-a-uuid', admin.cookie)).statusCode).toBe(404)
    expect((await get(`/api/v1/students/${educator.id}`, admin.cookie)).statusCode).toBe(404)
  })

  it('gives the current user the same score lists with cumulative', async () => {
    const student = await newStudent()
    await createSatScore(t.db, student.id, { date: '2025-03-08', english: 600, math: 720 })
    const me = (await get('/api/v1/users/me', student.cookie)).json()
    expect(me.profileStudent.satScoresHistorical).toEqual([
      { date: '2025-03-08', english: 600, math: 720, cumulative: 1320 },
    ])
  })
})

describe('scores', () => {
  it('adds an SAT score with its cumulative and refuses bad sections naming the field', async () => {
    const student = await newStudent()
    const url = `/api/v1/students/${student.id}/sat-scores`
    const created = await send('POST', url, student.cookie, {
      date: '2025-03-08',
      english: 600,
      math: 650,
      cumulative: 1,
    })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({ date: '2025-03-08', english: 600, math: 650, cumulative: 1250 })
    expect(created.json()).toMatchObject({ source: 'official', addedBy: { uuid: expect.any(String) } })
    for (const [field, value, message] of [
      ['english', 805, 'SAT section scores go in steps of 10.'],
      ['math', 190, 'Use a score from 200 to 800.'],
      ['math', 655, 'SAT section scores go in steps of 10.'],
      ['english', '600', 'Enter a number.'],
      ['date', '2005-02-28', 'Use a date on or after 2005-03-01.'],
      ['date', '2025-02-30', 'Use a date as YYYY-MM-DD.'],
    ] as const) {
      const response = await send('POST', url, student.cookie, {
        date: '2025-03-08',
        english: 600,
        math: 650,
        [field]: value,
      })
      expect(response.statusCode, `${field}=${value}`).toBe(400)
      expect(response.json().errors).toContainEqual({ path: field, message })
    }
    const missing = await send('POST', url, student.cookie, { date: '2025-03-08', english: 600 })
    expect(missing.json().errors).toContainEqual({ path: 'math', message: 'This field is required.' })
    const extra = await send('POST', url, student.cookie, {
      date: '2025-03-08',
      english: 600,
      math: 600,
      reading: 20,
    })
    expect(extra.statusCode).toBe(400)
  })

  it('accepts today in UTC+14 and refuses the day after', async () => {
    const student = await newStudent()
    const url = `/api/v1/students/${student.id}/act-scores`
    const sections = { english: 20, math: 21, reading: 22, science: 23 }
    const today = latestScoreDate()
    const tomorrow = new Date(`${today}T00:00:00Z`)
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1)
    expect((await send('POST', url, educator.cookie, { date: today, ...sections })).statusCode).toBe(201)
    const future = await send('POST', url, educator.cookie, {
      date: tomorrow.toISOString().slice(0, 10),
      ...sections,
    })
    expect(future.statusCode).toBe(400)
    expect(future.json().errors).toContainEqual({
      path: 'date',
      message: 'The date cannot be in the future.',
    })
  })

  it('keeps identical entries and deletes one of them at a time, then 404', async () => {
    const student = await newStudent()
    const url = `/api/v1/students/${student.id}/act-scores`
    const entry = { date: '2025-06-14', english: 30, math: 28, reading: 31, science: 27 }
    expect((await send('POST', url, student.cookie, entry)).statusCode).toBe(201)
    expect((await send('POST', url, student.cookie, entry)).statusCode).toBe(201)
    const count = async () =>
      (await get(`/api/v1/students/${student.id}`, student.cookie)).json().actScoresHistorical.length
    expect(await count()).toBe(2)
    // A cumulative sent back is ignored.
    expect((await send('DELETE', url, student.cookie, { ...entry, cumulative: 29 })).statusCode).toBe(204)
    expect(await count()).toBe(1)
    expect((await send('DELETE', url, student.cookie, { ...entry, science: 26 })).statusCode).toBe(404)
    expect((await send('DELETE', url, student.cookie, entry)).statusCode).toBe(204)
    expect((await send('DELETE', url, student.cookie, entry)).statusCode).toBe(404)
    expect((await send('DELETE', url, student.cookie)).statusCode).toBe(400)
  })
})

describe('documents', () => {
  const doc = { name: 'Common App essay draft 2', url: 'https://docs.example.com/essay-2' }

  it('refuses links that are not absolute http(s) URLs', async () => {
    const student = await newStudent()
    for (const url of [
      'javascript:alert(1)',
      'data:text/html,hi',
      '/relative',
      'ftp://example.com/x',
      'https://',
    ]) {
      const response = await send('POST', `/api/v1/students/${student.id}/documents`, educator.cookie, {
        ...doc,
        url,
      })
      expect(response.statusCode, url).toBe(400)
      expect(response.json().errors[0].path).toBe('url')
    }
    const blank = await send('POST', `/api/v1/students/${student.id}/documents`, educator.cookie, {
      url: doc.url,
      name: ' ',
    })
    expect(blank.json().errors).toContainEqual({ path: 'name', message: 'This field is required.' })
  })

  it('lets staff hide and pin, and refuses a student setting either, naming the field', async () => {
    const student = await newStudent()
    const url = `/api/v1/students/${student.id}/documents`
    const staff = await send('POST', url, educator.cookie, { ...doc, hidden: true, pinned: true })
    expect(staff.statusCode).toBe(201)
    expect(staff.json()).toMatchObject({
      hidden: true,
      pinned: true,
      creator: { uuid: educator.id, name: 'Eve Educator' },
    })
    for (const field of ['hidden', 'pinned']) {
      const refused = await send('POST', url, student.cookie, { ...doc, [field]: true })
      expect(refused.statusCode).toBe(403)
      expect(refused.json().detail).toContain(field)
    }
    const own = await send('POST', url, student.cookie, { ...doc, hidden: false })
    expect(own.statusCode).toBe(201)
    // Sending the document back unchanged (read-only fields included) is fine.
    const back = own.json()
    const renamed = await send('PUT', `${url}/${back.uuid}`, student.cookie, {
      ...back,
      name: 'Essay v3',
      creatorUUID: student.id,
    })
    expect(renamed.statusCode).toBe(200)
    expect(renamed.json().name).toBe('Essay v3')
    const pinning = await send('PUT', `${url}/${back.uuid}`, student.cookie, {
      ...doc,
      pinned: true,
      creatorUUID: student.id,
    })
    expect(pinning.statusCode).toBe(403)
  })

  it('lets a student change only their own visible documents', async () => {
    const student = await newStudent()
    const url = `/api/v1/students/${student.id}/documents`
    const staffDoc = await createDocument(t.db, student.id, { creatorId: educator.id })
    const ownDoc = await createDocument(t.db, student.id, { creatorId: student.id })
    const body = (creator: string) => ({ ...doc, creatorUUID: creator })
    expect((await send('PUT', `${url}/${staffDoc}`, student.cookie, body(educator.id))).statusCode).toBe(403)
    expect((await send('DELETE', `${url}/${staffDoc}`, student.cookie)).statusCode).toBe(403)
    // Staff hide the student's own document: from then on it does not exist for the student.
    expect(
      (await send('PUT', `${url}/${ownDoc}`, educator.cookie, { ...body(student.id), hidden: true }))
        .statusCode,
    ).toBe(200)
    expect((await send('PUT', `${url}/${ownDoc}`, student.cookie, body(student.id))).statusCode).toBe(404)
    expect((await send('DELETE', `${url}/${ownDoc}`, student.cookie)).statusCode).toBe(404)
    expect((await send('DELETE', `${url}/${ownDoc}`, educator.cookie)).statusCode).toBe(204)
  })

  it('keeps the creator: a PUT naming someone else is refused on creatorUUID', async () => {
    const student = await newStudent()
    const id = await createDocument(t.db, student.id, { creatorId: educator.id })
    const response = await send('PUT', `/api/v1/students/${student.id}/documents/${id}`, admin.cookie, {
      ...doc,
      creatorUUID: admin.id,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors[0].path).toBe('creatorUUID')
    const missing = await send('PUT', `/api/v1/students/${student.id}/documents/${id}`, admin.cookie, doc)
    expect(missing.json().errors).toContainEqual({ path: 'creatorUUID', message: 'This field is required.' })
    const elsewhere = await newStudent()
    const wrongStudent = await send('PUT', `/api/v1/students/${elsewhere.id}/documents/${id}`, admin.cookie, {
      ...doc,
      creatorUUID: educator.id,
    })
    expect(wrongStudent.statusCode).toBe(404)
  })
})

describe('document links: one rule, matching the database', () => {
  it.each(['http:evil.example', 'https:/\\evil.example', 'https:evil.example/x', 'HTTPS:/evil.example'])(
    'refuses %s with 400 naming url',
    async (url) => {
      const student = await newStudent()
      const response = await t.request({
        method: 'POST',
        url: `/api/v1/students/${student.id}/documents`,
        cookie: student.cookie,
        payload: { name: 'Link', url },
      })
      expect(response.statusCode).toBe(400)
      expect(response.json().errors[0].path).toBe('url')
    },
  )
})

describe('teams', () => {
  it('lists available staff, adds and removes members, and records each change', async () => {
    const student = await t.userWith({ roles: ['student'] })
    const newcomer = await createUser(t.db, { roles: ['educator'], name: 'Nia Newcomer' })
    const plainStudent = await createUser(t.db, { roles: ['student'] })
    const available = async () =>
      (await get(`/api/v1/users?available-for=${student.id}`, admin.cookie))
        .json()
        .map((u: { uuid: string }) => u.uuid)
    expect(await available()).toEqual(expect.arrayContaining([educator.id, fao.id, newcomer.id]))
    expect(await available()).not.toContain(plainStudent.id)
    expect(await available()).not.toContain(student.id)

    const member = `/api/v1/students/${student.id}/team-members/${newcomer.id}`
    expect((await send('PUT', member, admin.cookie, {})).statusCode).toBe(204)
    const again = await send('PUT', member, admin.cookie)
    expect(again.statusCode, again.body).toBe(204)
    expect(await available()).not.toContain(newcomer.id)
    const team = (await get(`/api/v1/students/${student.id}`, admin.cookie)).json().team
    expect(team.map((m: { uuid: string }) => m.uuid)).toEqual([newcomer.id])
    expect((await get(`/api/v1/educators/${newcomer.id}/students`, admin.cookie)).json().students).toEqual([
      { name: student.name, uuid: student.id },
    ])

    expect((await send('DELETE', member, admin.cookie, {})).statusCode).toBe(204)
    expect((await send('DELETE', member, admin.cookie, {})).statusCode).toBe(404)
    const events = await selectRows<{ action: string }>(
      t.db,
      sql`select action from audit_events where student_id = ${student.id} order by created_at`,
    )
    expect(events.map((e) => e.action)).toEqual(['team-member.added', 'team-member.removed'])
  })

  it('refuses to add someone without an educator or FAO profile', async () => {
    const student = await t.userWith({ roles: ['student'] })
    const other = await createUser(t.db, { roles: ['student'] })
    const response = await send(
      'PUT',
      `/api/v1/students/${student.id}/team-members/${other.id}`,
      admin.cookie,
      {},
    )
    expect(response.statusCode).toBe(400)
    expect(response.json().errors[0].path).toBe('userId')
    const self = await send(
      'PUT',
      `/api/v1/students/${student.id}/team-members/${student.id}`,
      admin.cookie,
      {},
    )
    expect(self.statusCode).toBe(400)
    const nobody = await send(
      'PUT',
      `/api/v1/students/${student.id}/team-members/not-a-uuid`,
      admin.cookie,
      {},
    )
    expect(nobody.statusCode).toBe(404)
    const body = await send(
      'PUT',
      `/api/v1/students/${student.id}/team-members/${educator.id}`,
      admin.cookie,
      { x: 1 },
    )
    expect(body.statusCode).toBe(400)
  })
})

describe('team entries carry only what a team list needs', () => {
  it("a staff member's own student profile (and scores) never reach the students on their team", async () => {
    const student = await t.userWith({ roles: ['student'] })
    const coach = await t.userWith({ roles: ['educator', 'student'], name: 'Coach Also Student' })
    await createSatScore(t.db, coach.id, { date: '2025-03-08', english: 780, math: 790 })
    await addToTeam(t.db, student.id, coach.id)
    await addToTeam(t.db, student.id, fao.id)
    for (const reader of [student, fao]) {
      const record = await t.request({
        method: 'GET',
        url: `/api/v1/students/${student.id}`,
        cookie: reader.cookie,
      })
      const entry = record.json().team.find((m: { uuid: string }) => m.uuid === coach.id)
      expect(entry.profileStudent).toBeNull()
      expect(entry.profileEducator).toEqual({ bio: expect.any(String) })
      expect(JSON.stringify(entry)).not.toMatch(/"(english|math|sat|act)/i)
      expect(record.json().satScoresHistorical).toEqual([])
    }
  })
})

describe('lists and screens', () => {
  it("lists an educator's active students only, and each viewer's visible students", async () => {
    const mine = await newStudent('Aaron Active')
    const archived = await newStudent('Zed Archived')
    await t.db.execute(sql`update student_profiles set archived_at = now() where user_id = ${archived.id}`)
    const names = (await get(`/api/v1/educators/${educator.id}/students`, educator.cookie)).json().students
    expect(names).toContainEqual({ name: 'Aaron Active', uuid: mine.id })
    expect(names).not.toContainEqual({ name: 'Zed Archived', uuid: archived.id })

    expect((await get('/api/v1/students', mine.cookie)).json()).toEqual({
      students: [{ name: 'Aaron Active', uuid: mine.id }],
    })
    const staffList = (await get('/api/v1/students', fao.cookie)).json().students
    expect(staffList).toContainEqual({ name: 'Aaron Active', uuid: mine.id })
    expect(staffList).not.toContainEqual({ name: 'Zed Archived', uuid: archived.id })
    const archivedList = (await get('/api/v1/students?archived=true', admin.cookie)).json().students
    expect(archivedList).toEqual([{ name: 'Zed Archived', uuid: archived.id }])
    expect((await get('/api/v1/students?archived=yes', admin.cookie)).statusCode).toBe(400)
    const other = await createUser(t.db, { roles: ['educator'] })
    expect(
      (await get('/api/v1/students', await t.login(other.email, other.password))).json().students,
    ).toEqual([])
  })

  it('gives a student their record on the dashboard, exactly as GET /students/{id} does', async () => {
    const student = await newStudent()
    await createDocument(t.db, student.id, { creatorId: educator.id, hidden: true })
    await createSatScore(t.db, student.id, { date: '2025-03-08', english: 600, math: 720 })
    const dashboard = (await get('/api/v1/screens/my-dashboard', student.cookie)).json()
    const record = (await get(`/api/v1/students/${student.id}`, student.cookie)).json()
    expect(dashboard).toEqual({ name: student.name, student: record })
    expect(record.documents).toEqual([])
  })

  it("gives staff their students with each one's latest scores", async () => {
    const staff = await t.userWith({ roles: ['educator'] })
    const student = await t.userWith({ roles: ['student'], name: 'Lia Latest' })
    await addToTeam(t.db, student.id, staff.id)
    await createSatScore(t.db, student.id, { date: '2025-03-08', english: 600, math: 720 })
    await createSatScore(t.db, student.id, { date: '2025-10-04', english: 650, math: 700 })
    const dashboard = (await get('/api/v1/screens/my-dashboard', staff.cookie)).json()
    expect(dashboard).toEqual({
      name: staff.name,
      students: [
        {
          name: 'Lia Latest',
          uuid: student.id,
          latestSat: { date: '2025-10-04', english: 650, math: 700, cumulative: 1350 },
          latestAct: null,
        },
      ],
    })
  })

  it("shows a profile's roles, bio and student record to those who may see them", async () => {
    const student = await newStudent('Pat Profile')
    const educatorProfile = (await get(`/api/v1/screens/user-profile/${educator.id}`, student.cookie)).json()
    expect(educatorProfile).toEqual({
      name: 'Eve Educator',
      uuid: educator.id,
      roles: ['Educator'],
      bio: 'SAT math.',
    })
    const studentProfile = (await get(`/api/v1/screens/user-profile/${student.id}`, fao.cookie)).json()
    expect(studentProfile).toMatchObject({ name: 'Pat Profile', roles: ['Student'] })
    expect(studentProfile.student.uuid).toBe(student.id)
    const stranger = await t.userWith({ roles: ['student'] })
    expect((await get(`/api/v1/screens/user-profile/${student.id}`, stranger.cookie)).statusCode).toBe(404)
    expect((await get(`/api/v1/screens/user-profile/${admin.id}`, student.cookie)).statusCode).toBe(404)
    expect((await get('/api/v1/screens/user-profile/me', stranger.cookie)).json().name).toBe(stranger.name)
  })
})

describe('an archived record', () => {
  const call = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) =>
    t.request({ method, url, cookie, headers: { origin: TEST_ORIGIN }, ...(payload ? { payload } : {}) })
  const expectArchivedRefusal = (answer: Awaited<ReturnType<typeof call>>, what: string) => {
    expect(answer.statusCode, `${what}: ${answer.body}`).toBe(409)
    expect(answer.headers['content-type'], what).toContain('application/problem+json')
    expect(answer.json(), what).toMatchObject({
      code: 'record-archived',
      detail: 'This record is archived: it can be read but not changed. Ask the team to restore it.',
    })
  }

  it('is read-only for the student and their guardians: they log in, read it and export their data; every change is 409 record-archived', async () => {
    const student = await newStudent('Ari Archived')
    const guardian = await t.userWith({ roles: ['guardian'] })
    await addGuardian(t.db, student.id, guardian.id)
    const base = `/api/v1/students/${student.id}`
    // Made before the archive: the student's own score, document and task.
    const score = await call('POST', `${base}/sat-scores`, student.cookie, {
      date: '2025-03-08',
      english: 600,
      math: 650,
    })
    expect(score.statusCode).toBe(201)
    const document = await call('POST', `${base}/documents`, student.cookie, {
      name: 'Essay',
      url: 'https://example.com/essay',
    })
    expect(document.statusCode).toBe(201)
    const task = await call('POST', `${base}/tasks`, student.cookie, { title: 'Draft the essay' })
    expect(task.statusCode).toBe(201)
    const college = await call('POST', `${base}/colleges`, student.cookie, {
      name: 'Reed College',
      round: 'RD',
    })
    expect(college.statusCode).toBe(201)

    expect((await call('PATCH', base, admin.cookie, { archived: true })).statusCode).toBe(200)

    // Logging in, reading the record and the data export still work.
    const cookie = await t.login(student.email, student.password)
    const guardianCookie = await t.login(guardian.email, guardian.password)
    for (const reader of [cookie, guardianCookie]) {
      const read = await get(base, reader)
      expect(read.statusCode).toBe(200)
      expect(read.json()).toMatchObject({ archived: true, satScoresHistorical: [{ cumulative: 1250 }] })
      expect((await get('/api/v1/users/me/export', reader)).statusCode).toBe(200)
      expect((await get(`${base}/tasks`, reader)).statusCode).toBe(200)
    }

    const changes: Array<[string, 'POST' | 'PUT' | 'PATCH' | 'DELETE', string, object | undefined]> = [
      ['add a score', 'POST', `${base}/sat-scores`, { date: '2025-05-03', english: 700, math: 700 }],
      ['change a score', 'PATCH', `${base}/sat-scores/${score.json().uuid}`, { note: 'retake' }],
      ['set targets', 'PUT', `${base}/targets`, { sat: 1500 }],
      ['add a link', 'POST', `${base}/documents`, { name: 'Another', url: 'https://example.com/b' }],
      [
        'rename a document',
        'PUT',
        `${base}/documents/${document.json().uuid}`,
        { ...document.json(), name: 'Renamed', creatorUUID: student.id },
      ],
      ['delete a document', 'DELETE', `${base}/documents/${document.json().uuid}`, undefined],
      ['add a task', 'POST', `${base}/tasks`, { title: 'Another task' }],
      ['tick a task', 'PATCH', `${base}/tasks/${task.json().uuid}`, { status: 'done' }],
      ['delete a task', 'DELETE', `${base}/tasks/${task.json().uuid}`, undefined],
      ['add a college', 'POST', `${base}/colleges`, { name: 'Rice University', round: 'ED' }],
      ['change a college', 'PATCH', `${base}/colleges/${college.json().uuid}`, { status: 'submitted' }],
      ['delete a college', 'DELETE', `${base}/colleges/${college.json().uuid}`, undefined],
    ]
    for (const [what, method, url, payload] of changes) {
      expectArchivedRefusal(await call(method, url, cookie, payload), `the student: ${what}`)
    }
    expectArchivedRefusal(
      await t.request({
        method: 'POST',
        url: `${base}/documents`,
        cookie,
        ...multipart({ name: 'a.pdf', bytes: SAMPLES.pdf }),
      }),
      'the student: upload a file',
    )
    for (const [what, method, url, payload] of [
      ['add a link', 'POST', `${base}/documents`, { name: 'Guardian link', url: 'https://example.com/g' }],
      ['add a score', 'POST', `${base}/sat-scores`, { date: '2025-05-03', english: 700, math: 700 }],
    ] as const) {
      expectArchivedRefusal(await call(method, url, guardianCookie, payload), `a guardian: ${what}`)
    }
    // Nothing changed.
    const after = (await get(base, cookie)).json()
    expect(after.satScoresHistorical).toHaveLength(1)
    expect(after.documents.map((d: { name: string }) => d.name)).toEqual(['Essay'])

    // Staff keep what they may do on any record.
    expect(
      (
        await call('POST', `${base}/sat-scores`, educator.cookie, {
          date: '2025-06-07',
          english: 650,
          math: 700,
        })
      ).statusCode,
    ).toBe(201)
    expect(
      (
        await call('POST', `${base}/notes`, fao.cookie, {
          date: '2025-06-07',
          durationMinutes: 30,
          visibility: 'internal',
          body: 'Aid review.',
        })
      ).statusCode,
    ).toBe(201)

    // Restored, the record is the family's to change again.
    expect((await call('PATCH', base, admin.cookie, { archived: false })).statusCode).toBe(200)
    expect(
      (await call('POST', `${base}/sat-scores`, cookie, { date: '2025-08-23', english: 710, math: 700 }))
        .statusCode,
    ).toBe(201)
  })
})
