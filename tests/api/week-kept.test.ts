import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { selectRows } from '../../src/server/db/raw'
import { insertSession } from '../../src/server/db/seed/sessions'
import { addGuardian, addToTeam, createNote, createSatScore, createUser } from '../factories'
import { keptInstances, type OtherInstance } from '../helpers/kept'
import { type SignedIn, type TestApp, writeOk } from '../helpers/test-app'

/**
 * The kept week (`GET /api/v1/screens/week`, src/server/kept/): two instances on one database, as
 * behind a load balancer, as tests/api/record-cache.test.ts does for records. Instance B reads
 * each person's week (and keeps it); a write goes through instance A (or straight to the
 * database); B's next week must be what a cache-free build answers now.
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

beforeAll(async () => {
  instances = await keptInstances()
  ;({ t, b, fresh } = instances)
  admin = await t.userWith({ roles: ['admin'], name: 'Ada Admin' })
  educator = await t.userWith({ roles: ['educator'], name: 'Eve Educator' })
  fao = await t.userWith({ roles: ['fao'], name: 'Fay Aid' })
  student = await t.userWith({ roles: ['student'], name: 'Sam Student' })
  guardian = await t.userWith({ roles: ['guardian'], name: 'Gail Guardian' })
  await addToTeam(t.db, student.id, educator.id)
  await addToTeam(t.db, student.id, fao.id)
  await addGuardian(t.db, student.id, guardian.id)
  await createSatScore(t.db, student.id, { date: '2025-03-08', english: 600, math: 620 })
})
afterAll(async () => {
  await instances?.close()
})

const record = () => `/api/v1/students/${student.id}`
const viewers = () => [educator, fao, student, guardian]
const week = (viewer: SignedIn) => ({
  method: 'GET' as const,
  url: '/api/v1/screens/week',
  cookie: viewer.cookie,
})

/** A date `days` from now, far enough from today that every time zone agrees on its window. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

/** Each viewer's week on B against the cache-free answer; the answers, by viewer. */
async function expectFreshOnB(what: string): Promise<string[]> {
  const answers: string[] = []
  for (const viewer of viewers()) {
    fresh.app.kept.clear()
    const expected = await fresh.request(week(viewer))
    expect(expected.statusCode, `${what}, as ${viewer.email}`).toBe(200)
    const onB = await b.request(week(viewer))
    expect(onB.headers['content-type'], `${what}, as ${viewer.email}`).toMatch(/^application\/json/)
    expect(onB.json(), `${what}, as ${viewer.email}`).toEqual(expected.json())
    answers.push(onB.body)
  }
  return answers
}

