import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { insertSession } from '../../src/server/db/seed/sessions'
import type { Session } from '../../src/shared/tutoring'
import { addGuardian, addToTeam } from '../factories'
import { keptInstances, type OtherInstance } from '../helpers/kept'
import { type SignedIn, type TestApp, writeOk } from '../helpers/test-app'

/**
 * The kept first page of a record's sessions (`GET /api/v1/students/{id}/sessions`, src/server/kept/):
 * two instances on one database, as behind a load balancer, as tests/api/week-kept.test.ts does
 * for the dashboards' week. Instance B reads each person's first page (and keeps it); a write goes
 * through instance A (or straight to the database), or the clock passes a session's end; B's next
 * answer must be what a cache-free build answers now.
 */
let t: TestApp
let b: OtherInstance
let fresh: OtherInstance
let instances: Awaited<ReturnType<typeof keptInstances>> | undefined
let admin: SignedIn
let educator: SignedIn
let fao: SignedIn
let student: SignedIn
let guardian: SignedIn
let outsider: SignedIn

beforeAll(async () => {
  instances = await keptInstances()
  ;({ t, b, fresh } = instances)
  admin = await t.userWith({ roles: ['admin'], name: 'Ada Admin' })
  educator = await t.userWith({ roles: ['educator'], name: 'Eve Educator' })
  fao = await t.userWith({ roles: ['fao'], name: 'Fay Aid' })
  student = await t.userWith({ roles: ['student'], name: 'Sam Student' })
  guardian = await t.userWith({ roles: ['guardian'], name: 'Gail Guardian' })
  outsider = await t.userWith({ roles: ['educator'], name: 'Otto Outsider' })
  await addToTeam(t.db, student.id, educator.id)
  await addToTeam(t.db, student.id, fao.id)
  await addGuardian(t.db, student.id, guardian.id)
})
afterAll(async () => {
  await instances?.close()
})

const HOUR = 3_600_000
const sessionsOf = (studentId: string) => `/api/v1/students/${studentId}/sessions`
const viewers = () => [educator, admin, student, guardian, fao, outsider]
const list = (viewer: SignedIn, studentId = student.id) => ({
  method: 'GET' as const,
  url: sessionsOf(studentId),
  cookie: viewer.cookie,
})

let nextSlot = 0
/** A fresh hour in the next days, apart from every other this file schedules. */
function slot(): string {
  nextSlot += 1
  const hour = Math.ceil(Date.now() / HOUR) * HOUR
  return new Date(hour + (36 + nextSlot * 3) * HOUR).toISOString()
}
const online = { kind: 'online', meetingUrl: 'https://meet.example.com/sam' }
const sessionBody = (extra: object = {}) => ({
  educatorUUID: educator.id,
  service: 'tutoring',
  startsAt: slot(),
  durationMinutes: 60,
  location: online,
  ...extra,
})

/** Each viewer's first page on B against the cache-free answer (status and body); the bodies. */
async function expectFreshOnB(what: string, studentId = student.id): Promise<string[]> {
  const answers: string[] = []
  for (const viewer of viewers()) {
    fresh.app.kept.clear()
    const expected = await fresh.request(list(viewer, studentId))
    const onB = await b.request(list(viewer, studentId))
    expect(onB.statusCode, `${what}, as ${viewer.email}: ${onB.body}`).toBe(expected.statusCode)
    if (expected.statusCode === 200) {
      expect(onB.headers['content-type'], `${what}, as ${viewer.email}`).toMatch(/^application\/json/)
    }
    expect(onB.json(), `${what}, as ${viewer.email}`).toEqual(expected.json())
    answers.push(onB.body)
  }
  return answers
}

const sessionsIn = (body: string): Session[] => JSON.parse(body).sessions

