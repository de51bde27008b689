import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '../../src/server/db/raw'
import { insertSession } from '../../src/server/db/seed/sessions'
import type { Session } from '../../src/shared/tutoring'
import { addGuardian, addToTeam } from '../factories'
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink'
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app'

/**
 * Tutoring sessions through the API (docs/product.md#sessions): who may do what, the shapes and
 * bad input, clashes (and the race for one slot), status changes and the ledger entry each makes,
 * the family's cancellation at the notice window's boundary, and the emails a change sends.
 */
let t: TestApp
let sink: SmtpSink
let admin: SignedIn
let educator: SignedIn
let coEducator: SignedIn
let fao: SignedIn
let student: SignedIn
let guardian: SignedIn
let otherStudent: SignedIn
let otherEducator: SignedIn

beforeAll(async () => {
  sink = await startSmtpSink()
  t = await createTestApp({ SMTP_URL: sink.url })
  admin = await t.userWith({ roles: ['admin'], name: 'Avery Admin' })
  educator = await t.userWith({ roles: ['educator'], name: 'Erin Educator' })
  coEducator = await t.userWith({ roles: ['educator'], name: 'Cole Coach' })
  fao = await t.userWith({ roles: ['fao'] })
  student = await t.userWith({ roles: ['student'], name: 'Rosa Student' })
  guardian = await t.userWith({ roles: ['guardian'], name: 'Gina Guardian' })
  otherStudent = await t.userWith({ roles: ['student'], name: 'Otto Other' })
  otherEducator = await t.userWith({ roles: ['educator'] })
  for (const member of [educator, coEducator, fao]) await addToTeam(t.db, student.id, member.id)
  await addToTeam(t.db, otherStudent.id, educator.id)
  await addToTeam(t.db, otherStudent.id, otherEducator.id)
  await addGuardian(t.db, student.id, guardian.id)
  await t.db.execute(sql`update users set time_zone = 'Europe/London' where id = ${guardian.id}`)
  await t.db.execute(sql`update users set time_zone = 'America/Los_Angeles' where id = ${educator.id}`)
})
afterAll(async () => {
  await t.close()
  await sink.close()
})

const HOUR = 3_600_000
let nextDay = 0
/** A fresh slot in the future, a day apart from every other this file uses: 15:00 UTC. */
function slot(offsetMinutes = 0): string {
  nextDay += 1
  const day = Date.UTC(2027, 0, 4) + nextDay * 24 * HOUR + 15 * HOUR + offsetMinutes * 60_000
  return new Date(day).toISOString()
}

const online = { kind: 'online', meetingUrl: 'https://meet.example.com/rosa' }
const body = (startsAt: string, extra: object = {}) => ({
  educatorUUID: educator.id,
  service: 'tutoring',
  startsAt,
  durationMinutes: 60,
  location: online,
  ...extra,
})

const sessionsOf = (studentId: string) => `/api/v1/students/${studentId}/sessions`
const post = (who: SignedIn, payload: object, studentId = student.id) =>
  t.request({ method: 'POST', url: sessionsOf(studentId), cookie: who.cookie, payload })
const patch = (who: SignedIn, sessionId: string, payload: object, studentId = student.id) =>
  t.request({ method: 'PATCH', url: `${sessionsOf(studentId)}/${sessionId}`, cookie: who.cookie, payload })

async function schedule(startsAt: string, extra: object = {}): Promise<Session> {
  const answer = await post(admin, body(startsAt, extra))
  expect(answer.statusCode, answer.body).toBe(201)
  return answer.json().sessions[0]
}

/** A session straight in the table (no clash check): for past and odd ones. */
async function seeded(startsAt: Date, durationMinutes = 60, studentId = student.id): Promise<string> {
  return insertSession(t.db, studentId, {
    educatorId: educator.id,
    createdById: admin.id,
    startsAt,
    durationMinutes,
  })
}

const mailCount = (email: string) => sink.messages.filter((mail) => mail.to.includes(email)).length

const ledgerOf = (sessionId: string) =>
  selectRows<{ minutes: number; package_id: string | null }>(
    t.db,
    sql`select minutes, package_id from hour_ledger where session_id = ${sessionId}`,
  )