describe('the kept week', () => {
  it('is served from what is kept while nothing changed', async () => {
    await expectFreshOnB('first read')
    const { hits, misses } = b.app.kept
    await expectFreshOnB('second read')
    expect(b.app.kept.hits - hits).toBe(viewers().length)
    expect(b.app.kept.misses - misses).toBe(0)
  })

  it('is never served after a write to a record of the caseload, on another instance', async () => {
    let taskId = ''
    let entryId = ''
    let noteId = ''
    let sessionId = ''
    // Each write, and whether some viewer's week shows it (a new time zone may keep the same day).
    const writes: Array<[string, () => Promise<unknown>, shows?: false]> = [
      [
        'educator adds an overdue task for the student',
        async () => {
          taskId = (
            await writeOk(t, 'POST', `${record()}/tasks`, educator.cookie, {
              title: 'Finish the essay',
              dueDate: '2025-01-10',
            })
          ).uuid
        },
      ],
      [
        'educator marks the task done',
        () => writeOk(t, 'PATCH', `${record()}/tasks/${taskId}`, educator.cookie, { status: 'done' }),
      ],
      [
        'educator adds a college with a deadline in five days',
        async () => {
          entryId = (
            await writeOk(t, 'POST', `${record()}/colleges`, educator.cookie, {
              name: 'Reed College',
              round: 'EA',
              deadline: inDays(5),
            })
          ).uuid
        },
      ],
      [
        'the FAO enters the aid figures',
        () =>
          writeOk(t, 'PATCH', `${record()}/colleges/${entryId}`, fao.cookie, {
            costOfAttendance: 80_000,
            aidOffered: 30_000,
          }),
      ],
      [
        'educator writes a shared note',
        async () => {
          noteId = (
            await writeOk(t, 'POST', `${record()}/notes`, educator.cookie, {
              date: inDays(-1),
              visibility: 'shared',
              body: 'Worked on pacing.',
            })
          ).uuid
        },
      ],
      [
        'educator deletes the note',
        () => writeOk(t, 'DELETE', `${record()}/notes/${noteId}`, educator.cookie),
      ],
      [
        'student adds an official SAT score',
        () =>
          writeOk(t, 'POST', `${record()}/sat-scores`, student.cookie, {
            date: '2025-06-07',
            english: 700,
            math: 710,
          }),
      ],
      [
        'student sets targets',
        () => writeOk(t, 'PUT', `${record()}/targets`, student.cookie, { sat: 1450, act: 32 }),
      ],
      [
        'another student joins the educator’s team',
        async () => {
          const other = await createUser(t.db, { roles: ['student'], name: 'Olive Other' })
          await writeOk(t, 'PUT', `/api/v1/students/${other.id}/team-members/${educator.id}`, admin.cookie)
        },
      ],
      [
        'a task is added straight in the database',
        () =>
          t.db.execute(sql`insert into tasks (student_id, title, due_date, assignee_id, created_by_id)
            values (${student.id}, 'Ask for a letter', '2025-02-01', ${student.id}, ${educator.id})`),
      ],
      [
        'the student is renamed, straight in the database',
        () => t.db.execute(sql`update users set name = 'Samuel Student' where id = ${student.id}`),
      ],
      [
        'a session with the educator is scheduled for tomorrow, straight in the database',
        async () => {
          sessionId = await insertSession(t.db, student.id, {
            educatorId: educator.id,
            createdById: educator.id,
            startsAt: new Date(Date.now() + 86_400_000),
          })
        },
      ],
      [
        'the session moves a day later',
        () =>
          t.db.execute(sql`update tutoring_sessions set starts_at = starts_at + interval '1 day',
            ends_at = ends_at + interval '1 day' where id = ${sessionId}`),
      ],
      [
        'the family buys hours (a package and its purchase entry)',
        async () => {
          const [pkg] = await selectRows<{ id: string }>(
            t.db,
            sql`insert into hour_packages (student_id, name, minutes, purchased_on, created_by_id)
              values (${student.id}, 'Ten hours', 600, '2026-01-05', ${admin.id}) returning id`,
          )
          await t.db.execute(sql`insert into hour_ledger (student_id, kind, minutes, package_id, created_by_id)
            values (${student.id}, 'purchase', 600, ${pkg!.id}, ${admin.id})`)
        },
      ],
      [
        'the session is cancelled',
        () => t.db.execute(sql`update tutoring_sessions set status = 'cancelled' where id = ${sessionId}`),
      ],
      [
        'the educator moves to another time zone (their day)',
        () => writeOk(t, 'PATCH', '/api/v1/users/me', educator.cookie, { timeZone: 'Pacific/Kiritimati' }),
        false,
      ],
      ['admin archives the student', () => writeOk(t, 'PATCH', record(), admin.cookie, { archived: true })],
      ['admin restores the student', () => writeOk(t, 'PATCH', record(), admin.cookie, { archived: false })],
      [
        'admin removes the educator from the team',
        () => writeOk(t, 'DELETE', `${record()}/team-members/${educator.id}`, admin.cookie),
      ],
    ]
    for (const [what, change, shows] of writes) {
      const before = await expectFreshOnB(`before: ${what}`)
      const misses = b.app.kept.misses
      await change()
      const after = await expectFreshOnB(what)
      // The write showed in some week, and B built those weeks again rather than serve them kept.
      if (shows !== false) expect(after, what).not.toEqual(before)
      expect(b.app.kept.misses - misses, what).toBeGreaterThan(0)
    }
  })

  it('is built again when the clock alone changes it: a note ageing out of the week', async () => {
    // A note that leaves the educator’s week (notes of the last 7 days) a minute from now.
    const coach = await t.userWith({ roles: ['educator'], name: 'Cal Coach' })
    await addToTeam(t.db, student.id, coach.id)
    const now = Date.now()
    await createNote(t.db, student.id, {
      authorId: coach.id,
      createdAt: new Date(now - 7 * 86_400_000 + 60_000),
    })
    await b.request(week(coach))
    const misses = b.app.kept.misses
    await b.request(week(coach))
    expect(b.app.kept.misses).toBe(misses)
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 61_000)
    try {
      const response = await b.request(week(coach))
      expect(response.statusCode, response.body).toBe(200)
    } finally {
      clock.mockRestore()
    }
    expect(b.app.kept.misses).toBe(misses + 1)
  })

  it('is built again when the clock alone changes it: a session ending moves to awaiting attendance', async () => {
    const coach = await t.userWith({ roles: ['educator'], name: 'Sal Sessions' })
    await addToTeam(t.db, student.id, coach.id)
    const now = Date.now()
    // Started 59 minutes ago, for an hour: it ends a minute from now.
    await insertSession(t.db, student.id, {
      educatorId: coach.id,
      createdById: coach.id,
      startsAt: new Date(now - 59 * 60_000),
    })
    const first = (await b.request(week(coach))).json()
    expect(first.educator.nextSessions).toHaveLength(1)
    expect(first.educator.awaitingAttendance).toHaveLength(0)
    const misses = b.app.kept.misses
    await b.request(week(coach))
    expect(b.app.kept.misses).toBe(misses)
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 61_000)
    try {
      const response = await b.request(week(coach))
      expect(response.statusCode, response.body).toBe(200)
    } finally {
      clock.mockRestore()
    }
    expect(b.app.kept.misses).toBe(misses + 1)
  })

  it('is not kept for an admin, whose counts follow no version', async () => {
    const { hits, misses } = b.app.kept
    for (let i = 0; i < 2; i++) {
      expect((await b.request(week(admin))).statusCode).toBe(200)
    }
    expect(b.app.kept.hits - hits).toBe(0)
    expect(b.app.kept.misses - misses).toBe(0)
  })
})
