import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { insertSession } from '../../src/server/db/seed/sessions'
import type { Session } from '../../src/shared/tutoring'
import { addGuardian, addToTeam } from '../factories'
import { expectKeptAsFresh, expectQueriesRefused, keptInstances, type OtherInstance } from '../helpers/kept'
import { type SignedIn, type TestApp, writeOk } from '../helpers/test-app'

/**
 * The kept schedule (`GET /api/v1/schedule`, src/server/kept/): two instances on one database, as
 * tests/api/sessions-kept.test.ts does for a record's sessions. Instance B reads the educator's
 * week as the educator and as an admin (and keeps it); a write goes through instance A (or straight
 * to the database), or the clock passes a session's end; B's next answer must be what a cache-free
 * build answers now.
 */
let t: TestApp
let b: OtherInstance
let fresh: OtherInstance
let instances: Awaited<ReturnType<typeof keptInstances>> | undefined
let admin: SignedIn
let educator: SignedIn
let coEducator: SignedIn
let alice: SignedIn
let ben: SignedIn
let guardian: SignedIn

beforeAll(async () => {
  instances = await keptInstances()
  ;({ t, b, fresh } = instances)
  admin = await t.userWith({ roles: ['admin'], name: 'Ada Admin' })
  educator = await t.userWith({ roles: ['educator'], name: 'Eve Educator' })
  coEducator = await t.userWith({ roles: ['educator'], name: 'Cole Coach' })
  alice = await t.userWith({ roles: ['student'], name: 'Alice Student' })
  ben = await t.userWith({ roles: ['student'], name: 'Ben Student' })
  guardian = await t.userWith({ roles: ['guardian'], name: 'Gail Guardian' })
  for (const pupil of [alice, ben]) await addToTeam(t.db, pupil.id, educator.id)
  await addToTeam(t.db, alice.id, coEducator.id)
  await addGuardian(t.db, alice.id, guardian.id)
  await t.db.execute(sql`update users set time_zone = 'America/Los_Angeles' where id = ${educator.id}`)
})
afterAll(async () => {
  await instances?.close()
})

const HOUR = 3_600_000
const DAY = 24 * HOUR
/** The UTC day `days` from now: three either side hold today in every time zone. */
const day = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10)
const weekUrl = (extra = '') => `/api/v1/schedule?from=${day(-3)}&to=${day(3)}${extra}`
/** Who reads the week, and how: the educator their own, an admin by naming them, a colleague (403). */
const readers = () =>
  [
    [educator, weekUrl()],
    [admin, weekUrl(`&educator=${educator.id}`)],
    [coEducator, weekUrl(`&educator=${educator.id}`)],
  ] as const

let nextSlot = 0
/** A fresh hour on the coming days of the week (from tomorrow on), apart from every other here. */
function slot(): string {
  nextSlot += 1
  return new Date(Math.ceil(Date.now() / HOUR) * HOUR + 26 * HOUR + nextSlot * 2 * HOUR).toISOString()
}
const sessionsOf = (studentId: string) => `/api/v1/students/${studentId}/sessions`
const sessionBody = (extra: object = {}) => ({
  educatorUUID: educator.id,
  service: 'tutoring',
  startsAt: slot(),
  durationMinutes: 60,
  location: { kind: 'online', meetingUrl: 'https://meet.example.com/week' },
  ...extra,
})

/** Each reader's answer on B against the cache-free one (`expectKeptAsFresh`). */
const expectFreshOnB = (what: string) => expectKeptAsFresh(b, fresh, readers(), what)