describe('scheduling', () => {
  it('schedules a session on the team, in the scheduler’s zone unless told, and lists it', async () => {
    const startsAt = slot()
    const created = await post(educator, body(startsAt, { agenda: 'Algebra **review**' }))
    expect(created.statusCode, created.body).toBe(201)
    const [session] = created.json().sessions as Session[]
    expect(session).toMatchObject({
      studentUUID: student.id,
      studentName: 'Rosa Student',
      educator: { uuid: educator.id, name: 'Erin Educator' },
      service: 'tutoring',
      startsAt,
      endsAt: new Date(Date.parse(startsAt) + HOUR).toISOString(),
      durationMinutes: 60,
      timeZone: 'America/Los_Angeles',
      location: online,
      agenda: 'Algebra **review**',
      status: 'scheduled',
      awaitingAttendance: false,
      freeCancellationUntil: new Date(Date.parse(startsAt) - 24 * HOUR).toISOString(),
      seriesUUID: null,
      noteUUID: null,
      createdBy: { uuid: educator.id },
    })
    for (const reader of [admin, educator, student, guardian]) {
      const list = await t.request({ method: 'GET', url: sessionsOf(student.id), cookie: reader.cookie })
      expect(list.statusCode).toBe(200)
      // The list is built in SQL: exactly the shape the write answered (noteUUID aside, none yet).
      expect(list.json().sessions.find((s: Session) => s.uuid === session!.uuid)).toEqual(session)
    }
    // Audited in the same statement as the insert: everything but the ids the event already names.
    const events = await selectRows<{ actor_id: string; student_id: string; after: unknown }>(
      t.db,
      sql`select actor_id, student_id, after from audit_events
        where action = 'session.created' and subject_id = ${session!.uuid}`,
    )
    expect(events).toEqual([
      {
        actor_id: educator.id,
        student_id: student.id,
        after: {
          educatorId: educator.id,
          service: 'tutoring',
          startsAt,
          durationMinutes: 60,
          timeZone: 'America/Los_Angeles',
          location: { kind: 'online', detail: online.meetingUrl },
          agenda: 'Algebra **review**',
          status: 'scheduled',
          seriesId: null,
        },
      },
    ])
    const inPerson = await post(
      admin,
      body(slot(), {
        timeZone: 'America/Chicago',
        location: { kind: 'in-person', place: 'Library, room 2' },
      }),
    )
    expect(inPerson.json().sessions[0]).toMatchObject({
      timeZone: 'America/Chicago',
      location: { kind: 'in-person', place: 'Library, room 2' },
    })
  })

  it('refuses the FAO (403), outsiders (404) and the family’s scheduling (403)', async () => {
    const startsAt = slot()
    for (const [who, status] of [
      [fao, 403],
      [student, 403],
      [guardian, 403],
      [otherEducator, 404],
      [otherStudent, 404],
    ] as const) {
      expect((await post(who, body(startsAt))).statusCode, who.email).toBe(status)
    }
    const faoList = await t.request({ method: 'GET', url: sessionsOf(student.id), cookie: fao.cookie })
    expect(faoList.statusCode).toBe(403)
    const outsider = await t.request({
      method: 'GET',
      url: sessionsOf(student.id),
      cookie: otherEducator.cookie,
    })
    expect(outsider.statusCode).toBe(404)
  })

  it('answers bad input with 400 naming the field', async () => {
    const startsAt = slot()
    const cases: Array<[object, string]> = [
      [body(startsAt, { educatorUUID: 'not-a-uuid' }), 'educatorUUID'],
      [body(startsAt, { educatorUUID: otherEducator.id }), 'educatorUUID'],
      [body(startsAt, { educatorUUID: fao.id }), 'educatorUUID'],
      [body('2027-03-09 16:00'), 'startsAt'],
      [body(startsAt, { durationMinutes: 17 }), 'durationMinutes'],
      [body(startsAt, { durationMinutes: 490 }), 'durationMinutes'],
      [
        body(startsAt, { location: { kind: 'online', meetingUrl: 'http://meet.example.com/a' } }),
        'location.meetingUrl',
      ],
      [body(startsAt, { location: { kind: 'in-person', place: 'x'.repeat(201) } }), 'location.place'],
      [body(startsAt, { timeZone: 'Mars/Olympus' }), 'timeZone'],
      [body(startsAt, { repeat: { everyWeeks: 1, count: 53 } }), 'repeat.count'],
      [body(startsAt, { repeat: { everyWeeks: 5, count: 2 } }), 'repeat.everyWeeks'],
      [body(startsAt, { repeat: { everyWeeks: 1, count: 2, until: '2027-06-01' } }), 'repeat.until'],
      [body(startsAt, { repeat: { everyWeeks: 1 } }), 'repeat.until'],
      [body(startsAt, { repeat: { everyWeeks: 1, until: '2030-01-01' } }), 'repeat.until'],
      [body(startsAt, { repeat: { everyWeeks: 1, until: '2026-01-01' } }), 'repeat.until'],
    ]
    for (const [payload, path] of cases) {
      const answer = await post(admin, payload)
      expect(answer.statusCode, `${path}: ${answer.body}`).toBe(400)
      expect(answer.json().errors.map((e: { path: string }) => e.path)).toContain(path)
    }
    const session = await schedule(slot())
    const badStatus = await patch(admin, session.uuid, { status: 'done' })
    expect(badStatus.statusCode).toBe(400)
    expect(badStatus.json().errors[0].path).toBe('status')
    const badScope = await patch(admin, session.uuid, { agenda: 'x', scope: 'all' })
    expect(badScope.json().errors[0].path).toBe('scope')
    const empty = await patch(admin, session.uuid, {})
    expect(empty.statusCode).toBe(400)
    const unknown = await patch(admin, '00000000-0000-4000-8000-000000000000', { agenda: 'x' })
    expect(unknown.statusCode).toBe(404)
    const notOurs = await patch(admin, session.uuid, { agenda: 'x' }, otherStudent.id)
    expect(notOurs.statusCode).toBe(404)
  })
})

