import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '../../src/server/db/raw'
import type { AuditEvent } from '../../src/shared/audit'
import { DELETED_USER_ID, DELETED_USER_NAME } from '../../src/shared/users'
import {
  addGuardian,
  addToTeam,
  createActScore,
  createCollege,
  createDocument,
  createInvite,
  createNote,
  createSatScore,
  createTask,
  createUser,
} from '../factories'
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app'
import { createFileDocument, filesUnder } from '../helpers/uploads'

/**
 * Deleting a person for good (docs/product.md#deleting-a-person): what goes, what stays under
 * "Deleted user", and what is refused. Route × caller refusals are in permissions.test.ts.
 */
let t: TestApp
let admin: SignedIn

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.userWith({ roles: ['admin'], name: 'Ada Admin' })
})
afterAll(() => t.close())

const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.request({ method, url, cookie: admin.cookie, ...(payload ? { payload } : {}) })
const deleteUser = (id: string, confirmEmail: string) =>
  send('DELETE', `/api/v1/users/${id}`, { confirmEmail })
const count = async (query: ReturnType<typeof sql>) =>
  (await selectRows<{ n: number }>(t.db, sql`select count(*)::int as n from (${query}) q`))[0]!.n

async function allAuditEvents(): Promise<AuditEvent[]> {
  const response = await send('GET', '/api/v1/audit-events?limit=100')
  expect(response.statusCode, response.body).toBe(200)
  return response.json().events as AuditEvent[]
}

/** Every table that holds a row keyed to the student or their account. */
const STUDENT_TABLES = {
  users: (id: string) => sql`select 1 from users where id = ${id}`,
  sessions: (id: string) => sql`select 1 from sessions where user_id = ${id}`,
  accounts: (id: string) => sql`select 1 from accounts where user_id = ${id}`,
  two_factors: (id: string) => sql`select 1 from two_factors where user_id = ${id}`,
  calendar_feeds: (id: string) => sql`select 1 from calendar_feeds where user_id = ${id}`,
  verifications: (id: string) => sql`select 1 from verifications where value = ${id}`,
  student_profiles: (id: string) => sql`select 1 from student_profiles where user_id = ${id}`,
  sat_scores: (id: string) => sql`select 1 from sat_scores where student_id = ${id}`,
  act_scores: (id: string) => sql`select 1 from act_scores where student_id = ${id}`,
  documents: (id: string) => sql`select 1 from documents where student_id = ${id} or creator_id = ${id}`,
  session_notes: (id: string) => sql`select 1 from session_notes where student_id = ${id}`,
  tasks: (id: string) =>
    sql`select 1 from tasks where student_id = ${id} or assignee_id = ${id} or created_by_id = ${id}`,
  college_entries: (id: string) => sql`select 1 from college_entries where student_id = ${id}`,
  team_members: (id: string) => sql`select 1 from team_members where student_id = ${id}`,
  guardian_links: (id: string) => sql`select 1 from guardian_links where student_id = ${id}`,
  user_invites: (id: string) =>
    sql`select 1 from user_invites where guardian_student_id = ${id} or user_id = ${id}`,
  audit_events: (id: string) =>
    sql`select 1 from audit_events where student_id = ${id} or subject_id = ${id} or actor_id = ${id}`,
}
const rowsKeyedTo = async (id: string) => {
  const counts: Record<string, number> = {}
  for (const [table, query] of Object.entries(STUDENT_TABLES)) counts[table] = await count(query(id))
  return counts
}

