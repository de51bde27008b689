import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '../../src/server/db/raw'
import { createMailer, type Mailer } from '../../src/server/mail/mailer'
import { LiveHub, type LiveStream } from '../../src/server/modules/messages/live'
import { sendMessageMail } from '../../src/server/modules/messages/mail'
import { addGuardian, createDocument } from '../factories'
import { openEventStream } from '../helpers/event-stream'
import { studentFamily } from '../helpers/family'
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink'
import { createTestApp, type SignedIn, TEST_ORIGIN, type TestApp } from '../helpers/test-app'

let t: TestApp
let sink: SmtpSink
let mailer: Mailer
let admin: SignedIn
let educator: SignedIn
let fao: SignedIn
let student: SignedIn
let guardian: SignedIn
let otherGuardian: SignedIn
let outsider: SignedIn

const HOSTILE = '<img src=x onerror=alert(1)>'

beforeAll(async () => {
  sink = await startSmtpSink()
  t = await createTestApp()
  mailer = createMailer({
    smtpUrl: sink.url,
    from: 'test@example.test',
    dataDir: t.dataDir,
    log: pino({ level: 'silent' }),
  })
  admin = await t.userWith({ roles: ['admin'] })
  educator = await t.userWith({ roles: ['educator'], name: 'Erin Educator' })
  fao = await t.userWith({ roles: ['fao'] })
  outsider = await t.userWith({ roles: ['educator'] })
  ;({ student, guardian } = await studentFamily(t, [educator, fao], { name: 'Rosa Student' }))
  const other = await t.userWith({ roles: ['student'] })
  otherGuardian = await t.userWith({ roles: ['guardian'] })
  await addGuardian(t.db, other.id, otherGuardian.id)
})
afterAll(async () => {
  mailer.close()
  await t.close()
  await sink.close()
})

const base = (studentId: string, kind: 'family' | 'staff' | string) =>
  `/api/v1/students/${studentId}/conversations/${kind}`