describe('clashes', () => {
  it('refuses an educator in two overlapping sessions, naming the other (and its student only to those who may read it)', async () => {
    const startsAt = slot()
    const first = await schedule(startsAt)
    // Overlapping by five minutes, for another student of the same educator.
    const overlapping = new Date(Date.parse(startsAt) + 55 * 60_000).toISOString()
    const clash = await post(admin, body(overlapping), otherStudent.id)
    expect(clash.statusCode).toBe(409)
    expect(clash.json()).toMatchObject({
      code: 'educator-clash',
      type: 'https://crestlineprep.com/problems/educator-clash',
      clash: {
        uuid: first.uuid,
        startsAt,
        endsAt: first.endsAt,
        studentName: 'Rosa Student',
        educatorName: 'Erin Educator',
        requestedStartsAt: overlapping,
      },
    })
    expect(clash.json().detail).toContain(first.uuid)
    // Back to back is no clash.
    const hourBefore = new Date(Date.parse(startsAt) - HOUR).toISOString()
    expect((await post(admin, body(hourBefore), otherStudent.id)).statusCode).toBe(201)
    // A cancelled session frees its slot.
    const cancelled = await patch(admin, first.uuid, { status: 'cancelled' })
    expect(cancelled.statusCode).toBe(200)
    expect((await post(admin, body(overlapping), otherStudent.id)).statusCode).toBe(201)
    // And scheduling it again is checked like any placement.
    const again = await patch(admin, first.uuid, { status: 'scheduled' })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('educator-clash')
  })

  it('hides the other student from an educator who may not read that record', async () => {
    const startsAt = slot()
    await addToTeam(t.db, otherStudent.id, coEducator.id)
    const theirs = await post(admin, body(startsAt, { educatorUUID: coEducator.id }), otherStudent.id)
    expect(theirs.statusCode).toBe(201)
    await t.db.execute(
      sql`delete from team_members where student_id = ${otherStudent.id} and member_id = ${coEducator.id}`,
    )
    const clash = await post(coEducator, body(startsAt, { educatorUUID: coEducator.id }))
    expect(clash.statusCode).toBe(409)
    expect(clash.json().clash.studentName).toBeNull()
    expect(clash.json().detail).not.toContain('Otto Other')
  })

  it('makes a clash for the student a warning the scheduler confirms', async () => {
    const startsAt = slot()
    await schedule(startsAt)
    const withCoach = body(startsAt, { educatorUUID: coEducator.id, service: 'essays' })
    const warned = await post(admin, withCoach)
    expect(warned.statusCode).toBe(409)
    expect(warned.json().code).toBe('student-clash')
    const confirmed = await post(admin, { ...withCoach, allowStudentClash: true })
    expect(confirmed.statusCode, confirmed.body).toBe(201)
    // Moving a session onto the student's other one asks the same.
    const third = await t.userWith({ roles: ['educator'] })
    await addToTeam(t.db, student.id, third.id)
    const later = await post(admin, body(slot(), { educatorUUID: third.id }))
    const moving = later.json().sessions[0].uuid
    const move = await patch(admin, moving, { startsAt })
    expect(move.statusCode).toBe(409)
    expect(move.json().code).toBe('student-clash')
    expect((await patch(admin, moving, { startsAt, allowStudentClash: true })).statusCode).toBe(200)
  })

  it('refuses a series whole, naming its first clash', async () => {
    const startsAt = slot()
    const third = new Date(Date.parse(startsAt) + 14 * 24 * HOUR).toISOString()
    const inTheWay = await schedule(third)
    nextDay += 30
    const before = await selectRows<{ count: number }>(
      t.db,
      sql`select count(*)::int as count from tutoring_sessions`,
    )
    const refused = await post(
      admin,
      body(startsAt, { timeZone: 'UTC', repeat: { everyWeeks: 1, count: 5 } }),
      otherStudent.id,
    )
    expect(refused.statusCode).toBe(409)
    expect(refused.json().clash).toMatchObject({ uuid: inTheWay.uuid, requestedStartsAt: third })
    const after = await selectRows<{ count: number }>(
      t.db,
      sql`select count(*)::int as count from tutoring_sessions`,
    )
    expect(after).toEqual(before)
  })

  it('lets one of several requests for the same slot win, the others 409', async () => {
    for (let round = 0; round < 3; round += 1) {
      const startsAt = slot()
      const answers = await Promise.all([
        post(admin, body(startsAt)),
        post(educator, body(startsAt), otherStudent.id),
        post(admin, body(new Date(Date.parse(startsAt) + 30 * 60_000).toISOString()), otherStudent.id),
      ])
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409])
      const winner = answers.find((answer) => answer.statusCode === 201)!.json().sessions[0].uuid
      for (const answer of answers.filter((answer) => answer.statusCode === 409)) {
        expect(answer.json()).toMatchObject({ code: 'educator-clash', clash: { uuid: winner } })
      }
      const rows = await selectRows<{ count: number }>(
        t.db,
        sql`select count(*)::int as count from tutoring_sessions where educator_id = ${educator.id}
          and starts_at between ${startsAt}::timestamptz and ${startsAt}::timestamptz + interval '30 minutes'`,
      )
      expect(rows[0]!.count).toBe(1)
    }
  })
})