describe('the kept first page of sessions', () => {
  it('is served from what is kept while nothing changed, to those who may read it only', async () => {
    await writeOk(t, 'POST', sessionsOf(student.id), admin.cookie, sessionBody())
    await expectFreshOnB('first read')
    const { hits, misses } = b.app.kept
    const answers = await expectFreshOnB('second read')
    // Educator, admin, student and guardian from what is kept; the FAO (403) and the outsider
    // (404) are refused before anything kept is looked at.
    expect(b.app.kept.hits - hits).toBe(4)
    expect(b.app.kept.misses - misses).toBe(0)
    expect(JSON.parse(answers[4]!).status).toBe(403)
    expect(JSON.parse(answers[5]!).status).toBe(404)
    // Days and cursors are not kept: read every time.
    const range = await b.request({ ...list(educator), url: `${sessionsOf(student.id)}?from=2000-01-01` })
    expect(range.statusCode).toBe(200)
    expect(b.app.kept.hits - hits).toBe(4)
  })

  it('gives staff and the family each their own answer: a link to an internal note only to staff', async () => {
    const past = await insertSession(t.db, student.id, {
      educatorId: educator.id,
      createdById: admin.id,
      startsAt: new Date(Date.now() - 30 * HOUR),
    })
    await writeOk(t, 'PATCH', `${sessionsOf(student.id)}/${past}`, educator.cookie, { status: 'attended' })
    const note = await writeOk(t, 'POST', `/api/v1/students/${student.id}/notes`, educator.cookie, {
      date: new Date(Date.now() - 30 * HOUR).toISOString().slice(0, 10),
      visibility: 'internal',
      body: 'Plan for next time.',
      sessionUUID: past,
    })
    const linkOf = (body: string) => sessionsIn(body).find((session) => session.uuid === past)?.noteUUID
    // Staff read first, so that a family read after them would find a staff answer if keyed wrongly.
    for (const order of [
      [educator, guardian, student],
      [guardian, educator, student],
    ]) {
      b.app.kept.clear()
      for (let round = 0; round < 2; round++) {
        for (const viewer of order) {
          const answer = await b.request(list(viewer))
          expect(answer.statusCode).toBe(200)
          expect(linkOf(answer.body), viewer.email).toBe(viewer === educator ? note.uuid : null)
        }
      }
    }
  })

  it('is never served after a write to the record’s sessions, on another instance', async () => {
    let first = ''
    let series: string[] = []
    let noteId = ''
    const past = await insertSession(t.db, student.id, {
      educatorId: educator.id,
      createdById: admin.id,
      startsAt: new Date(Date.now() - 50 * HOUR),
    })
    const session = (id: string) => `${sessionsOf(student.id)}/${id}`
    // Each write, and whether some viewer's answer shows it.
    const writes: Array<[string, () => Promise<unknown>, shows?: false]> = [
      [
        'admin schedules a session',
        async () => {
          first = (await writeOk(t, 'POST', sessionsOf(student.id), admin.cookie, sessionBody())).sessions[0]
            .uuid
        },
      ],
      [
        'educator reschedules it',
        () => writeOk(t, 'PATCH', session(first), educator.cookie, { startsAt: slot() }),
      ],
      [
        'educator schedules a weekly series',
        async () => {
          const made = await writeOk(
            t,
            'POST',
            sessionsOf(student.id),
            educator.cookie,
            sessionBody({ repeat: { everyWeeks: 1, count: 3 } }),
          )
          series = made.sessions.map((s: Session) => s.uuid)
        },
      ],
      [
        'educator moves the series from its second occurrence on',
        () =>
          writeOk(t, 'PATCH', session(series[1]!), educator.cookie, {
            startsAt: new Date(Date.parse(slot()) + 7 * 24 * HOUR).toISOString(),
            scope: 'following',
          }),
      ],
      [
        'educator gives the following occurrences an agenda',
        () =>
          writeOk(t, 'PATCH', session(series[1]!), educator.cookie, {
            agenda: 'Reading',
            scope: 'following',
          }),
      ],
      [
        'educator cancels the last occurrence',
        () => writeOk(t, 'PATCH', session(series[2]!), educator.cookie, { status: 'cancelled' }),
      ],
      [
        'the guardian cancels the first session',
        () => writeOk(t, 'PATCH', session(first), guardian.cookie, { status: 'cancelled' }),
      ],
      [
        'educator marks a past session attended',
        () => writeOk(t, 'PATCH', session(past), educator.cookie, { status: 'attended' }),
      ],
      [
        'educator changes it to a no-show',
        () => writeOk(t, 'PATCH', session(past), educator.cookie, { status: 'no-show' }),
      ],
      [
        'educator links an internal note to it',
        async () => {
          noteId = (
            await writeOk(t, 'POST', `/api/v1/students/${student.id}/notes`, educator.cookie, {
              date: new Date(Date.now() - 50 * HOUR).toISOString().slice(0, 10),
              visibility: 'internal',
              body: 'Missed it.',
              sessionUUID: past,
            })
          ).uuid
        },
      ],
      [
        'educator shares the note',
        () =>
          writeOk(t, 'PUT', `/api/v1/students/${student.id}/notes/${noteId}`, educator.cookie, {
            date: new Date(Date.now() - 50 * HOUR).toISOString().slice(0, 10),
            visibility: 'shared',
            body: 'Missed it.',
          }),
      ],
      [
        'educator deletes the note',
        () => writeOk(t, 'DELETE', `/api/v1/students/${student.id}/notes/${noteId}`, educator.cookie),
      ],
      [
        'admin widens the cancellation notice (each session’s free cancellation moves)',
        () => writeOk(t, 'PUT', '/api/v1/admin/settings', admin.cookie, { cancellationNoticeHours: 48 }),
      ],
      [
        'admin sets it back',
        () => writeOk(t, 'PUT', '/api/v1/admin/settings', admin.cookie, { cancellationNoticeHours: 24 }),
      ],
      [
        'admin records an hour package (not shown in the list)',
        () =>
          writeOk(t, 'POST', `/api/v1/students/${student.id}/packages`, admin.cookie, {
            name: 'Ten hours',
            service: 'any',
            hours: 10,
            purchasedOn: '2026-01-01',
          }),
        false,
      ],
      [
        'the educator is renamed, straight in the database',
        () => t.db.execute(sql`update users set name = 'Evelyn Educator' where id = ${educator.id}`),
      ],
      [
        'a session is scheduled straight in the database',
        () =>
          insertSession(t.db, student.id, {
            educatorId: educator.id,
            createdById: admin.id,
            startsAt: new Date(slot()),
          }),
      ],
      [
        'a session’s place changes straight in the database',
        () =>
          t.db.execute(sql`update tutoring_sessions set location_detail = 'https://meet.example.com/other'
            where id = ${series[0]!}`),
      ],
      [
        'admin archives the student',
        () => writeOk(t, 'PATCH', `/api/v1/students/${student.id}`, admin.cookie, { archived: true }),
        false,
      ],
      [
        'admin restores the student',
        () => writeOk(t, 'PATCH', `/api/v1/students/${student.id}`, admin.cookie, { archived: false }),
        false,
      ],
      [
        'admin removes the educator from the team',
        () =>
          writeOk(t, 'DELETE', `/api/v1/students/${student.id}/team-members/${educator.id}`, admin.cookie),
      ],
    ]
    for (const [what, change, shows] of writes) {
      const before = await expectFreshOnB(`before: ${what}`)
      const misses = b.app.kept.misses
      await change()
      const after = await expectFreshOnB(what)
      if (shows !== false) expect(after, what).not.toEqual(before)
      // B built the answers again rather than serve them kept (a removed educator is refused first).
      expect(b.app.kept.misses - misses, what).toBeGreaterThan(0)
    }
  })
})

