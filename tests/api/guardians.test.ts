import { readFileSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '../../src/server/db/raw'
import { RECORD_CAPS } from '../../src/shared/record-caps'
import { addGuardian, addToTeam, createDocument, createNote, createSatScore } from '../factories'
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink'
import { createTestApp, type SignedIn, TEST_ORIGIN, type TestApp } from '../helpers/test-app'

let t: TestApp
let sink: SmtpSink
let admin: SignedIn
let educator: SignedIn
let fao: SignedIn
let otherEducator: SignedIn

beforeAll(async () => {
  sink = await startSmtpSink()
  t = await createTestApp({ SMTP_URL: sink.url })
  admin = await t.userWith({ roles: ['admin'], name: 'Ada Admin' })
  educator = await t.userWith({ roles: ['educator'], name: 'Eve Educator' })
  fao = await t.userWith({ roles: ['fao'], name: 'Fay Aid' })
  otherEducator = await t.userWith({ roles: ['educator'], name: 'Oz Other' })
})
afterAll(async () => {
  await t.close()
  await sink.close()
})

async function newStudent(name = 'Sam Student') {
  const student = await t.userWith({ roles: ['student'], name })
  await addToTeam(t.db, student.id, educator.id)
  await addToTeam(t.db, student.id, fao.id)
  return student
}

const get = (url: string, cookie: string) => t.request({ method: 'GET', url, cookie })
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
  t.request({ method, url, cookie, ...(payload === undefined ? {} : { payload: payload as object }) })
const invite = (studentId: string, cookie: string, payload: unknown) =>
  send('POST', `/api/v1/students/${studentId}/guardian-invites`, cookie, payload)

let emailCount = 0
const freshEmail = (what = 'parent') => `${what}-${++emailCount}-${Date.now()}@example.test`

/** Signs up through the invite as a person would, and onboards; returns the session cookie. */
async function redeem(inviteId: string, email: string, name = 'Pat Parent') {
  const password = 'a long enough password'
  const signUp = await t.request({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { email, password, name: '', invite: inviteId },
  })
  expect(signUp.statusCode).toBe(200)
  const cookie = await t.login(email, password)
  const me = (await get('/api/v1/users/me', cookie)).json()
  const onboard = await send('POST', `/api/v1/users/${me.uuid}/onboard`, cookie, { name })
  expect(onboard.statusCode).toBe(200)
  return { cookie, id: me.uuid as string }
}

describe('inviting a guardian', () => {
  it('an educator on the team invites by email; the invite is mailed, and redeeming it creates a linked guardian', async () => {
    const student = await newStudent('Rowan Reyes')
    const email = freshEmail()
    const response = await invite(student.id, educator.cookie, {
      email: email.toUpperCase(),
      relationship: 'Mother',
    })
    expect(response.statusCode).toBe(201)
    const body = response.json()
    expect(body.invite).toMatchObject({ email, guardian: true, student: false, admin: false, usedAt: null })
    expect(body.link).toBe(`${TEST_ORIGIN}/login?invite=${body.invite.uuid}`)

    const mail = await sink.waitFor(email)
    expect(mail.text).toContain(body.link)
    expect(mail.text).toMatch(/as Rowan Reyes's mother/)

    const preview = (await get(`/api/v1/user-invites/${body.invite.uuid}`, '')).json()
    expect(preview).toEqual({ email, roles: ['guardian'], available: true })

    const guardian = await redeem(body.invite.uuid, email)
    const me = (await get('/api/v1/users/me', guardian.cookie)).json()
    expect(me.profileGuardian).toEqual({})
    expect(me.profileStudent).toBeNull()

    const record = await get(`/api/v1/students/${student.id}`, guardian.cookie)
    expect(record.statusCode).toBe(200)
    expect(record.json().guardians).toEqual([
      { name: 'Pat Parent', uuid: guardian.id, relationship: 'Mother' },
    ])
    // Staff see the email to reach the family.
    const staffView = (await get(`/api/v1/students/${student.id}`, educator.cookie)).json()
    expect(staffView.guardians).toEqual([
      { name: 'Pat Parent', uuid: guardian.id, relationship: 'Mother', email },
    ])

    const events = (await get(`/api/v1/audit-events?studentId=${student.id}`, admin.cookie)).json().events
    expect(events.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['invite.created', 'guardian.linked']),
    )
  })

  it('links an existing account at once (200) and emails a notice; a second link is 409', async () => {
    const student = await newStudent('Kit Kim')
    const existing = await t.userWith({ roles: ['educator'], name: 'Staff Parent' })
    const response = await invite(student.id, admin.cookie, { email: existing.email, relationship: 'Father' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      guardian: { name: 'Staff Parent', uuid: existing.id, relationship: 'Father', email: existing.email },
    })
    const mail = await sink.waitFor(existing.email)
    expect(mail.text).toContain(`${TEST_ORIGIN}/students/${student.id}`)
    expect((await get(`/api/v1/students/${student.id}`, existing.cookie)).statusCode).toBe(200)
    const me = (await get('/api/v1/users/me', existing.cookie)).json()
    expect(me.profileGuardian).toEqual({})
    expect(me.profileEducator).not.toBeNull()

    const again = await invite(student.id, admin.cookie, { email: existing.email, relationship: 'Father' })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('already-guardian')
  })

  it('refuses the student as their own guardian, and bad input naming the field', async () => {
    const student = await newStudent()
    const own = await invite(student.id, educator.cookie, { email: student.email, relationship: 'Self' })
    expect(own.statusCode).toBe(400)
    expect(own.json().errors).toEqual([{ path: 'email', message: 'A student cannot be their own guardian.' }])

    const long = await invite(student.id, educator.cookie, {
      email: freshEmail(),
      relationship: 'x'.repeat(41),
    })
    expect(long.statusCode).toBe(400)
    expect(long.json().errors.map((e: { path: string }) => e.path)).toEqual(['relationship'])

    const bad = await invite(student.id, educator.cookie, { email: 'not-an-email', relationship: 'Aunt' })
    expect(bad.json().errors).toEqual([{ path: 'email', message: 'Please provide a valid email address.' }])
    const missing = await invite(student.id, educator.cookie, { email: freshEmail() })
    expect(missing.json().errors).toEqual([{ path: 'relationship', message: 'This field is required.' }])
    const extra = await invite(student.id, educator.cookie, {
      email: freshEmail(),
      relationship: 'Aunt',
      admin: true,
    })
    expect(extra.statusCode).toBe(400)
  })

  it('only admins and educators on the team may invite: FAO, student and guardian 403, outsiders 404', async () => {
    const student = await newStudent()
    const guardian = await t.userWith({ roles: ['guardian'] })
    await addGuardian(t.db, student.id, guardian.id)
    const payload = () => ({ email: freshEmail(), relationship: 'Aunt' })
    expect((await invite(student.id, fao.cookie, payload())).statusCode).toBe(403)
    expect((await invite(student.id, student.cookie, payload())).statusCode).toBe(403)
    expect((await invite(student.id, guardian.cookie, payload())).statusCode).toBe(403)
    expect((await invite(student.id, otherEducator.cookie, payload())).statusCode).toBe(404)
  })

  it('admins see guardian invites in the invite list with the student named, and can resend them', async () => {
    const student = await newStudent('Lee Lopez')
    const email = freshEmail()
    const created = (await invite(student.id, educator.cookie, { email, relationship: 'Grandmother' })).json()
    const list = (await get('/api/v1/user-invites', admin.cookie)).json() as Array<Record<string, unknown>>
    const row = list.find((i) => i.uuid === created.invite.uuid)
    expect(row).toMatchObject({
      guardian: true,
      status: 'available',
      guardianOf: { uuid: student.id, name: 'Lee Lopez', relationship: 'Grandmother' },
    })
    sink.messages.length = 0
    const resend = await send('POST', `/api/v1/user-invites/${created.invite.uuid}/resend`, admin.cookie)
    expect(resend.statusCode).toBe(200)
    expect((await sink.waitFor(email)).text).toMatch(/as Lee Lopez's grandmother/)
  })
})

describe('what a guardian reads and writes', () => {
  it('reads the record as the student does: no hidden documents; siblings both; other students 404', async () => {
    const first = await newStudent('Ana Sibling')
    const second = await newStudent('Ben Sibling')
    const stranger = await newStudent('Cy Stranger')
    const guardian = await t.userWith({ roles: ['guardian'], name: 'Gil Guardian' })
    await addGuardian(t.db, first.id, guardian.id, 'Father')
    await addGuardian(t.db, second.id, guardian.id, 'Father')
    await createDocument(t.db, first.id, { creatorId: educator.id, name: 'Visible plan' })
    await createDocument(t.db, first.id, { creatorId: educator.id, name: 'Staff only', hidden: true })

    const record = (await get(`/api/v1/students/${first.id}`, guardian.cookie)).json()
    expect(record.documents.map((d: { name: string }) => d.name)).toEqual(['Visible plan'])
    expect((await get(`/api/v1/students/${second.id}`, guardian.cookie)).statusCode).toBe(200)
    expect((await get(`/api/v1/students/${stranger.id}`, guardian.cookie)).statusCode).toBe(404)

    const list = (await get('/api/v1/students', guardian.cookie)).json()
    expect(list.students.map((s: { name: string }) => s.name)).toEqual(['Ana Sibling', 'Ben Sibling'])
  })

  it('the dashboard has a card per linked student with scores, superscores and the newest shared note only', async () => {
    const student = await newStudent('Dana Card')
    const guardian = await t.userWith({ roles: ['guardian'] })
    await addGuardian(t.db, student.id, guardian.id, 'Mother')
    await createSatScore(t.db, student.id, { date: '2025-03-08', english: 600, math: 700 })
    await createSatScore(t.db, student.id, { date: '2025-10-04', english: 650, math: 680 })
    await createNote(t.db, student.id, {
      authorId: educator.id,
      date: '2026-01-10',
      visibility: 'shared',
      body: 'Shared one',
    })
    await createNote(t.db, student.id, {
      authorId: educator.id,
      date: '2026-01-20',
      visibility: 'internal',
      body: 'Secret',
    })

    const screen = (await get('/api/v1/screens/my-dashboard', guardian.cookie)).json()
    expect(screen.guardianOf).toHaveLength(1)
    const card = screen.guardianOf[0]
    expect(card.student).toEqual({ name: 'Dana Card', uuid: student.id, archived: false })
    expect(card.relationship).toBe('Mother')
    expect(card.latestSat).toMatchObject({ date: '2025-10-04', english: 650, math: 680, cumulative: 1330 })
    expect(card.latestAct).toBeNull()
    expect(card.superscores.sat).toEqual({ english: 650, math: 700, cumulative: 1350 })
    expect(card.newestSharedNote).toMatchObject({
      body: 'Shared one',
      visibility: 'shared',
      date: '2026-01-10',
    })
    expect(JSON.stringify(screen)).not.toContain('Secret')
  })

  it('may add documents, never hidden or pinned, and change only their own; scores and notes are refused', async () => {
    const student = await newStudent()
    const guardian = await t.userWith({ roles: ['guardian'] })
    await addGuardian(t.db, student.id, guardian.id)
    const base = `/api/v1/students/${student.id}`
    const added = await send('POST', `${base}/documents`, guardian.cookie, {
      name: 'FAFSA summary',
      url: 'https://docs.example.com/fafsa',
    })
    expect(added.statusCode).toBe(201)
    const own = added.json()
    expect(own.creator.uuid).toBe(guardian.id)

    const hidden = await send('POST', `${base}/documents`, guardian.cookie, {
      name: 'x',
      url: 'https://docs.example.com/x',
      hidden: true,
    })
    expect(hidden.statusCode).toBe(403)
    expect(hidden.json().code).toBe('hidden-forbidden')

    const edited = await send('PUT', `${base}/documents/${own.uuid}`, guardian.cookie, {
      name: 'FAFSA summary 2026',
      url: own.url,
      creatorUUID: guardian.id,
    })
    expect(edited.statusCode).toBe(200)

    const studentsDoc = await createDocument(t.db, student.id, { creatorId: student.id })
    const notMine = await send('PUT', `${base}/documents/${studentsDoc}`, guardian.cookie, {
      name: 'changed',
      url: 'https://docs.example.com/changed',
      creatorUUID: student.id,
    })
    expect(notMine.statusCode).toBe(403)
    expect((await send('DELETE', `${base}/documents/${studentsDoc}`, guardian.cookie)).statusCode).toBe(403)
    const staffHidden = await createDocument(t.db, student.id, { creatorId: educator.id, hidden: true })
    expect((await send('DELETE', `${base}/documents/${staffHidden}`, guardian.cookie)).statusCode).toBe(404)

    expect((await send('DELETE', `${base}/documents/${own.uuid}`, guardian.cookie)).statusCode).toBe(204)
    const sat = await send('POST', `${base}/sat-scores`, guardian.cookie, {
      date: '2025-03-08',
      english: 600,
      math: 600,
    })
    expect(sat.statusCode).toBe(403)
    const note = await send('POST', `${base}/notes`, guardian.cookie, {
      date: '2025-03-08',
      visibility: 'shared',
      body: 'x',
    })
    expect(note.statusCode).toBe(403)
  })

  it("sees the profile screens of the student and the student's team, and no one else's", async () => {
    const student = await newStudent('Eli Profile')
    const guardian = await t.userWith({ roles: ['guardian'] })
    await addGuardian(t.db, student.id, guardian.id)
    const screen = (id: string) => get(`/api/v1/screens/user-profile/${id}`, guardian.cookie)
    const own = await screen(student.id)
    expect(own.statusCode).toBe(200)
    expect(own.json().student.uuid).toBe(student.id)
    expect((await screen(educator.id)).statusCode).toBe(200)
    expect((await screen(otherEducator.id)).statusCode).toBe(404)
    // The student and the team see the guardian's profile (the Family section links to it).
    const asStudent = await get(`/api/v1/screens/user-profile/${guardian.id}`, student.cookie)
    expect(asStudent.json().roles).toEqual(['Guardian'])
    expect((await get(`/api/v1/screens/user-profile/${guardian.id}`, educator.cookie)).statusCode).toBe(200)
    expect((await get(`/api/v1/screens/user-profile/${guardian.id}`, otherEducator.cookie)).statusCode).toBe(
      404,
    )
  })
})

describe('removing a guardian', () => {
  it('ends their access at once; the profile stays with an empty dashboard; the change is audited', async () => {
    const student = await newStudent()
    const guardian = await t.userWith({ roles: ['guardian'] })
    await addGuardian(t.db, student.id, guardian.id)
    const url = `/api/v1/students/${student.id}/guardians/${guardian.id}`
    expect((await send('DELETE', url, fao.cookie)).statusCode).toBe(403)
    expect((await send('DELETE', url, student.cookie)).statusCode).toBe(403)
    expect((await send('DELETE', url, otherEducator.cookie)).statusCode).toBe(404)
    expect((await send('DELETE', url, educator.cookie)).statusCode).toBe(204)
    expect((await send('DELETE', url, educator.cookie)).statusCode).toBe(404)

    expect((await get(`/api/v1/students/${student.id}`, guardian.cookie)).statusCode).toBe(404)
    const screen = (await get('/api/v1/screens/my-dashboard', guardian.cookie)).json()
    expect(screen.guardianOf).toEqual([])
    expect((await get('/api/v1/users/me', guardian.cookie)).json().profileGuardian).toEqual({})

    const [event] = await selectRows<{ actor_id: string; before: unknown }>(
      t.db,
      sql`select actor_id, before from audit_events where action = 'guardian.unlinked' and student_id = ${student.id}`,
    )
    expect(event).toMatchObject({
      actor_id: educator.id,
      before: { guardianId: guardian.id, relationship: 'Parent' },
    })
  })

  it('answers 404 for an unknown or malformed guardian id', async () => {
    const student = await newStudent()
    const base = `/api/v1/students/${student.id}/guardians`
    expect((await send('DELETE', `${base}/not-a-uuid`, admin.cookie)).statusCode).toBe(404)
    expect(
      (await send('DELETE', `${base}/00000000-0000-4000-8000-000000000000`, admin.cookie)).statusCode,
    ).toBe(404)
  })
})

/** What the old code made when an educator posted an existing account's email: a link nobody accepted. */
async function insertUnacceptedLink(studentId: string, guardianId: string, createdById: string) {
  await t.db.execute(
    sql`insert into guardian_profiles (user_id) values (${guardianId}) on conflict do nothing`,
  )
  await t.db.execute(sql`insert into guardian_links (guardian_id, student_id, relationship, created_by_id, accepted_at)
    values (${guardianId}, ${studentId}, 'Parent', ${createdById}, null)`)
}

const linkCount = async (studentId: string, guardianId: string) =>
  (
    await selectRows(
      t.db,
      sql`select 1 from guardian_links where student_id = ${studentId} and guardian_id = ${guardianId}`,
    )
  ).length

const accept = (inviteId: string, cookie: string) =>
  send('POST', `/api/v1/user-invites/${inviteId}/accept`, cookie)

describe('linking an existing account needs its owner', () => {
  it("answers an educator alike for an existing account's email and an unknown one, and links nobody until they accept", async () => {
    const student = await newStudent('Nia Nguyen')
    const existing = await t.userWith({ roles: ['guardian'], name: 'Otto Existing' })
    const known = await invite(student.id, educator.cookie, { email: existing.email, relationship: 'Father' })
    const unknown = await invite(student.id, educator.cookie, { email: freshEmail(), relationship: 'Father' })

    expect(known.statusCode).toBe(201)
    expect(unknown.statusCode).toBe(201)
    const shape = (body: Record<string, Record<string, unknown> | string>) =>
      Object.fromEntries(
        Object.entries(body).map(([key, value]) => [
          key,
          typeof value === 'string' ? 'string' : Object.keys(value).sort(),
        ]),
      )
    expect(shape(known.json())).toEqual(shape(unknown.json()))
    expect(known.json().invite).toMatchObject({ email: existing.email, guardian: true, usedAt: null })
    expect(known.body).not.toContain(existing.id)
    expect(known.body).not.toContain('Otto Existing')

    expect(await linkCount(student.id, existing.id)).toBe(0)
    expect((await get(`/api/v1/students/${student.id}`, existing.cookie)).statusCode).toBe(404)
    // The owner is told to log in and accept; the caller got nothing that says so.
    const mail = await sink.waitFor(existing.email)
    expect(mail.text).toContain(known.json().link)
    expect(mail.text).toContain('Eve Educator invited you to be linked as a parent or guardian of Nia Nguyen')
  })

  it('a resent invite asks an existing account to accept; a disabled account is mailed nothing', async () => {
    const student = await newStudent('Uma Ueda')
    const existing = await t.userWith({ roles: ['guardian'] })
    const created = (
      await invite(student.id, educator.cookie, { email: existing.email, relationship: 'Aunt' })
    ).json()
    await sink.waitFor(existing.email)
    sink.messages.length = 0
    const resend = await send('POST', `/api/v1/user-invites/${created.invite.uuid}/resend`, admin.cookie)
    expect(resend.statusCode).toBe(200)
    const mail = await sink.waitFor(existing.email)
    expect(mail.text).toContain('You already have an account')
    expect(mail.text).toContain(created.link)

    const disabled = await t.userWith({ roles: ['guardian'] })
    await t.db.execute(sql`update users set disabled_at = now() where id = ${disabled.id}`)
    const answer = await invite(student.id, educator.cookie, { email: disabled.email, relationship: 'Aunt' })
    expect(answer.statusCode).toBe(201)
    const unknownEmail = freshEmail()
    await invite(student.id, educator.cookie, { email: unknownEmail, relationship: 'Aunt' })
    await sink.waitFor(unknownEmail)
    expect(sink.messages.some((m) => m.to.includes(disabled.email))).toBe(false)
  })

  it('the invited person accepts while logged in and is linked; another account cannot accept it', async () => {
    const student = await newStudent('Oli Ortiz')
    const existing = await t.userWith({ roles: ['guardian'], name: 'Quinn Parent' })
    const other = await t.userWith({ roles: ['guardian'], name: 'Someone Else' })
    const created = (
      await invite(student.id, educator.cookie, { email: existing.email, relationship: 'Mother' })
    ).json()
    const id = created.invite.uuid as string

    for (const cookie of [other.cookie, educator.cookie, admin.cookie]) {
      const peek = await get(`/api/v1/user-invites/${id}/acceptance`, cookie)
      expect(peek.statusCode).toBe(404)
      expect(peek.body).not.toContain('Oli Ortiz')
      expect((await accept(id, cookie)).statusCode).toBe(404)
    }
    expect((await accept(id, '')).statusCode).toBe(401)
    expect(await linkCount(student.id, other.id)).toBe(0)

    const peek = await get(`/api/v1/user-invites/${id}/acceptance`, existing.cookie)
    expect(peek.json()).toEqual({
      student: { name: 'Oli Ortiz', uuid: student.id },
      relationship: 'Mother',
      invitedBy: 'Eve Educator',
    })
    const accepted = await accept(id, existing.cookie)
    expect(accepted.statusCode).toBe(200)
    expect(accepted.json()).toEqual({ studentUUID: student.id })
    expect((await get(`/api/v1/students/${student.id}`, existing.cookie)).statusCode).toBe(200)
    expect((await accept(id, existing.cookie)).statusCode).toBe(404)

    const [event] = await selectRows<{ actor_id: string; after: Record<string, unknown> }>(
      t.db,
      sql`select actor_id, after from audit_events where action = 'guardian.accepted' and student_id = ${student.id}`,
    )
    expect(event).toMatchObject({
      actor_id: existing.id,
      after: { guardianId: existing.id, relationship: 'Mother', inviteId: id, invitedById: educator.id },
    })
    const admins = (await get(`/api/v1/students/${student.id}`, admin.cookie)).json()
    expect(admins.guardians).toEqual([
      { name: 'Quinn Parent', uuid: existing.id, relationship: 'Mother', email: existing.email },
    ])
  })

  it('an educator cannot link themself or a student; staff on the team cannot accept', async () => {
    const student = await newStudent('Pia Park')
    const self = await invite(student.id, educator.cookie, { email: educator.email, relationship: 'Father' })
    expect(self.statusCode).toBe(409)
    expect(self.json()).toMatchObject({ code: 'guardian-not-allowed' })
    expect(self.json().errors).toEqual([
      { path: 'email', message: "Staff on this student's team cannot be their guardian." },
    ])

    const minor = await t.userWith({ roles: ['student'], name: 'Mo Minor' })
    const toMinor = await invite(student.id, educator.cookie, { email: minor.email, relationship: 'Brother' })
    expect(toMinor.statusCode).toBe(201)
    const refused = await accept(toMinor.json().invite.uuid, minor.cookie)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().errors).toEqual([
      { path: 'invite', message: 'A student account cannot be a guardian.' },
    ])

    const toFao = await invite(student.id, educator.cookie, { email: fao.email, relationship: 'Aunt' })
    expect(toFao.statusCode).toBe(201)
    const faoRefused = await accept(toFao.json().invite.uuid, fao.cookie)
    expect(faoRefused.statusCode).toBe(409)
    expect(faoRefused.json().errors[0].path).toBe('invite')

    expect(await linkCount(student.id, educator.id)).toBe(0)
    expect(await linkCount(student.id, minor.id)).toBe(0)
    expect(await linkCount(student.id, fao.id)).toBe(0)
  })

  it("an admin cannot link a team member of that student or a student account; a guardian cannot join the student's team", async () => {
    const student = await newStudent('Ray Reed')
    const minor = await t.userWith({ roles: ['student'] })
    for (const email of [fao.email, minor.email]) {
      const response = await invite(student.id, admin.cookie, { email, relationship: 'Uncle' })
      expect(response.statusCode).toBe(409)
      expect(response.json().code).toBe('guardian-not-allowed')
      expect(response.json().errors[0].path).toBe('email')
    }
    expect(await linkCount(student.id, fao.id)).toBe(0)
    expect(await linkCount(student.id, minor.id)).toBe(0)

    // Staff may be a parent of a student they do not coach, and then never join that team.
    const parent = await t.userWith({ roles: ['educator'] })
    const linked = await invite(student.id, admin.cookie, { email: parent.email, relationship: 'Mother' })
    expect(linked.statusCode).toBe(200)
    const join = await send('PUT', `/api/v1/students/${student.id}/team-members/${parent.id}`, admin.cookie)
    expect(join.statusCode).toBe(409)
    expect(join.json()).toMatchObject({ code: 'guardian-of-student' })
    expect(join.json().errors[0].path).toBe('userId')
    const available = (await get(`/api/v1/users?available-for=${student.id}`, admin.cookie)).json()
    expect(available.map((u: { uuid: string }) => u.uuid)).not.toContain(parent.id)
  })

  it('a link nobody accepted gives nothing to an educator removed from the team or to a student; admins see it flagged', async () => {
    const student = await newStudent('Sky Stone')
    const selfLinked = await t.userWith({ roles: ['educator'], name: 'Sly Educator' })
    await addToTeam(t.db, student.id, selfLinked.id)
    await insertUnacceptedLink(student.id, selfLinked.id, selfLinked.id)
    const minor = await t.userWith({ roles: ['student'], name: 'Lil Minor' })
    await insertUnacceptedLink(student.id, minor.id, educator.id)
    const parent = await t.userWith({ roles: ['guardian'], name: 'Real Parent' })
    await insertUnacceptedLink(student.id, parent.id, educator.id)

    const removed = await send(
      'DELETE',
      `/api/v1/students/${student.id}/team-members/${selfLinked.id}`,
      admin.cookie,
    )
    expect(removed.statusCode).toBe(204)
    for (const who of [selfLinked, minor]) {
      expect((await get(`/api/v1/students/${student.id}`, who.cookie)).statusCode).toBe(404)
      expect((await get(`/api/v1/students/${student.id}/notes`, who.cookie)).statusCode).toBe(404)
      const list = (await get('/api/v1/students', who.cookie)).json()
      expect(JSON.stringify(list)).not.toContain(student.id)
      const dashboard = (await get('/api/v1/screens/my-dashboard', who.cookie)).json()
      expect(JSON.stringify(dashboard)).not.toContain(student.id)
    }
    // A real parent linked that way keeps following the record.
    expect((await get(`/api/v1/students/${student.id}`, parent.cookie)).statusCode).toBe(200)

    const adminView = (await get(`/api/v1/students/${student.id}`, admin.cookie)).json()
    const flagged = Object.fromEntries(
      adminView.guardians.map((g: { uuid: string; notAccepted?: boolean }) => [g.uuid, g.notAccepted]),
    )
    expect(flagged).toEqual({ [selfLinked.id]: true, [minor.id]: true, [parent.id]: true })
    const staffView = (await get(`/api/v1/students/${student.id}`, educator.cookie)).json()
    expect(JSON.stringify(staffView.guardians)).not.toContain('notAccepted')
    const familyView = (await get(`/api/v1/students/${student.id}`, parent.cookie)).json()
    expect(JSON.stringify(familyView.guardians)).not.toContain('notAccepted')
  })

  it('the migration marks links made at once by an educator as not accepted, every other link accepted, and removes those held by staff, with an audit event', async () => {
    const student = await newStudent('Tao Then')
    const byCli = await t.userWith({ roles: ['guardian'] })
    const byAdmin = await t.userWith({ roles: ['guardian'] })
    const byInvite = await t.userWith({ roles: ['guardian'] })
    const atOnce = await t.userWith({ roles: ['guardian'] })
    const selfLinked = await t.userWith({ roles: ['educator', 'guardian'] })
    await t.db.execute(sql`insert into guardian_links (guardian_id, student_id, relationship, created_by_id)
      values (${byCli.id}, ${student.id}, 'Parent', null), (${byAdmin.id}, ${student.id}, 'Parent', ${admin.id}),
        (${byInvite.id}, ${student.id}, 'Parent', ${educator.id}), (${atOnce.id}, ${student.id}, 'Parent', ${educator.id}),
        (${selfLinked.id}, ${student.id}, 'Parent', ${selfLinked.id})`)
    await t.db.execute(sql`insert into user_invites (email, guardian_student_id, guardian_relationship, expires_at,
        created_by_id, used_at, user_id)
      values (${byInvite.email}, ${student.id}, 'Parent', now() + interval '1 day', ${educator.id}, now(), ${byInvite.id})`)
    const [, marking, removing] = readFileSync('drizzle/0009_guardian_link_acceptance.sql', 'utf8').split(
      '--> statement-breakpoint',
    )
    const rollback = new Error('rollback')
    const marked = await t.db
      .transaction(async (tx) => {
        await tx.execute(sql.raw(marking!))
        await tx.execute(sql.raw(removing!))
        const rows = await selectRows<{ guardian_id: string; accepted: boolean }>(
          tx,
          sql`select guardian_id, accepted_at is not null as accepted from guardian_links where student_id = ${student.id}
          union all select subject_id, null from audit_events
          where student_id = ${student.id} and action = 'guardian.unlinked' and actor_id is null`,
        )
        throw Object.assign(rollback, { rows })
      })
      .catch((error) =>
        error === rollback ? (rollback as Error & { rows: unknown[] }).rows : Promise.reject(error),
      )
    expect(
      Object.fromEntries(
        (marked as { guardian_id: string; accepted: boolean }[]).map((r) => [r.guardian_id, r.accepted]),
      ),
    ).toEqual({
      [byCli.id]: true,
      [byAdmin.id]: true,
      [byInvite.id]: true,
      [atOnce.id]: false,
      // Gone from the links; its removal is in the record's history.
      [selfLinked.id]: null,
    })
  })
})

describe('guardians per record are capped', () => {
  it('refuses to renew an expired guardian invite of a family already at its cap', async () => {
    const student = await newStudent('Cap Renewal')
    const [expired] = await selectRows<{ id: string }>(
      t.db,
      sql`insert into user_invites (email, guardian_student_id, guardian_relationship, expires_at)
      values (${freshEmail('expired')}, ${student.id}, 'Aunt', now() - interval '1 day') returning id`,
    )
    await t.db.execute(sql`insert into user_invites (email, guardian_student_id, guardian_relationship, expires_at)
      select 'held-' || n || '-' || ${student.id} || '@example.test', ${student.id}, 'Parent', now() + interval '1 day'
      from generate_series(1, ${RECORD_CAPS.guardians}) n`)
    const renewed = await send('POST', `/api/v1/user-invites/${expired!.id}/resend`, admin.cookie)
    expect(renewed.statusCode).toBe(409)
    expect(renewed.json().code).toBe('too-many-guardians')
  })

  it(`refuses a guardian past the cap of ${RECORD_CAPS.guardians} (links and open invites) with 409, writing nothing and no audit event`, async () => {
    const student = await newStudent('Cap Family')
    await t.db.execute(sql`with g as (
        insert into users (name, email, onboarding_required)
        select 'Filled guardian ' || n, 'filled-' || n || '-' || ${student.id} || '@example.test', false
        from generate_series(1, ${RECORD_CAPS.guardians - 1}) n returning id),
      p as (insert into guardian_profiles (user_id) select id from g returning user_id)
      insert into guardian_links (guardian_id, student_id, relationship) select user_id, ${student.id}, 'Parent' from p`)
    await t.db.execute(sql`insert into user_invites (email, guardian_student_id, guardian_relationship, expires_at)
      values (${freshEmail('open')}, ${student.id}, 'Aunt', now() + interval '14 days')`)
    const email = freshEmail()
    const refused = await invite(student.id, educator.cookie, { email, relationship: 'Uncle' })
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({
      code: 'too-many-guardians',
      detail: `This student already has ${RECORD_CAPS.guardians} guardians linked or invited, the most a record can hold. Remove one first.`,
    })
    const [counted] = await selectRows<{ links: number; invites: number; events: number }>(
      t.db,
      sql`select (select count(*)::int from guardian_links where student_id = ${student.id}) as links,
        (select count(*)::int from user_invites where guardian_student_id = ${student.id}) as invites,
        (select count(*)::int from audit_events where student_id = ${student.id}) as events`,
    )
    expect(counted).toEqual({ links: RECORD_CAPS.guardians - 1, invites: 1, events: 0 })
  })
})

describe("open guardian invites on the student's record", () => {
  const invites = (studentId: string) => `/api/v1/students/${studentId}/guardian-invites`

  it('family managers list the unused ones (expired included, used ones not) with the link, newest first', async () => {
    const student = await newStudent('Ivy Invited')
    const [expired] = await selectRows<{ id: string }>(
      t.db,
      sql`insert into user_invites (email, guardian_student_id, guardian_relationship, expires_at, created_at)
      values (${freshEmail('old')}, ${student.id}, 'Aunt', now() - interval '1 day', now() - interval '20 days')
      returning id`,
    )
    const email = freshEmail()
    const created = (await invite(student.id, educator.cookie, { email, relationship: 'Father' })).json()
    const used = (
      await invite(student.id, educator.cookie, { email: freshEmail(), relationship: 'Mother' })
    ).json()
    await t.db.execute(sql`update user_invites set used_at = now() where id = ${used.invite.uuid}`)

    for (const caller of [educator, admin]) {
      const response = await get(invites(student.id), caller.cookie)
      expect(response.statusCode).toBe(200)
      const list = response.json() as Array<Record<string, unknown>>
      expect(list.map((row) => row.uuid)).toEqual([created.invite.uuid, expired!.id])
      expect(list[0]).toMatchObject({
        email,
        relationship: 'Father',
        status: 'available',
        link: created.link,
      })
      expect(list[1]).toMatchObject({ relationship: 'Aunt', status: 'expired' })
    }
  })

  it('the student, their guardian and an FAO on the team are refused (403; the student sees only their own), outsiders told it does not exist', async () => {
    const student = await newStudent()
    const guardian = await t.userWith({ roles: ['guardian'] })
    await addGuardian(t.db, student.id, guardian.id)
    const created = (
      await invite(student.id, educator.cookie, { email: freshEmail(), relationship: 'Aunt' })
    ).json()
    const one = `${invites(student.id)}/${created.invite.uuid}`
    // The student lists only the invites they sent themself (at onboarding): not this one.
    expect((await get(invites(student.id), student.cookie)).json()).toEqual([])
    for (const caller of [student, guardian, fao]) {
      if (caller !== student) expect((await get(invites(student.id), caller.cookie)).statusCode).toBe(403)
      expect((await send('POST', `${one}/resend`, caller.cookie)).statusCode).toBe(403)
      expect((await send('DELETE', one, caller.cookie)).statusCode).toBe(403)
    }
    expect((await get(invites(student.id), otherEducator.cookie)).statusCode).toBe(404)
    expect((await send('DELETE', one, otherEducator.cookie)).statusCode).toBe(404)
  })

  it('an educator on the team resends one (renewed, mailed again, audited) and cancels one (its link stops working)', async () => {
    const student = await newStudent('Rae Resend')
    const email = freshEmail()
    const created = (await invite(student.id, educator.cookie, { email, relationship: 'Stepfather' })).json()
    await t.db.execute(
      sql`update user_invites set expires_at = now() - interval '1 hour' where id = ${created.invite.uuid}`,
    )
    sink.messages.length = 0
    const one = `${invites(student.id)}/${created.invite.uuid}`
    const resent = await send('POST', `${one}/resend`, educator.cookie)
    expect(resent.statusCode).toBe(200)
    expect(resent.json().link).toBe(created.link)
    expect(new Date(resent.json().invite.expiresAt).getTime()).toBeGreaterThan(Date.now())
    expect((await sink.waitFor(email)).text).toMatch(/as Rae Resend's stepfather/)
    expect((await get(invites(student.id), educator.cookie)).json()[0].status).toBe('available')

    const cancelled = await send('DELETE', one, educator.cookie)
    expect(cancelled.statusCode).toBe(204)
    expect((await get(invites(student.id), educator.cookie)).json()).toEqual([])
    expect((await get(`/api/v1/user-invites/${created.invite.uuid}`, '')).statusCode).toBe(404)
    const events = await selectRows<{ action: string; student_id: string }>(
      t.db,
      sql`select action, student_id from audit_events where subject_id = ${created.invite.uuid} order by created_at`,
    )
    // Each in the student's History.
    expect(events).toEqual(
      ['invite.created', 'invite.resent', 'invite.deleted'].map((action) => ({
        action,
        student_id: student.id,
      })),
    )
    expect((await send('DELETE', one, educator.cookie)).statusCode).toBe(404)
  })

  it("answers 404 for another student's invite, a used one, or a malformed id", async () => {
    const student = await newStudent()
    const other = await newStudent()
    const theirs = (
      await invite(other.id, educator.cookie, { email: freshEmail(), relationship: 'Aunt' })
    ).json()
    const used = (
      await invite(student.id, educator.cookie, { email: freshEmail(), relationship: 'Aunt' })
    ).json()
    await t.db.execute(sql`update user_invites set used_at = now() where id = ${used.invite.uuid}`)
    for (const id of [theirs.invite.uuid, used.invite.uuid, 'not-a-uuid']) {
      expect((await send('POST', `${invites(student.id)}/${id}/resend`, admin.cookie)).statusCode).toBe(404)
      expect((await send('DELETE', `${invites(student.id)}/${id}`, admin.cookie)).statusCode).toBe(404)
    }
  })
})