describe('status changes and the ledger', () => {
  it('charges attended, late-cancelled and no-show once, and moves that one entry as the status changes', async () => {
    const [pack] = await selectRows<{ id: string }>(
      t.db,
      sql`insert into hour_packages (student_id, name, service, minutes, purchased_on, created_by_id)
      values (${student.id}, 'Ten hours', 'tutoring', 600, '2026-01-01', ${admin.id}) returning id`,
    )
    await t.db.execute(sql`insert into hour_ledger (student_id, kind, minutes, package_id, created_by_id)
      values (${student.id}, 'purchase', 600, ${pack!.id}, ${admin.id})`)
    const sessionId = await seeded(new Date(Date.now() - 2 * HOUR))
    const steps: Array<[object, number | null]> = [
      [{ status: 'attended' }, -60],
      [{ status: 'no-show' }, -60],
      [{ durationMinutes: 90 }, -90],
      [{ status: 'cancelled' }, null],
      [{ status: 'late-cancelled' }, -90],
      [{ status: 'scheduled' }, null],
      [{ status: 'attended', durationMinutes: 45 }, -45],
    ]
    for (const [change, minutes] of steps) {
      const answer = await patch(educator, sessionId, change)
      expect(answer.statusCode, `${JSON.stringify(change)}: ${answer.body}`).toBe(200)
      const ledger = await ledgerOf(sessionId)
      expect(ledger, JSON.stringify(change)).toEqual(
        minutes === null ? [] : [{ minutes, package_id: pack!.id }],
      )
    }
    const [balance] = await selectRows<{ minutes: number }>(
      t.db,
      sql`select sum(minutes)::int as minutes from hour_ledger where student_id = ${student.id}`,
    )
    expect(balance!.minutes).toBe(600 - 45)
    const events = await selectRows<{ action: string }>(
      t.db,
      sql`select action from audit_events where subject_id = ${sessionId} order by created_at, id`,
    )
    expect(events.map((event) => event.action)).toEqual([
      'session.status-changed',
      'session.status-changed',
      'session.updated',
      'session.status-changed',
      'session.status-changed',
      'session.status-changed',
      'session.status-changed',
    ])
  })

  it('marks attendance only once a session has started, and shows one whose end passed as awaiting', async () => {
    const future = await schedule(slot())
    for (const status of ['attended', 'no-show']) {
      const early = await patch(educator, future.uuid, { status })
      expect(early.statusCode).toBe(400)
      expect(early.json().errors[0].path).toBe('status')
    }
    const past = await seeded(new Date(Date.now() - 3 * HOUR))
    const list = await t.request({ method: 'GET', url: sessionsOf(student.id), cookie: educator.cookie })
    const listed = (list.json().sessions as Session[]).find((session) => session.uuid === past)
    expect(listed).toMatchObject({ status: 'scheduled', awaitingAttendance: true })
    const marked = await patch(educator, past, { status: 'attended' })
    expect(marked.json().sessions[0]).toMatchObject({ status: 'attended', awaitingAttendance: false })
  })

  it('names who cancelled or marked a session and when, in the answer and the lists, until it is scheduled again', async () => {
    const ahead = await seeded(new Date(Date.now() + 3 * 24 * HOUR))
    const started = Date.now()
    const cancelled = (await patch(guardian, ahead, { status: 'cancelled' })).json().sessions[0] as Session
    expect(cancelled.statusSetBy).toEqual({ name: 'Gina Guardian', uuid: guardian.id })
    expect(Date.parse(cancelled.statusSetAt!)).toBeGreaterThanOrEqual(started - 1000)
    const listed = async (uuid: string) => {
      const answer = await t.request({
        method: 'GET',
        url: `${sessionsOf(student.id)}?from=2000-01-01`,
        cookie: educator.cookie,
      })
      return (answer.json().sessions as Session[]).find((session) => session.uuid === uuid)!
    }
    expect(await listed(ahead)).toMatchObject({
      statusSetBy: cancelled.statusSetBy,
      statusSetAt: cancelled.statusSetAt,
    })
    const again = (await patch(educator, ahead, { status: 'scheduled' })).json().sessions[0] as Session
    expect(again).toMatchObject({ status: 'scheduled', statusSetBy: null, statusSetAt: null })
    expect(await listed(ahead)).toMatchObject({ statusSetBy: null, statusSetAt: null })
    const past = await seeded(new Date(Date.now() - 3 * HOUR))
    await patch(educator, past, { status: 'no-show' })
    expect(await listed(past)).toMatchObject({
      status: 'no-show',
      statusSetBy: { name: expect.any(String), uuid: educator.id },
    })
  })
})