describe('deleting a student', () => {
  let student: SignedIn
  let educator: SignedIn
  let guardianId: string

  beforeAll(async () => {
    student = await t.userWith({ roles: ['student'], name: 'Sam Student', email: 'Sam.Student@Example.test' })
    educator = await t.userWith({ roles: ['educator'], name: 'Eve Educator' })
    const guardian = await createUser(t.db, { roles: ['guardian'], name: 'Pat Parent' })
    guardianId = guardian.id
    const id = student.id
    await addGuardian(t.db, id, guardianId)
    // Through the API, so the audit log holds what it would in use.
    expect((await send('PUT', `/api/v1/students/${id}/team-members/${educator.id}`, {})).statusCode).toBe(204)
    const invite = await send('POST', `/api/v1/students/${id}/guardian-invites`, {
      email: 'second.parent@example.test',
      relationship: 'Mother',
    })
    expect(invite.statusCode, invite.body).toBe(201)
    const note = await send('POST', `/api/v1/students/${id}/notes`, {
      date: '2026-01-15',
      visibility: 'internal',
      body: 'Worked on the essay about the summer job.',
    })
    expect(note.statusCode, note.body).toBe(201)
    expect((await send('PUT', `/api/v1/students/${id}/targets`, { sat: 1400 })).statusCode).toBe(200)
    await createSatScore(t.db, id, { date: '2025-03-08', english: 600, math: 650, createdById: id })
    await createActScore(t.db, id, { date: '2025-04-05', english: 30, math: 28, reading: 31, science: 27 })
    await createDocument(t.db, id, { creatorId: id })
    await createDocument(t.db, id, { creatorId: educator.id })
    await createFileDocument(t, id, { creatorId: educator.id })
    await createFileDocument(t, id, { creatorId: id, hidden: false })
    await createNote(t.db, id, { authorId: educator.id, visibility: 'shared' })
    await createTask(t.db, id, { createdById: educator.id })
    await createTask(t.db, id, { createdById: id, assigneeId: educator.id })
    await createCollege(t.db, id, { name: 'Reed College' })
    await t.db.execute(
      sql`insert into two_factors (user_id, secret, backup_codes) values (${id}, 'secret', 'codes')`,
    )
    await t.db.execute(sql`insert into calendar_feeds (user_id, token_hash) values (${id}, ${`hash-${id}`})`)
    await t.db.execute(
      sql`insert into verifications (identifier, value, expires_at) values ('reset-password:x', ${id}, now() + interval '1 hour')`,
    )
  })

  it('is refused with 409 while the student is not archived, and nothing changes', async () => {
    const before = await rowsKeyedTo(student.id)
    const response = await deleteUser(student.id, student.email)
    expect(response.statusCode, response.body).toBe(409)
    expect(response.headers['content-type']).toContain('application/problem+json')
    expect(response.json()).toMatchObject({ code: 'student-not-archived' })
    expect(response.json().detail).toMatch(/Archive this student first/)
    expect(await rowsKeyedTo(student.id)).toEqual(before)
  })

  it('is refused with 400 naming confirmEmail when the typed email differs, and nothing changes', async () => {
    expect((await send('PATCH', `/api/v1/students/${student.id}`, { archived: true })).statusCode).toBe(200)
    const before = await rowsKeyedTo(student.id)
    for (const confirmEmail of ['someone.else@example.test', `${student.email}x`]) {
      const response = await deleteUser(student.id, confirmEmail)
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json().errors).toEqual([{ path: 'confirmEmail', message: expect.any(String) }])
    }
    const missing = await send('DELETE', `/api/v1/users/${student.id}`, {})
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors[0].path).toBe('confirmEmail')
    expect(await rowsKeyedTo(student.id)).toEqual(before)
  })

  it('once archived, removes every row of the student in one go, whatever the case of the typed email', async () => {
    const before = await rowsKeyedTo(student.id)
    for (const table of [
      'sat_scores',
      'act_scores',
      'documents',
      'session_notes',
      'tasks',
      'college_entries',
    ]) {
      expect(before[table], table).toBeGreaterThan(0)
    }
    const storedFiles = () => filesUnder(path.join(t.dataDir, 'files', student.id))
    expect(storedFiles()).toHaveLength(2)
    const response = await deleteUser(student.id, student.email.toUpperCase())
    expect(response.statusCode, response.body).toBe(204)
    // Their uploaded files leave the store with the record.
    expect(storedFiles()).toEqual([])
    const after = await rowsKeyedTo(student.id)
    expect(after).toEqual(Object.fromEntries(Object.keys(STUDENT_TABLES).map((table) => [table, 0])))
    // The people around the student stay.
    expect(await count(sql`select 1 from users where id in (${guardianId}, ${educator.id})`)).toBe(2)
    expect(await count(sql`select 1 from guardian_profiles where user_id = ${guardianId}`)).toBe(1)
    // Their session is gone and they cannot log in again.
    expect(
      (await t.request({ method: 'GET', url: '/api/v1/users/me', cookie: student.cookie })).statusCode,
    ).toBe(401)
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: student.email, password: student.password },
    })
    expect(login.statusCode).toBe(401)
  })

  it('keeps the audit events, naming "Deleted user" and holding nothing of the record', async () => {
    const events = await allAuditEvents()
    const text = JSON.stringify(events)
    for (const trace of [
      student.id,
      'Sam Student',
      student.email,
      student.email.toLowerCase(),
      'summer job',
    ]) {
      expect(text).not.toContain(trace)
    }
    const archived = events.find((event) => event.action === 'student.archived')!
    expect(archived).toMatchObject({ subjectName: DELETED_USER_NAME, studentName: DELETED_USER_NAME })
    expect(archived.actor?.name).toBe('Ada Admin')
    expect(archived.before).toBeNull()
    const noteWritten = events.find((event) => event.action === 'note.created')!
    expect(noteWritten).toMatchObject({ studentId: DELETED_USER_ID, before: null, after: null })
    const teamAdded = events.find((event) => event.action === 'team-member.added')!
    expect(teamAdded).toMatchObject({ subjectName: 'Eve Educator', studentName: DELETED_USER_NAME })
    const deleted = events.filter((event) => event.action === 'user.deleted')
    expect(deleted).toHaveLength(1)
    expect(deleted[0]).toMatchObject({
      actor: { uuid: admin.id, name: 'Ada Admin' },
      subjectType: 'user',
      subjectId: DELETED_USER_ID,
      subjectName: DELETED_USER_NAME,
      before: { student: true },
    })
  })

  it('answers 404 for an unknown id, for the stand-in of deleted people and for the same person twice', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', DELETED_USER_ID, student.id]) {
      expect((await deleteUser(id, 'x@example.test')).statusCode, id).toBe(404)
    }
  })

  it('leaves the stand-in out of the user list and the CSV, and gives it no profile page', async () => {
    const list = await send('GET', `/api/v1/users?q=${encodeURIComponent(DELETED_USER_NAME)}`)
    expect(list.json().users).toEqual([])
    expect((await send('GET', '/api/v1/users/export.csv')).body).not.toContain(DELETED_USER_NAME)
    expect((await send('GET', `/api/v1/screens/user-profile/${DELETED_USER_ID}`)).statusCode).toBe(404)
    expect((await send('PATCH', `/api/v1/users/${DELETED_USER_ID}`, { admin: true })).statusCode).toBe(404)
    expect(
      (await send('PATCH', `/api/v1/users/${DELETED_USER_ID}/email`, { email: 'x@example.test' })).statusCode,
    ).toBe(404)
  })
})