const send = (who: SignedIn, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.request({
    method,
    url,
    cookie: who.cookie,
    headers: { origin: TEST_ORIGIN },
    ...(payload ? { payload } : {}),
  })

async function post(who: SignedIn, studentId: string, kind: 'family' | 'staff', body: string, extra = {}) {
  const answer = await send(who, 'POST', `${base(studentId, kind)}/messages`, { body, ...extra })
  expect(answer.statusCode, answer.body).toBe(201)
  return answer.json()
}

const unread = async (who: SignedIn) => (await send(who, 'GET', '/api/v1/conversations/unread')).json()

const fieldOf = (answer: { statusCode: number; json(): { errors?: Array<{ path: string }> } }) => {
  expect(answer.statusCode).toBe(400)
  return answer.json().errors?.map((error) => error.path)
}

describe('messages', () => {
  it('lets the record read and write Family; Staff does not exist for the family; outsiders get 404', async () => {
    const fromGuardian = await post(guardian, student.id, 'family', 'When is the next session?')
    expect(fromGuardian).toMatchObject({
      kind: 'family',
      author: { uuid: guardian.id },
      editedAt: null,
      deleted: false,
    })
    await post(educator, student.id, 'family', 'Thursday at 4.')
    await post(fao, student.id, 'family', 'The aid letter came.')
    const page = (await send(student, 'GET', `${base(student.id, 'family')}/messages`)).json()
    expect(page.messages.map((m: { body: string }) => m.body)).toEqual([
      'When is the next session?',
      'Thursday at 4.',
      'The aid letter came.',
    ])
    expect(page.unread).toBe(3)

    const staffMessage = await post(educator, student.id, 'staff', 'Rosa is behind on essays.')
    expect((await send(admin, 'GET', `${base(student.id, 'staff')}/messages`)).json().messages).toHaveLength(
      1,
    )
    const staffRoutes: Array<['GET' | 'POST' | 'PATCH' | 'DELETE', string, object?]> = [
      ['GET', `${base(student.id, 'staff')}/messages`],
      ['POST', `${base(student.id, 'staff')}/messages`, { body: 'hi' }],
      ['PATCH', `${base(student.id, 'staff')}/messages/${staffMessage.uuid}`, { body: 'hi' }],
      ['DELETE', `${base(student.id, 'staff')}/messages/${staffMessage.uuid}`],
      ['POST', `${base(student.id, 'staff')}/read`, { upTo: staffMessage.uuid }],
      ['GET', `${base(student.id, 'staff')}/events`],
    ]
    for (const who of [student, guardian, otherGuardian, outsider])
      for (const [method, url, body] of staffRoutes)
        expect((await send(who, method, url, body)).statusCode, `${method} ${url}`).toBe(404)
    for (const who of [otherGuardian, outsider]) {
      expect((await send(who, 'GET', `${base(student.id, 'family')}/messages`)).statusCode).toBe(404)
      expect(
        (await send(who, 'POST', `${base(student.id, 'family')}/messages`, { body: 'x' })).statusCode,
      ).toBe(404)
    }
    expect((await send(admin, 'GET', `${base(student.id, 'other')}/messages`)).statusCode).toBe(404)
    // The family's counts never include Staff; the team's do.
    const guardianUnread = await unread(guardian)
    expect(guardianUnread.conversations.map((c: { kind: string }) => c.kind)).toEqual(['family'])
    expect(guardianUnread.total).toBe(2)
    expect((await unread(fao)).conversations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'staff', unread: 1, studentName: 'Rosa Student' }),
      ]),
    )
  })

  it('counts unread per person, moves read marks forward, and pages newest last with a cursor', async () => {
    const { student: kid, guardian: parent } = await studentFamily(t, [educator])
    const posted = []
    for (const body of ['one', 'two', 'three', 'four', 'five'])
      posted.push(await post(educator, kid.id, 'family', body))
    expect((await unread(parent)).conversations).toEqual([
      expect.objectContaining({ studentUUID: kid.id, kind: 'family', unread: 5 }),
    ])
    expect(
      (await unread(educator)).conversations.some((c: { studentUUID: string }) => c.studentUUID === kid.id),
    ).toBe(false)
    const read = await send(parent, 'POST', `${base(kid.id, 'family')}/read`, { upTo: posted[1].uuid })
    expect(read.json()).toEqual({ unread: 3 })
    // A mark never moves back.
    await send(parent, 'POST', `${base(kid.id, 'family')}/read`, { upTo: posted[0].uuid })
    expect((await unread(parent)).total).toBe(3)

    const first = (await send(kid, 'GET', `${base(kid.id, 'family')}/messages?limit=2`)).json()
    expect(first.messages.map((m: { body: string }) => m.body)).toEqual(['four', 'five'])
    const second = (
      await send(kid, 'GET', `${base(kid.id, 'family')}/messages?limit=2&cursor=${first.nextCursor}`)
    ).json()
    expect(second.messages.map((m: { body: string }) => m.body)).toEqual(['two', 'three'])
    const last = (
      await send(kid, 'GET', `${base(kid.id, 'family')}/messages?limit=2&cursor=${second.nextCursor}`)
    ).json()
    expect(last).toMatchObject({ messages: [{ body: 'one' }], nextCursor: null })
    // Opening the newest page read it all; an older page marks nothing.
    expect((await unread(kid)).total).toBe(0)
    expect(fieldOf(await send(kid, 'GET', `${base(kid.id, 'family')}/messages?cursor=nonsense`))).toEqual([
      'cursor',
    ])
  })

  it('edits by the author within 15 minutes, deletes by the author or an admin, and audits each', async () => {
    const message = await post(educator, student.id, 'family', 'Draft due Friday.')
    const url = `${base(student.id, 'family')}/messages/${message.uuid}`
    const edited = await send(educator, 'PATCH', url, { body: 'Draft due Monday.' })
    expect(edited.json()).toMatchObject({ body: 'Draft due Monday.', editedAt: expect.any(String) })
    expect((await send(admin, 'PATCH', url, { body: 'x' })).statusCode).toBe(403)
    expect((await send(guardian, 'DELETE', url)).statusCode).toBe(403)
    await t.db.execute(
      sql`update messages set created_at = now() - interval '16 minutes' where id = ${message.uuid}`,
    )
    const late = await send(educator, 'PATCH', url, { body: 'Too late.' })
    expect([late.statusCode, late.json().code]).toEqual([409, 'edit-window-closed'])
    expect((await send(admin, 'DELETE', url)).statusCode).toBe(204)
    const page = (await send(educator, 'GET', `${base(student.id, 'family')}/messages`)).json()
    expect(page.messages.find((m: { uuid: string }) => m.uuid === message.uuid)).toMatchObject({
      body: '',
      deleted: true,
      attachments: [],
    })
    expect((await send(educator, 'DELETE', url)).json().code).toBe('message-deleted')
    const mine = await post(guardian, student.id, 'family', 'Oops, wrong family.')
    expect(
      (await send(guardian, 'DELETE', `${base(student.id, 'family')}/messages/${mine.uuid}`)).statusCode,
    ).toBe(204)
    const events = await selectRows<{ action: string; after: unknown; before: unknown }>(
      t.db,
      sql`select action, before, after from audit_events where subject_id = ${message.uuid} order by created_at, id`,
    )
    expect(events.map((event) => event.action)).toEqual([
      'message.posted',
      'message.edited',
      'message.deleted',
    ])
    expect(events[0]).toMatchObject({
      before: null,
      after: { kind: 'family', characters: 'Draft due Friday.'.length, attachmentIds: [] },
    })
    expect(JSON.stringify(events)).not.toContain('Draft due')
  })

  it('refuses bad input with 400 naming the field, and keeps hostile text as text', async () => {
    const url = `${base(student.id, 'family')}/messages`
    expect(fieldOf(await send(educator, 'POST', url, { body: '   ' }))).toEqual(['body'])
    expect(fieldOf(await send(educator, 'POST', url, { body: 'x'.repeat(5001) }))).toEqual(['body'])
    expect(fieldOf(await send(educator, 'POST', url, { body: 'x', color: 'red' }))).toBeDefined()
    const other = await t.userWith({ roles: ['student'] })
    const foreign = await createDocument(t.db, other.id, { creatorId: admin.id })
    const hidden = await createDocument(t.db, student.id, { creatorId: admin.id, hidden: true })
    const own = await createDocument(t.db, student.id, { creatorId: admin.id, name: 'Essay draft' })
    expect(
      fieldOf(await send(educator, 'POST', url, { body: 'x', attachmentUUIDs: [own, foreign] })),
    ).toEqual(['attachmentUUIDs.1'])
    expect(fieldOf(await send(educator, 'POST', url, { body: 'x', attachmentUUIDs: [hidden] }))).toEqual([
      'attachmentUUIDs.0',
    ])
    expect(fieldOf(await send(guardian, 'POST', url, { body: 'x', attachmentUUIDs: [hidden] }))).toEqual([
      'attachmentUUIDs.0',
    ])
    expect(fieldOf(await send(educator, 'POST', url, { body: 'x', attachmentUUIDs: ['nope'] }))).toEqual([
      'attachmentUUIDs.0',
    ])
    expect(
      fieldOf(await send(educator, 'POST', `${base(student.id, 'family')}/read`, { upTo: hidden })),
    ).toEqual(['upTo'])
    const hostile = await post(educator, student.id, 'family', HOSTILE, { attachmentUUIDs: [own] })
    expect(hostile).toMatchObject({ body: HOSTILE, attachments: [{ uuid: own, name: 'Essay draft' }] })
    const [stored] = await selectRows<{ body: string }>(
      t.db,
      sql`select body from messages where id = ${hostile.uuid}`,
    )
    expect(stored!.body).toBe(HOSTILE)
  })

  it('emails once per conversation after 10 minutes, never after a read, never Staff to the family', async () => {
    const { student: kid, guardian: parent } = await studentFamily(t, [educator, fao], { name: 'Mail Kid' })
    for (let n = 1; n <= 4; n += 1) await post(educator, kid.id, 'family', `Note ${n}`)
    await post(fao, kid.id, 'family', `${HOSTILE} ${'y'.repeat(300)}`)
    await post(educator, kid.id, 'staff', 'Staff only: fee waiver.')
    sink.messages.length = 0
    // Within 10 minutes: nothing yet.
    await sendMessageMail(t.db, mailer, TEST_ORIGIN, new Date(Date.now() + 5 * 60_000))
    await sink.idle()
    expect(sink.messages).toHaveLength(0)
    const later = new Date(Date.now() + 11 * 60_000)
    // The student reads first: no email for them.
    await send(kid, 'GET', `${base(kid.id, 'family')}/messages`)
    await Promise.all([
      sendMessageMail(t.db, mailer, TEST_ORIGIN, later),
      sendMessageMail(t.db, mailer, TEST_ORIGIN, later),
    ])
    await sink.idle()
    const toParent = sink.messages.filter((m) => m.to.includes(parent.email))
    expect(toParent).toHaveLength(1)
    expect(toParent[0]!.text).toContain('Erin Educator: 4 messages')
    expect(toParent[0]!.text).toContain("unread in Mail Kid's Family conversation")
    expect(toParent[0]!.text).toContain(`> ${HOSTILE} yyy`)
    expect(toParent[0]!.raw).not.toMatch(/text\/html/i)
    expect(toParent[0]!.text).not.toContain('Staff only')
    expect(sink.messages.filter((m) => m.to.includes(kid.email))).toHaveLength(0)
    // The FAO on the team gets the Staff conversation's.
    const toFao = sink.messages.filter((m) => m.to.includes(fao.email))
    expect(toFao.some((m) => m.text.includes('Staff only: fee waiver.'))).toBe(true)
    // Nothing twice, and not again within the hour.
    sink.messages.length = 0
    await post(educator, kid.id, 'family', 'One more.')
    await sendMessageMail(t.db, mailer, TEST_ORIGIN, new Date(Date.now() + 30 * 60_000))
    await sink.idle()
    expect(sink.messages.filter((m) => m.to.includes(parent.email))).toHaveLength(0)
    // The student, who had read the rest, hears of the new one as theirs.
    const toKid = sink.messages.filter((m) => m.to.includes(kid.email))
    expect(toKid).toHaveLength(1)
    expect(toKid[0]!.text).toContain('1 message unread in your Family conversation')
    await t.db.execute(sql`update users set email_messages = 'off' where id = ${parent.id}`)
    // Nor to a disabled account, nor about an archived student.
    await t.db.execute(sql`update users set disabled_at = now() where id = ${kid.id}`)
    const { student: archived, guardian: archivedParent } = await studentFamily(t, [educator])
    await post(educator, archived.id, 'family', 'Before the archive.')
    await t.db.execute(sql`update student_profiles set archived_at = now() where user_id = ${archived.id}`)
    await post(educator, kid.id, 'family', 'For the disabled account.')
    sink.messages.length = 0
    await sendMessageMail(t.db, mailer, TEST_ORIGIN, new Date(Date.now() + 90 * 60_000))
    await sink.idle()
    for (const who of [parent, kid, archived, archivedParent])
      expect(sink.messages.filter((m) => m.to.includes(who.email))).toHaveLength(0)
  })

  it('sends the daily summary at 18:00 in the person’s zone, and the setting round-trips', async () => {
    const { student: kid, guardian: parent } = await studentFamily(t, [educator], { name: 'Daily Kid' })
    const set = await send(parent, 'PATCH', '/api/v1/users/me', { emailMessages: 'daily' })
    expect(set.json().emailMessages).toBe('daily')
    expect(fieldOf(await send(parent, 'PATCH', '/api/v1/users/me', { emailMessages: 'hourly' }))).toEqual([
      'emailMessages',
    ])
    await t.db.execute(sql`update users set time_zone = 'UTC' where id = ${parent.id}`)
    await post(educator, kid.id, 'family', 'Daily news.')
    sink.messages.length = 0
    const day = new Date()
    const morning = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 1, 9))
    const evening = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 1, 18, 5))
    await sendMessageMail(t.db, mailer, TEST_ORIGIN, morning)
    await sendMessageMail(t.db, mailer, TEST_ORIGIN, evening)
    await sendMessageMail(t.db, mailer, TEST_ORIGIN, evening)
    await sink.idle()
    const daily = sink.messages.filter((m) => m.to.includes(parent.email))
    expect(daily).toHaveLength(1)
    expect(daily[0]!.text).toContain('Daily Kid')
  })

  it('broadcasts to picked students, an educator’s students, or all active ones, admins only', async () => {
    const { student: a } = await studentFamily(t, [outsider], { name: 'Aa Broadcast' })
    const { student: b } = await studentFamily(t, [], { name: 'Bb Broadcast' })
    const url = '/api/v1/broadcasts'
    expect((await send(educator, 'POST', url, { body: 'Hi', to: { kind: 'all-active' } })).statusCode).toBe(
      403,
    )
    const picked = await send(admin, 'POST', url, {
      body: 'Office closed Monday.',
      to: { kind: 'students', studentUUIDs: [a.id, b.id] },
    })
    expect(picked.statusCode, picked.body).toBe(201)
    expect(picked.json().sent).toBe(2)
    const page = (await send(a, 'GET', `${base(a.id, 'family')}/messages`)).json()
    expect(page.messages.at(-1)).toMatchObject({ body: 'Office closed Monday.', author: { uuid: admin.id } })
    const byEducator = (
      await send(admin, 'POST', url, { body: 'Hello', to: { kind: 'educator', educatorUUID: outsider.id } })
    ).json()
    expect(byEducator.students.map((s: { uuid: string }) => s.uuid)).toEqual([a.id])
    expect(
      fieldOf(
        await send(admin, 'POST', url, {
          body: 'x',
          to: { kind: 'students', studentUUIDs: [a.id, admin.id] },
        }),
      ),
    ).toEqual(['to.studentUUIDs.1'])
    expect(
      fieldOf(await send(admin, 'POST', url, { body: 'x', to: { kind: 'educator', educatorUUID: a.id } })),
    ).toEqual(['to.educatorUUID'])
    const all = (await send(admin, 'POST', url, { body: 'All of you.', to: { kind: 'all-active' } })).json()
    expect(all.sent).toBeGreaterThanOrEqual(4)
  })

  it('exports the messages each reader may read: Family to the family, Staff too to admins, never as HTML', async () => {
    const mine = (await send(guardian, 'GET', '/api/v1/users/me/export')).json()
    const record = mine.records.find((r: { record: { uuid: string } }) => r.record.uuid === student.id)
    const kinds = new Set(record.messages.map((m: { kind: string }) => m.kind))
    expect([...kinds]).toEqual(['family'])
    expect(record.messages.some((m: { body: string }) => m.body === HOSTILE)).toBe(true)
    const full = (await send(admin, 'GET', `/api/v1/students/${student.id}/export`)).json()
    expect(full.student.messages.some((m: { kind: string }) => m.kind === 'staff')).toBe(true)
    const page = (await send(guardian, 'GET', '/api/v1/users/me/export?format=html')).body
    expect(page).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(page).not.toContain(HOSTILE)
    expect(page).not.toContain('Rosa is behind on essays.')
  })

  it('streams new messages live and resumes after Last-Event-ID without loss or duplicates', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
    const { student: kid, guardian: parent } = await studentFamily(t, [educator])
    const url = `${origin}${base(kid.id, 'family')}/events`
    const stream = await openEventStream(url, { cookie: parent.cookie })
    expect(stream.status).toBe(200)
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/)
    expect(stream.headers['content-encoding']).toBeUndefined()
    const first = await post(educator, kid.id, 'family', 'Live one')
    const [event] = await stream.next(1)
    expect(event).toMatchObject({ id: first.cursor, event: 'message' })
    expect(JSON.parse(event!.data)).toMatchObject({ uuid: first.uuid, body: 'Live one' })
    await send(educator, 'PATCH', `${base(kid.id, 'family')}/messages/${first.uuid}`, {
      body: 'Live one, edited',
    })
    const changed = (await stream.next(2))[1]!
    expect([changed.event, changed.id, JSON.parse(changed.data).body]).toEqual([
      'message-changed',
      undefined,
      'Live one, edited',
    ])
    stream.close()
    const missed = [
      await post(educator, kid.id, 'family', 'Missed A'),
      await post(kid, kid.id, 'family', 'Missed B'),
    ]
    const resumed = await openEventStream(url, { cookie: parent.cookie, 'last-event-id': first.cursor })
    const caught = await resumed.next(2)
    expect(caught.map((e) => e.id)).toEqual(missed.map((m) => m.cursor))
    const after = await post(educator, kid.id, 'family', 'After')
    expect((await resumed.next(3))[2]!.id).toBe(after.cursor)
    expect(resumed.events).toHaveLength(3)
    resumed.close()
  })

  it('ends a stream at the heartbeat once its session ended or its person lost the conversation', async () => {
    const { student: kid, guardian: parent } = await studentFamily(t, [educator])
    const hub = new LiveHub(t.db, (error) => {
      throw error
    })
    const [session] = await selectRows<{ id: string }>(
      t.db,
      sql`select id from sessions where user_id = ${parent.id} order by created_at desc limit 1`,
    )
    const closed: string[] = []
    const stream = (name: string, userId: string, sessionId?: string): LiveStream => ({
      userId,
      sessionId,
      lastSeq: 0,
      send: () => {},
      ping: () => {},
      close: () => closed.push(name),
    })
    hub.open(kid.id, 'family', stream('parent', parent.id, session!.id))
    hub.open(kid.id, 'staff', stream('educator', educator.id))
    await hub.check()
    expect(closed).toEqual([])
    await t.db.execute(sql`delete from sessions where id = ${session!.id}`)
    await t.db.execute(
      sql`delete from team_members where student_id = ${kid.id} and member_id = ${educator.id}`,
    )
    await hub.check()
    expect(closed.sort()).toEqual(['educator', 'parent'])
    hub.closeAll()
  })
})