describe('the record’s list', () => {
  it('answers those awaiting attendance, the next ten and the last ten first, then older ones a page at a time', async () => {
    const paged = await t.userWith({ roles: ['student'] })
    await addToTeam(t.db, paged.id, educator.id)
    const DAY = 24 * HOUR
    const at = (daysAgo: number, status?: 'attended' | 'no-show') =>
      insertSession(t.db, paged.id, {
        educatorId: educator.id,
        createdById: admin.id,
        startsAt: new Date(Date.now() - daysAgo * DAY),
        durationMinutes: 60,
        ...(status && { status }),
      })
    const awaitingOld = await at(150)
    const done: string[] = []
    for (let daysAgo = 12; daysAgo >= 1; daysAgo--)
      done.push(await at(daysAgo, daysAgo % 2 ? 'attended' : 'no-show'))
    const upcoming: string[] = []
    for (let daysAhead = 1; daysAhead <= 11; daysAhead++) upcoming.push(await at(-daysAhead))
    const list = (query = '') =>
      t.request({ method: 'GET', url: `${sessionsOf(paged.id)}${query}`, cookie: educator.cookie })
    const uuids = (answer: { json(): { sessions: Session[] } }) => answer.json().sessions.map((s) => s.uuid)

    const first = await list()
    expect(uuids(first)).toEqual([awaitingOld, ...done.slice(2), ...upcoming.slice(0, 10)])
    const cursor = first.json().nextCursor as string
    expect(cursor).toEqual(expect.any(String))
    const second = await list(`?cursor=${cursor}&limit=1`)
    expect(uuids(second)).toEqual([done[1]])
    const third = await list(`?cursor=${second.json().nextCursor}&limit=2`)
    expect(third.json()).toMatchObject({ nextCursor: null })
    expect(uuids(third)).toEqual([done[0]])
    // With days asked for, those days whole: the later sessions too.
    const range = await list(`?from=2000-01-01`)
    expect(range.json().nextCursor).toBeNull()
    expect(uuids(range)).toEqual([awaitingOld, ...done, ...upcoming])
    for (const query of ['?cursor=not-ours', `?cursor=${cursor}&from=2000-01-01`, '?limit=0']) {
      const bad = await list(query)
      expect(bad.statusCode, query).toBe(400)
      expect(bad.json().errors[0].path).toBe(query === '?limit=0' ? 'limit' : 'cursor')
    }
  })
})