describe('deleting a staff member', () => {
  it('keeps what they wrote on records under "Deleted user" and replaces them in the audit log', async () => {
    const coach = await t.userWith({ roles: ['educator'], name: 'Cora Coach' })
    const pupil = await createUser(t.db, { roles: ['student'], name: 'Pia Pupil' })
    await addToTeam(t.db, pupil.id, coach.id)
    const coachAs = (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.request({ method, url, cookie: coach.cookie, payload })
    const document = await coachAs('POST', `/api/v1/students/${pupil.id}/documents`, {
      name: 'Essay outline',
      url: 'https://docs.example.com/outline',
    })
    expect(document.statusCode, document.body).toBe(201)
    const note = await coachAs('POST', `/api/v1/students/${pupil.id}/notes`, {
      date: '2026-01-20',
      visibility: 'shared',
      body: 'Timed reading section.',
    })
    expect(note.statusCode, note.body).toBe(201)
    await createTask(t.db, pupil.id, { createdById: coach.id, assigneeId: coach.id, title: 'Review essay' })
    // An earlier address of theirs, in an email-change event.
    const oldEmail = coach.email
    const changed = await send('PATCH', `/api/v1/users/${coach.id}/email`, { email: 'cora.new@example.test' })
    expect(changed.statusCode, changed.body).toBe(200)

    const response = await deleteUser(coach.id, 'Cora.New@example.test')
    expect(response.statusCode, response.body).toBe(204)

    const record = (await send('GET', `/api/v1/students/${pupil.id}`)).json()
    expect(record.documents.map((d: { creator: { name: string } }) => d.creator.name)).toEqual([
      DELETED_USER_NAME,
    ])
    expect(record.team).toEqual([])
    const notes = (await send('GET', `/api/v1/students/${pupil.id}/notes`)).json()
    expect(JSON.stringify(notes)).toContain(DELETED_USER_NAME)
    expect(JSON.stringify(notes)).not.toContain('Cora Coach')
    const tasks = (await send('GET', `/api/v1/students/${pupil.id}/tasks`)).json()
    expect(JSON.stringify(tasks)).toContain('Review essay')
    expect(JSON.stringify(tasks)).not.toContain('Cora Coach')

    const events = await allAuditEvents()
    const text = JSON.stringify(events)
    for (const trace of [coach.id, 'Cora Coach', oldEmail, 'cora.new@example.test']) {
      expect(text).not.toContain(trace)
    }
    const written = events.find(
      (event) => event.action === 'document.created' && event.studentId === pupil.id,
    )!
    expect(written.actor).toEqual({ uuid: DELETED_USER_ID, name: DELETED_USER_NAME })
    const emailChange = events.find((event) => event.action === 'user.email-changed')!
    expect(emailChange).toMatchObject({
      subjectName: DELETED_USER_NAME,
      before: { email: DELETED_USER_NAME },
      after: { email: DELETED_USER_NAME },
    })
  })
})

describe('deleting a guardian', () => {
  it('removes their links and the address on the invite they used; the student and their record stay', async () => {
    const child = await createUser(t.db, { roles: ['student'], name: 'Kit Child' })
    const parent = await createUser(t.db, { roles: ['guardian'], email: 'gwen.guardian@example.test' })
    await addGuardian(t.db, child.id, parent.id)
    const invite = await createInvite(t.db, { roles: ['student'], email: parent.email, usedBy: parent.id })
    await createSatScore(t.db, child.id, { date: '2025-03-08', english: 600, math: 650 })

    expect((await deleteUser(parent.id, parent.email)).statusCode).toBe(204)
    expect(await count(sql`select 1 from guardian_links where guardian_id = ${parent.id}`)).toBe(0)
    expect(await count(sql`select 1 from guardian_profiles where user_id = ${parent.id}`)).toBe(0)
    const [used] = await selectRows<{ email: string | null; user_id: string }>(
      t.db,
      sql`select email, user_id from user_invites where id = ${invite.id}`,
    )
    expect(used).toEqual({ email: null, user_id: DELETED_USER_ID })
    expect(await count(sql`select 1 from sat_scores where student_id = ${child.id}`)).toBe(1)
    expect((await send('GET', `/api/v1/students/${child.id}`)).json().guardians).toEqual([])
  })
})

describe('admins', () => {
  it('an admin cannot delete themself, and another admin can be deleted while one stays', async () => {
    const self = await deleteUser(admin.id, admin.email)
    expect(self.statusCode, self.body).toBe(409)
    expect(self.json().code).toBe('own-account')

    const second = await t.userWith({ roles: ['admin'] })
    const byOther = await t.request({
      method: 'DELETE',
      url: `/api/v1/users/${admin.id}`,
      cookie: second.cookie,
      payload: { confirmEmail: 'wrong@example.test' },
    })
    expect(byOther.statusCode).toBe(400)
    expect((await deleteUser(second.id, second.email)).statusCode).toBe(204)
    // The deleted admin's session is gone with them.
    const gone = await t.request({
      method: 'DELETE',
      url: `/api/v1/users/${admin.id}`,
      cookie: second.cookie,
      payload: { confirmEmail: admin.email },
    })
    expect(gone.statusCode).toBe(401)
    expect(await count(sql`select 1 from admin_profiles ap join users u on u.id = ap.user_id`)).toBe(1)
  })

  it('an admin who recorded hours can be deleted: the packages and ledger stay, under "Deleted user"', async () => {
    const bookkeeper = await t.userWith({ roles: ['admin'], name: 'Bea Books' })
    const pupil = await createUser(t.db, { roles: ['student'], name: 'Hal Hours' })
    const as = (url: string, payload: object) =>
      t.request({ method: 'POST', url, cookie: bookkeeper.cookie, payload })
    const bought = await as(`/api/v1/students/${pupil.id}/packages`, {
      name: 'SAT tutoring, 10 hours',
      service: 'tutoring',
      hours: 10,
      purchasedOn: '2026-09-01',
    })
    expect(bought.statusCode, bought.body).toBe(201)
    const adjusted = await as(`/api/v1/students/${pupil.id}/hours/adjustments`, {
      hours: -1,
      reason: 'Trial lesson.',
    })
    expect(adjusted.statusCode, adjusted.body).toBe(201)

    expect((await deleteUser(bookkeeper.id, bookkeeper.email)).statusCode).toBe(204)
    const hours = (await send('GET', `/api/v1/students/${pupil.id}/hours`)).json()
    expect(hours.balance).toBe(9)
    expect(hours.packages[0].createdBy.name).toBe(DELETED_USER_NAME)
    expect(JSON.stringify(hours)).not.toContain('Bea Books')
  })
})