describe('the kept schedule', () => {
  it('is served from what is kept while nothing changed; a colleague is still refused', async () => {
    await writeOk(t, 'POST', sessionsOf(alice.id), admin.cookie, sessionBody())
    await expectFreshOnB('first read')
    const { hits, misses } = b.app.kept
    const answers = await expectFreshOnB('second read')
    expect(b.app.kept.hits - hits).toBe(2)
    expect(b.app.kept.misses - misses).toBe(0)
    expect(JSON.parse(answers[2]!).status).toBe(403)
  })

  it('answers a query it does not keep as before: bad days 400 naming the field, never 500', async () => {
    await expectQueriesRefused(b, '/api/v1/schedule', educator, [
      ['from=2026-02-30&to=2026-03-02', 'from'],
      ['from=2026-03-02&to=2026-02-28', 'to'],
      ['from=2026-01-01&to=2026-06-01', 'to'],
      ['from=1999-12-31&to=2000-01-02', 'from'],
      [`from=${day(-3)}&to=${day(3)}&educator=not-a-uuid`, 'educator'],
    ])
    const nobody = await b.request({
      method: 'GET',
      url: weekUrl(`&educator=${alice.id}`),
      cookie: admin.cookie,
    })
    expect(nobody.statusCode).toBe(404)
  })

  it('is never served after a write to a session of the week, on another instance', async () => {
    let aliceSession = ''
    let benSession = ''
    let noteId = ''
    const carl = await t.userWith({ roles: ['student'], name: 'Carl Student' })
    const past = await insertSession(t.db, ben.id, {
      educatorId: educator.id,
      createdById: admin.id,
      startsAt: new Date(Date.now() - 30 * HOUR),
    })
    const session = (studentId: string, id: string) => `${sessionsOf(studentId)}/${id}`
    // Each write, and whether some reader's week shows it: `false` when none does, `'kept'` when it
    // touches no student of the week, so that B still serves what it kept.
    const writes: Array<[string, () => Promise<unknown>, shows?: false | 'kept']> = [
      [
        'admin schedules a session for Alice',
        async () => {
          aliceSession = (await writeOk(t, 'POST', sessionsOf(alice.id), admin.cookie, sessionBody()))
            .sessions[0].uuid
        },
      ],
      [
        'the educator schedules one for Ben',
        async () => {
          benSession = (await writeOk(t, 'POST', sessionsOf(ben.id), educator.cookie, sessionBody()))
            .sessions[0].uuid
        },
      ],
      [
        'Alice’s session moves out of the week',
        () =>
          writeOk(t, 'PATCH', session(alice.id, aliceSession), educator.cookie, {
            startsAt: new Date(Date.now() + 20 * DAY).toISOString(),
          }),
      ],
      [
        'and back into it',
        () => writeOk(t, 'PATCH', session(alice.id, aliceSession), educator.cookie, { startsAt: slot() }),
      ],
      [
        'the educator marks Ben’s past session attended',
        () => writeOk(t, 'PATCH', session(ben.id, past), educator.cookie, { status: 'attended' }),
      ],
      [
        'the educator links a note to it',
        async () => {
          noteId = (
            await writeOk(t, 'POST', `/api/v1/students/${ben.id}/notes`, educator.cookie, {
              date: day(-1),
              visibility: 'internal',
              body: 'Went well.',
              sessionUUID: past,
            })
          ).uuid
        },
      ],
      [
        'the educator deletes the note',
        () => writeOk(t, 'DELETE', `/api/v1/students/${ben.id}/notes/${noteId}`, educator.cookie),
      ],
      [
        'Alice’s guardian cancels her session',
        () => writeOk(t, 'PATCH', session(alice.id, aliceSession), guardian.cookie, { status: 'cancelled' }),
      ],
      [
        'admin widens the cancellation notice',
        () => writeOk(t, 'PUT', '/api/v1/admin/settings', admin.cookie, { cancellationNoticeHours: 48 }),
      ],
      [
        'admin sets it back',
        () => writeOk(t, 'PUT', '/api/v1/admin/settings', admin.cookie, { cancellationNoticeHours: 24 }),
      ],
      [
        'the educator is renamed, straight in the database',
        () => t.db.execute(sql`update users set name = 'Evelyn Educator' where id = ${educator.id}`),
      ],
      [
        'Ben is renamed, straight in the database',
        () => t.db.execute(sql`update users set name = 'Benjamin Student' where id = ${ben.id}`),
      ],
      [
        'a colleague schedules Alice with themself (not in this week’s schedule)',
        () =>
          writeOk(
            t,
            'POST',
            sessionsOf(alice.id),
            admin.cookie,
            sessionBody({ educatorUUID: coEducator.id }),
          ),
        false,
      ],
      [
        'Ben’s session changes its place straight in the database',
        () =>
          t.db.execute(sql`update tutoring_sessions set location_detail = 'https://meet.example.com/other'
            where id = ${benSession}`),
      ],
      [
        'Carl joins the team',
        () => writeOk(t, 'PUT', `/api/v1/students/${carl.id}/team-members/${educator.id}`, admin.cookie),
        'kept',
      ],
      [
        'a session with Carl is written straight in the database',
        () =>
          insertSession(t.db, carl.id, {
            educatorId: educator.id,
            createdById: admin.id,
            startsAt: new Date(slot()),
          }),
      ],
      [
        'the educator moves to another time zone (the days move)',
        () => writeOk(t, 'PATCH', '/api/v1/users/me', educator.cookie, { timeZone: 'Pacific/Kiritimati' }),
        false,
      ],
      [
        'admin removes the educator from Ben’s team (the educator no longer sees his sessions)',
        () => writeOk(t, 'DELETE', `/api/v1/students/${ben.id}/team-members/${educator.id}`, admin.cookie),
      ],
    ]
    for (const [what, change, shows] of writes) {
      const before = await expectFreshOnB(`before: ${what}`)
      const misses = b.app.kept.misses
      await change()
      const after = await expectFreshOnB(what)
      if (shows === 'kept') {
        expect(after, what).toEqual(before)
        expect(b.app.kept.misses - misses, what).toBe(0)
        continue
      }
      if (shows !== false) expect(after, what).not.toEqual(before)
      expect(b.app.kept.misses - misses, what).toBeGreaterThan(0)
    }
  })
})