describe('the kept first page and the clock', () => {
  /** A student of the educator's, with sessions placed relative to now (minutes from now, minutes long). */
  async function studentWith(sessions: Array<[startsInMinutes: number, minutes: number]>) {
    const pupil = await t.userWith({ roles: ['student'] })
    await addToTeam(t.db, pupil.id, educator.id)
    await addToTeam(t.db, pupil.id, admin.id)
    const now = Date.now()
    const ids: string[] = []
    for (const [startsIn, minutes] of sessions) {
      ids.push(
        await insertSession(t.db, pupil.id, {
          educatorId: educator.id,
          createdById: admin.id,
          startsAt: new Date(now + startsIn * 60_000),
          durationMinutes: minutes,
        }),
      )
    }
    return { pupil, ids, now }
  }

  it('is built again when a session ends: it awaits attendance and the next upcoming one joins', async () => {
    // One session ending two seconds from now, then ten more: the page shows it and nine of them.
    const pending: Array<[number, number]> = [[-60 + 2 / 60, 60]]
    for (let day = 1; day <= 10; day++) pending.push([day * 24 * 60, 60])
    const { pupil, ids } = await studentWith(pending)
    const read = (on: typeof b) => on.request(list(educator, pupil.id))
    const kept = sessionsIn((await read(b)).body)
    expect(kept.map((session) => session.uuid)).toEqual(ids.slice(0, 10))
    expect(kept[0]).toMatchObject({ awaitingAttendance: false })
    // Wait for the end to pass as the database sees it, then B must answer as a fresh build does.
    await vi.waitFor(
      async () => {
        fresh.app.kept.clear()
        expect(sessionsIn((await read(fresh)).body)[0]).toMatchObject({ awaitingAttendance: true })
      },
      { timeout: 15_000, interval: 50 },
    )
    fresh.app.kept.clear()
    const expected = (await read(fresh)).json()
    expect((await read(b)).json()).toEqual(expected)
    expect(expected.sessions.map((session: Session) => session.uuid)).toEqual(ids)
  })

  it('expires at the first end of any scheduled session, shown or not', async () => {
    // Shown: one ending in an hour and nine of eight hours from a minute on; not shown, the
    // eleventh upcoming, a quarter of an hour from ten minutes on: it ends first.
    const sessions: Array<[number, number]> = [[-420, 480]]
    for (let minute = 1; minute <= 9; minute++) sessions.push([minute, 480])
    sessions.push([10, 15])
    const { pupil, ids, now } = await studentWith(sessions)
    const first = sessionsIn((await b.request(list(educator, pupil.id))).body)
    expect(first.map((session) => session.uuid)).toEqual(ids.slice(0, 10))
    const misses = b.app.kept.misses
    await b.request(list(educator, pupil.id))
    expect(b.app.kept.misses).toBe(misses)
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 25 * 60_000 + 1_000)
    try {
      const response = await b.request(list(educator, pupil.id))
      expect(response.statusCode, response.body).toBe(200)
    } finally {
      clock.mockRestore()
    }
    expect(b.app.kept.misses).toBe(misses + 1)
  })
})
