import { readdirSync, readFileSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '../../src/server/db/raw'
import { AUDIT_ACTIONS, auditChangeSchema } from '../../src/shared/audit'
import { DELETED_USER_ID } from '../../src/shared/users'
import { addToTeam, createUser } from '../factories'
import { formBody } from '../helpers/practice-forms'
import { createTestApp, type SignedIn, TEST_ORIGIN, type TestApp } from '../helpers/test-app'
import { multipart, SAMPLES } from '../helpers/uploads'

/**
 * The audit log's contract is the union in src/shared/audit.ts: the API writes every action of it,
 * and each row it writes parses with it (recordAudit's type checks the same at compile time).
 */
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

/** Actions only a migration writes (none today: the migration's `guardian.unlinked` is also the API's). */
const MIGRATION_ONLY: string[] = []

describe('every audit event the server writes is one of the union in src/shared/audit.ts', () => {
  const send = async (
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: object,
    cookie = admin.cookie,
  ) => {
    const answer = await t.request({
      method,
      url,
      cookie,
      headers: { origin: TEST_ORIGIN },
      ...(body ? { payload: body } : {}),
    })
    expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBeLessThan(300)
    return answer.statusCode === 204 ? null : answer.json()
  }

  it('writes each action through the API with the before and after the union gives it', async () => {
    const base = `/api/v1/students/${student.id}`
    // People: roles (leaving a team), disabling, enabling, an email change, deletions.
    const person = await createUser(t.db, { roles: ['educator'] })
    await addToTeam(t.db, student.id, person.id)
    await send('PATCH', `/api/v1/users/${person.id}`, { educator: false, fao: true })
    await send('PATCH', `/api/v1/users/${person.id}`, { disabled: true })
    await send('PATCH', `/api/v1/users/${person.id}`, { disabled: false })
    await send('PATCH', `/api/v1/users/${person.id}/email`, { email: 'moved.person@example.test' })
    await send('DELETE', `/api/v1/users/${person.id}`, { confirmEmail: 'moved.person@example.test' })
    const leaving = await createUser(t.db, { roles: ['student'] })
    await send('POST', `/api/v1/students/${leaving.id}/tasks`, { title: 'Gone with the record' })
    await send('PATCH', `/api/v1/students/${leaving.id}`, { archived: true })
    await send('PATCH', `/api/v1/students/${leaving.id}`, { archived: false })
    await send('PATCH', `/api/v1/students/${leaving.id}`, { archived: true })
    await send('DELETE', `/api/v1/users/${leaving.id}`, { confirmEmail: leaving.email })
    // Invites: one by hand, a bulk import, a guardian invite accepted; a guardian linked and unlinked.
    const invite = await send('POST', '/api/v1/user-invites', {
      student: true,
      email: 'new.student@example.test',
    })
    await send('POST', `/api/v1/user-invites/${invite.uuid}/resend`)
    await send('DELETE', `/api/v1/user-invites/${invite.uuid}`)
    await send('POST', '/api/v1/user-invites/import', {
      csv: 'name,email,roles\nIan Import,ian.import@example.test,student\n',
    })
    const parent = await t.userWith({ roles: ['guardian'] })
    const guardianInvite = await send(
      'POST',
      `${base}/guardian-invites`,
      { email: parent.email, relationship: 'Mother' },
      educator.cookie,
    )
    await send('POST', `/api/v1/user-invites/${guardianInvite.invite.uuid}/accept`, undefined, parent.cookie)
    const aunt = await createUser(t.db, { roles: ['guardian'] })
    await send('POST', `${base}/guardian-invites`, { email: aunt.email, relationship: 'Aunt' })
    await send('DELETE', `${base}/guardians/${aunt.id}`)
    // The team, the record's items, the targets.
    const member = await createUser(t.db, { roles: ['educator'] })
    await send('PUT', `${base}/team-members/${member.id}`, {})
    await send('DELETE', `${base}/team-members/${member.id}`)
    const note = await send('POST', `${base}/notes`, {
      date: '2026-01-15',
      visibility: 'internal',
      body: 'Plan.',
    })
    await send('PUT', `${base}/notes/${note.uuid}`, {
      date: '2026-01-15',
      visibility: 'shared',
      body: 'Edited.',
    })
    await send('DELETE', `${base}/notes/${note.uuid}`)
    const message = await send('POST', `${base}/conversations/staff/messages`, { body: 'Plan.' })
    await send('PATCH', `${base}/conversations/staff/messages/${message.uuid}`, { body: 'Edited.' })
    await send('DELETE', `${base}/conversations/staff/messages/${message.uuid}`)
    await send('POST', '/api/v1/broadcasts', {
      body: 'Hello all.',
      to: { kind: 'students', studentUUIDs: [student.id] },
    })
    const link = await send('POST', `${base}/documents`, { name: 'Essay', url: 'https://docs.example.com/e' })
    await send('PUT', `${base}/documents/${link.uuid}`, {
      name: 'Essay',
      url: link.url,
      pinned: true,
      creatorUUID: admin.id,
    })
    await send('DELETE', `${base}/documents/${link.uuid}`)
    const upload = await t.request({
      method: 'POST',
      url: `${base}/documents`,
      cookie: admin.cookie,
      ...multipart({ name: 'essay.pdf', bytes: SAMPLES.pdf }),
    })
    expect(upload.statusCode, upload.body).toBe(201)
    await send('DELETE', `${base}/documents/${upload.json().uuid}`)
    const task = await send('POST', `${base}/tasks`, { title: 'Practice test 5', dueDate: '2026-02-01' })
    await send('PATCH', `${base}/tasks/${task.uuid}`, { status: 'done' })
    await send('DELETE', `${base}/tasks/${task.uuid}`)
    const lesson = await send('POST', `${base}/sessions`, {
      educatorUUID: educator.id,
      service: 'tutoring',
      startsAt: '2027-02-01T15:00:00Z',
      durationMinutes: 60,
      location: { kind: 'online', meetingUrl: 'https://meet.example.com/lesson' },
      repeat: { everyWeeks: 1, count: 2 },
    })
    const lessonUrl = `${base}/sessions/${lesson.sessions[0].uuid}`
    await send('PATCH', lessonUrl, { agenda: 'Essay outline', scope: 'following' })
    await send('PATCH', lessonUrl, { status: 'cancelled' })
    await send('POST', `${base}/notes`, {
      date: '2026-01-15',
      visibility: 'internal',
      body: 'About the lesson.',
      sessionUUID: lesson.sessions[0].uuid,
    })
    const college = await send('POST', `${base}/colleges`, { name: 'Reed College', round: 'RD' })
    await send('PATCH', `${base}/colleges/${college.uuid}`, { status: 'applying' })
    await send('DELETE', `${base}/colleges/${college.uuid}`)
    for (const [path, score] of [
      ['sat-scores', { date: '2025-03-08', english: 600, math: 650, source: 'practice' }],
      [
        'act-scores',
        { date: '2025-10-25', english: 30, math: 28, reading: 31, science: 27, note: 'Proctored' },
      ],
    ] as const) {
      const added = await send('POST', `${base}/${path}`, score)
      await send('PATCH', `${base}/${path}/${added.uuid}`, { note: 'Bluebook test 4' })
      await send('DELETE', `${base}/${path}/${added.uuid}`)
    }
    const hourPackage = await send('POST', `${base}/packages`, {
      name: 'Fall tutoring',
      service: 'tutoring',
      hours: 10,
      purchasedOn: '2026-09-01',
    })
    await send('POST', `${base}/hours/adjustments`, { hours: 1.5, reason: 'Make-up session' })
    await send('POST', `${base}/hours/adjustments`, {
      hours: -0.25,
      reason: 'Correction',
      packageUUID: hourPackage.uuid,
    })
    await send('PUT', `${base}/targets`, { sat: 1450, act: null, satDate: '2030-03-09' })
    await send('PATCH', `${base}/profile`, {
      classYear: new Date().getUTCFullYear() + 1,
      school: 'Lincoln High',
      testDates: [{ test: 'SAT', date: '2030-03-09' }],
    })
    // Practice tests: a form assigned, answered, submitted and corrected (a rescore); another deleted.
    const practice = await send('POST', '/api/v1/practice-tests', formBody('SAT', null, 'Practice Test 4'))
    const attempt = await send(
      'POST',
      `${base}/practice-attempts`,
      { formUUID: practice.uuid },
      educator.cookie,
    )
    const attemptUrl = `${base}/practice-attempts/${attempt.uuid}`
    const answer = { answers: [{ section: 'math', number: 1, answer: 'A' }] }
    await send('PUT', `${attemptUrl}/answers`, answer, student.cookie)
    await send('POST', `${attemptUrl}/submit`, {}, student.cookie)
    const corrected = formBody('SAT', null, 'Practice Test 4')
    corrected.sections[1]!.questions[0]!.answers = ['B']
    await send('PUT', `/api/v1/practice-tests/${practice.uuid}`, corrected)
    const spare = await send('POST', '/api/v1/practice-tests', formBody('ACT', 'enhanced', 'Spare'))
    await send('DELETE', `/api/v1/practice-tests/${spare.uuid}`)
    // An inquiry, and the settings (requiring two-factor asks the admin to have it).
    const contacted = await t.request({
      method: 'POST',
      url: '/api/v1/contact',
      payload: { name: 'A Parent', email: 'parent@example.test', service: 'essays', message: 'Hello.' },
    })
    expect(contacted.statusCode, contacted.body).toBeLessThan(300)
    const [inquiry] = await selectRows<{ id: string }>(t.db, sql`select id from contact_requests limit 1`)
    await send('PATCH', `/api/v1/inquiries/${inquiry!.id}`, { handled: true })
    await send('PATCH', `/api/v1/inquiries/${inquiry!.id}`, { handled: false })
    await t.db.execute(sql`update users set two_factor_enabled = true where id = ${admin.id}`)
    await send('PUT', '/api/v1/admin/settings', { requireStaffTwoFactor: true })
    await send('PUT', '/api/v1/admin/settings', { requireStaffTwoFactor: false })
    await send('PUT', '/api/v1/admin/settings', { cancellationNoticeHours: 48, lowBalanceHours: 1.5 })

    const rows = await selectRows<{
      action: string
      subject_type: string
      student_id: string | null
      before: unknown
      after: unknown
    }>(
      t.db,
      sql`select action, subject_type, student_id, before, after from audit_events order by created_at, id`,
    )
    for (const row of rows) {
      // A deleted student's record loses its events' contents (docs/product.md#deleting-a-person).
      const emptied = row.student_id === DELETED_USER_ID && row.before === null && row.after === null
      const change = {
        action: row.action,
        subjectType: row.subject_type,
        before: row.before,
        after: row.after,
      }
      const parsed = auditChangeSchema.safeParse(
        emptied ? { ...change, before: undefined, after: undefined } : change,
      )
      if (!emptied) expect(parsed.error, JSON.stringify(change)).toBeUndefined()
      expect(AUDIT_ACTIONS, JSON.stringify(change)).toContain(row.action)
    }
    expect(rows.some((row) => row.student_id === DELETED_USER_ID && row.action === 'task.created')).toBe(true)
    const written = new Set(rows.map((row) => row.action))
    expect(
      AUDIT_ACTIONS.filter((action) => !written.has(action) && !MIGRATION_ONLY.includes(action)),
    ).toEqual([])
  })

  it('knows every action a migration writes', () => {
    const migrations = readdirSync('drizzle').filter((name) => name.endsWith('.sql'))
    const actions = migrations.flatMap((name) =>
      [
        ...readFileSync(`drizzle/${name}`, 'utf8').matchAll(
          /INSERT INTO "audit_events"[^;]*?SELECT[^,]*,\s*'([^']+)'/gi,
        ),
      ].map((m) => m[1]!),
    )
    expect(actions).toContain('guardian.unlinked')
    expect(actions.filter((action) => !(AUDIT_ACTIONS as readonly string[]).includes(action))).toEqual([])
  })
})