describe('the kept schedule and the clock', () => {
  it('is built again when a session of the week ends: it awaits attendance', async () => {
    const coach = await t.userWith({ roles: ['educator'], name: 'Sal Sessions' })
    await addToTeam(t.db, alice.id, coach.id)
    // Ends two seconds from now.
    const ending = await insertSession(t.db, alice.id, {
      educatorId: coach.id,
      createdById: admin.id,
      startsAt: new Date(Date.now() - HOUR + 2_000),
    })
    const read = (on: typeof b) => on.request({ method: 'GET', url: weekUrl(), cookie: coach.cookie })
    const shown = (answer: { json(): { sessions: Session[] } }) =>
      answer.json().sessions.find((s) => s.uuid === ending)
    expect(shown(await read(b))).toMatchObject({ awaitingAttendance: false })
    await vi.waitFor(
      async () => {
        fresh.app.kept.clear()
        expect(shown(await read(fresh))).toMatchObject({ awaitingAttendance: true })
      },
      { timeout: 15_000, interval: 50 },
    )
    fresh.app.kept.clear()
    expect((await read(b)).json()).toEqual((await read(fresh)).json())
  })

  it('expires at the first end still ahead of a scheduled session of those days', async () => {
    const coach = await t.userWith({ roles: ['educator'], name: 'Tim Timer' })
    await addToTeam(t.db, ben.id, coach.id)
    const now = Date.now()
    // A long one ending in an hour, and a short one ending in 25 minutes.
    for (const [startsIn, minutes] of [
      [-420, 480],
      [10, 15],
    ]) {
      await insertSession(t.db, ben.id, {
        educatorId: coach.id,
        createdById: admin.id,
        startsAt: new Date(now + startsIn! * 60_000),
        durationMinutes: minutes!,
      })
    }
    const url = weekUrl()
    const read = () => b.request({ method: 'GET', url, cookie: coach.cookie })
    expect((await read()).json().sessions).toHaveLength(2)
    const misses = b.app.kept.misses
    await read()
    expect(b.app.kept.misses).toBe(misses)
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 25 * 60_000 + 1_000)
    try {
      const response = await read()
      expect(response.statusCode, response.body).toBe(200)
    } finally {
      clock.mockRestore()
    }
    expect(b.app.kept.misses).toBe(misses + 1)
  })
})