describe('the family cancels', () => {
  it('free before the notice window, late (and charged) inside it, late exactly at its boundary', async () => {
    // Scheduled relative to now, a few minutes either side of the 24-hour boundary.
    const outside = await seeded(new Date(Date.now() + 24 * HOUR + 10 * 60_000))
    const inside = await seeded(new Date(Date.now() + 24 * HOUR - 10 * 60_000))
    const free = await patch(guardian, outside, { status: 'cancelled' })
    expect(free.statusCode, free.body).toBe(200)
    expect(free.json().sessions[0].status).toBe('cancelled')
    expect(await ledgerOf(outside)).toEqual([])
    // The family may ask for either word: the server decides by the window.
    const late = await patch(student, inside, { status: 'cancelled' })
    expect(late.json().sessions[0].status).toBe('late-cancelled')
    expect(await ledgerOf(inside)).toEqual([expect.objectContaining({ minutes: -60 })])
    // With no notice asked, the boundary is the start: a session not started is still free.
    await t.request({
      method: 'PUT',
      url: '/api/v1/admin/settings',
      cookie: admin.cookie,
      payload: { cancellationNoticeHours: 0 },
    })
    const soon = await seeded(new Date(Date.now() + 10 * 60_000))
    const cancelled = await patch(guardian, soon, { status: 'late-cancelled' })
    expect(cancelled.json().sessions[0].status).toBe('cancelled')
    await t.request({
      method: 'PUT',
      url: '/api/v1/admin/settings',
      cookie: admin.cookie,
      payload: { cancellationNoticeHours: 24 },
    })
  })

  it('may only cancel a scheduled session that has not started', async () => {
    const future = await seeded(new Date(Date.now() + 48 * HOUR))
    for (const change of [{ status: 'attended' }, { startsAt: slot() }, { agenda: 'Mine' }]) {
      const refused = await patch(guardian, future, change)
      expect(refused.statusCode, JSON.stringify(change)).toBe(403)
    }
    const started = await seeded(new Date(Date.now() - 10 * 60_000))
    const tooLate = await patch(student, started, { status: 'cancelled' })
    expect(tooLate.statusCode).toBe(409)
    expect(tooLate.json().code).toBe('session-started')
    await patch(admin, future, { status: 'cancelled' })
    const twice = await patch(guardian, future, { status: 'cancelled' })
    expect(twice.json().code).toBe('session-not-scheduled')
    expect((await patch(fao, future, { status: 'cancelled' })).statusCode).toBe(403)
    expect((await patch(otherEducator, future, { status: 'cancelled' })).statusCode).toBe(404)
  })

  it('reads but cannot cancel on an archived record (409); staff still can', async () => {
    const archived = await t.userWith({ roles: ['student'] })
    await addToTeam(t.db, archived.id, educator.id)
    const sessionId = await seeded(new Date(Date.now() + 96 * HOUR), 60, archived.id)
    await t.db.execute(sql`update student_profiles set archived_at = now() where user_id = ${archived.id}`)
    const list = await t.request({ method: 'GET', url: sessionsOf(archived.id), cookie: archived.cookie })
    expect(list.json().sessions).toHaveLength(1)
    const refused = await patch(archived, sessionId, { status: 'cancelled' }, archived.id)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().code).toBe('record-archived')
    expect((await patch(educator, sessionId, { status: 'cancelled' }, archived.id)).statusCode).toBe(200)
  })
})

describe('emails on a change', () => {
  it('tells the student, guardian and educator of a reschedule, each in their own zone; not the one who made it', async () => {
    const disabled = await t.userWith({ roles: ['guardian'] })
    await addGuardian(t.db, student.id, disabled.id)
    await t.db.execute(sql`update users set disabled_at = now() where id = ${disabled.id}`)
    const session = await schedule('2027-06-07T15:00:00.000Z')
    const counts = Object.fromEntries(
      [guardian, educator, student].map((who) => [who.email, mailCount(who.email)]),
    )
    const next = (who: SignedIn) => sink.waitFor(who.email, counts[who.email]! + 1)
    const moved = await patch(admin, session.uuid, { startsAt: '2027-06-08T16:30:00.000Z' })
    expect(moved.statusCode, moved.body).toBe(200)
    const toGuardian = await next(guardian)
    expect(toGuardian.text).toContain('Subject: Session changed: Rosa Student with Erin Educator')
    // 16:30 UTC in June is 17:30 in London and 09:30 in Los Angeles.
    expect(toGuardian.text).toContain('Now: Tue, Jun 8, 2027, 5:30 PM GMT+1 (Europe/London)')
    expect(toGuardian.text).toContain('Was: Mon, Jun 7, 2027, 4:00 PM GMT+1 (Europe/London)')
    const toEducator = await next(educator)
    expect(toEducator.text).toContain('Now: Tue, Jun 8, 2027, 9:30 AM PDT (America/Los_Angeles)')
    expect((await next(student)).text).toContain('https://meet.example.com/rosa')
    await sink.idle()
    expect(sink.messages.filter((mail) => mail.to.includes(admin.email))).toEqual([])
    expect(mailCount(disabled.email)).toBe(0)
  })

  it('tells them when a session changes hands or place, naming what it was; not of an agenda edit', async () => {
    const session = await schedule(slot())
    const next = (who: SignedIn) => sink.waitFor(who.email, mailCount(who.email) + 1)
    const [toCole, toErin, toGuardian] = [next(coEducator), next(educator), next(guardian)]
    const handed = await patch(admin, session.uuid, {
      educatorUUID: coEducator.id,
      location: { kind: 'in-person', place: 'Library, room 2' },
    })
    expect(handed.statusCode, handed.body).toBe(200)
    const mail = (await toCole).text
    expect(mail).toContain('Subject: Session changed: Rosa Student with Cole Coach')
    expect(mail).toContain('Educator: now Cole Coach (was Erin Educator)')
    expect(mail).toContain('Tutoring, 60 minutes')
    expect(mail).toMatch(/At: Library, room 2\r?\nWas: Online: https:\/\/meet\.example\.com\/rosa/)
    // The one it was taken from and the family are told too.
    expect((await toErin).text).toContain('Educator: now Cole Coach (was Erin Educator)')
    expect((await toGuardian).text).toMatch(/When: .* \(Europe\/London\)/)
    await sink.idle()
    const before = mailCount(guardian.email)
    expect((await patch(admin, session.uuid, { agenda: 'Bring a calculator.' })).statusCode).toBe(200)
    await sink.idle()
    expect(mailCount(guardian.email)).toBe(before)
    const toGuardianAgain = sink.waitFor(guardian.email, before + 1)
    expect((await patch(admin, session.uuid, { service: 'essays', durationMinutes: 90 })).statusCode).toBe(
      200,
    )
    expect((await toGuardianAgain).text).toContain('Essays (was Tutoring), now 90 minutes (was 60)')
  })

  it('tells them of a cancellation, saying when it is charged; nothing for an archived student', async () => {
    const inside = await seeded(new Date(Date.now() + 2 * HOUR))
    const before = mailCount(educator.email)
    const guardianBefore = mailCount(guardian.email)
    await patch(guardian, inside, { status: 'cancelled' })
    const mail = await sink.waitFor(educator.email, before + 1)
    expect(mail.text).toContain('Gina Guardian cancelled a session of Rosa Student with Erin Educator.')
    expect(mail.text).toContain('its time is charged')
    await sink.idle()
    expect(mailCount(guardian.email)).toBe(guardianBefore)

    const archivedStudent = await t.userWith({ roles: ['student'] })
    await addToTeam(t.db, archivedStudent.id, educator.id)
    const quiet = await seeded(new Date(Date.now() + 72 * HOUR), 60, archivedStudent.id)
    await t.db.execute(
      sql`update student_profiles set archived_at = now() where user_id = ${archivedStudent.id}`,
    )
    const count = sink.messages.length
    expect((await patch(admin, quiet, { status: 'cancelled' }, archivedStudent.id)).statusCode).toBe(200)
    await sink.idle()
    expect(sink.messages.length).toBe(count)
  })
})

describe('deleting a person', () => {
  it('keeps the sessions an educator taught or scheduled, under "Deleted user"', async () => {
    const leaving = await t.userWith({ roles: ['educator'] })
    await addToTeam(t.db, student.id, leaving.id)
    const startsAt = slot()
    const created = await post(leaving, body(startsAt, { educatorUUID: leaving.id }))
    expect(created.statusCode).toBe(201)
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/v1/users/${leaving.id}`,
      cookie: admin.cookie,
      payload: { confirmEmail: leaving.email },
    })
    expect(deleted.statusCode, deleted.body).toBe(204)
    // Its day (the first page holds only the next ten of this record's many).
    const day = startsAt.slice(0, 10)
    const list = await t.request({
      method: 'GET',
      url: `${sessionsOf(student.id)}?from=${day}&to=${day}`,
      cookie: admin.cookie,
    })
    const kept = (list.json().sessions as Session[]).find((s) => s.uuid === created.json().sessions[0].uuid)
    expect(kept).toMatchObject({ educator: { name: 'Deleted user' }, createdBy: { name: 'Deleted user' } })
  })
})

describe('the schedule', () => {
  it("shows an educator's week across students: their own, or anyone's for admins", async () => {
    const mine = await schedule('2027-09-07T15:00:00.000Z')
    const theirs = await post(admin, body('2027-09-08T15:00:00.000Z'), otherStudent.id)
    expect(theirs.statusCode).toBe(201)
    const url = (extra = '') => `/api/v1/schedule?from=2027-09-06&to=2027-09-12${extra}`
    const own = await t.request({ method: 'GET', url: url(), cookie: educator.cookie })
    expect(own.statusCode, own.body).toBe(200)
    expect(own.json()).toMatchObject({
      educator: { uuid: educator.id, name: 'Erin Educator' },
      timeZone: 'America/Los_Angeles',
    })
    expect(own.json().sessions.map((s: Session) => s.studentName)).toEqual(['Rosa Student', 'Otto Other'])
    expect(own.json().sessions[0]).toEqual(mine)
    const byAdmin = await t.request({
      method: 'GET',
      url: url(`&educator=${educator.id}`),
      cookie: admin.cookie,
    })
    expect(byAdmin.json().sessions).toHaveLength(2)
    // A uuid written in upper case names the same educator, for themselves as for an admin.
    for (const reader of [educator, admin]) {
      const upper = await t.request({
        method: 'GET',
        url: url(`&educator=${educator.id.toUpperCase()}`),
        cookie: reader.cookie,
      })
      expect(upper.statusCode, upper.body).toBe(200)
      expect(upper.json().sessions).toEqual(byAdmin.json().sessions)
    }
    for (const [who, status] of [
      [coEducator, 403],
      [student, 403],
      [guardian, 403],
      [fao, 403],
    ] as const) {
      const answer = await t.request({
        method: 'GET',
        url: url(`&educator=${educator.id}`),
        cookie: who.cookie,
      })
      expect(answer.statusCode).toBe(status)
    }
    const notEducator = await t.request({
      method: 'GET',
      url: url(`&educator=${student.id}`),
      cookie: admin.cookie,
    })
    expect(notEducator.statusCode).toBe(404)
    const backwards = await t.request({
      method: 'GET',
      url: '/api/v1/schedule?from=2027-09-12&to=2027-09-06',
      cookie: educator.cookie,
    })
    expect(backwards.json().errors[0].path).toBe('to')
  })
})

describe('notes that link a session', () => {
  it('links a session of the same student; the family sees the link only to a shared note', async () => {
    const sessionId = await seeded(new Date(Date.now() - 5 * HOUR))
    const notes = `/api/v1/students/${student.id}/notes`
    const write = (payload: object) =>
      t.request({ method: 'POST', url: notes, cookie: educator.cookie, payload })
    const today = new Date().toISOString().slice(0, 10)
    const internal = await write({
      date: today,
      visibility: 'internal',
      body: 'Plan.',
      sessionUUID: sessionId,
    })
    expect(internal.statusCode, internal.body).toBe(201)
    expect(internal.json().sessionUUID).toBe(sessionId)
    const read = async (who: SignedIn) =>
      (
        (await t.request({ method: 'GET', url: sessionsOf(student.id), cookie: who.cookie })).json()
          .sessions as Session[]
      ).find((session) => session.uuid === sessionId)!.noteUUID
    expect(await read(educator)).toBe(internal.json().uuid)
    expect(await read(guardian)).toBeNull()
    const shared = await write({
      date: today,
      visibility: 'shared',
      body: 'Went well.',
      sessionUUID: sessionId,
    })
    expect(await read(guardian)).toBe(shared.json().uuid)
    const elsewhere = await seeded(new Date(Date.now() - 5 * HOUR), 60, otherStudent.id)
    const wrong = await write({ date: today, visibility: 'internal', body: 'x', sessionUUID: elsewhere })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().errors[0].path).toBe('sessionUUID')
    const byFao = await t.request({
      method: 'POST',
      url: notes,
      cookie: fao.cookie,
      payload: { date: today, visibility: 'internal', body: 'x', sessionUUID: sessionId },
    })
    expect(byFao.statusCode).toBe(403)
    // An edit without the field keeps the link; null removes it.
    const kept = await t.request({
      method: 'PUT',
      url: `${notes}/${internal.json().uuid}`,
      cookie: educator.cookie,
      payload: { date: today, visibility: 'internal', body: 'Plan, edited.' },
    })
    expect(kept.json().sessionUUID).toBe(sessionId)
    const unlinked = await t.request({
      method: 'PUT',
      url: `${notes}/${internal.json().uuid}`,
      cookie: educator.cookie,
      payload: { date: today, visibility: 'internal', body: 'Plan.', sessionUUID: null },
    })
    expect(unlinked.json().sessionUUID).toBeNull()
  })
})

describe('the sessions settings', () => {
  it('are read and changed by admins, audited, and refuse bad values naming the field', async () => {
    const put = (payload: object) =>
      t.request({ method: 'PUT', url: '/api/v1/admin/settings', cookie: admin.cookie, payload })
    const changed = await put({ sessionReminderHours: 48, lowBalanceHours: 1.25 })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json()).toMatchObject({
      cancellationNoticeHours: 24,
      sessionReminderHours: 48,
      lowBalanceHours: 1.25,
    })
    for (const [payload, path] of [
      [{ cancellationNoticeHours: 1.5 }, 'cancellationNoticeHours'],
      [{ cancellationNoticeHours: 169 }, 'cancellationNoticeHours'],
      [{ sessionReminderHours: 0 }, 'sessionReminderHours'],
      [{ lowBalanceHours: 0.3 }, 'lowBalanceHours'],
      [{ lowBalanceHours: 101 }, 'lowBalanceHours'],
    ] as const) {
      const bad = await put(payload)
      expect(bad.statusCode).toBe(400)
      expect(bad.json().errors[0].path).toBe(path)
    }
    const [event] = await selectRows<{ before: unknown; after: unknown }>(
      t.db,
      sql`select before, after from audit_events where action = 'settings.changed' order by created_at desc, id desc limit 1`,
    )
    expect(event).toEqual({
      before: { sessionReminderHours: 24, lowBalanceHours: 2 },
      after: { sessionReminderHours: 48, lowBalanceHours: 1.25 },
    })
    await put({ sessionReminderHours: 24, lowBalanceHours: 2 })
  })
})
