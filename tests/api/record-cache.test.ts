import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addGuardian, addToTeam, createDocument, createSatScore, createUser } from '../factories'
import { createTestApp, type SignedIn, secondInstance, type TestApp, writeOk } from '../helpers/test-app'

/**
 * The kept records (src/server/kept/): two instances on one database,
 * as behind a load balancer. Instance B reads a record (and keeps it); a write goes through
 * instance A (or straight to the database); B's next read must be what a cache-free build answers
 * now. A write the versions missed would have B answer its kept copy, and the test fail.
 */
let t: TestApp
let b: Awaited<ReturnType<typeof secondInstance>>
/** A third instance whose cache is emptied before every read: the cache-free answer. */
let fresh: Awaited<ReturnType<typeof secondInstance>>
let admin: SignedIn
let educator: SignedIn
let student: SignedIn
let guardian: SignedIn

beforeAll(async () => {
  t = await createTestApp()
  b = await secondInstance(t)
  fresh = await secondInstance(t)
  admin = await t.userWith({ roles: ['admin'], name: 'Ada Admin' })
  educator = await t.userWith({ roles: ['educator'], name: 'Eve Educator', bio: 'SAT math.' })
  student = await t.userWith({ roles: ['student'], name: 'Sam Student' })
  guardian = await t.userWith({ roles: ['guardian'], name: 'Gail Guardian' })
  await addToTeam(t.db, student.id, educator.id)
  await addGuardian(t.db, student.id, guardian.id)
  await createSatScore(t.db, student.id, { date: '2025-03-08', english: 600, math: 620 })
  await createDocument(t.db, student.id, { creatorId: educator.id, name: 'Essay draft' })
})
afterAll(async () => {
  await b?.close()
  await fresh?.close()
  await t?.close()
})

const record = () => `/api/v1/students/${student.id}`
const viewers = () => [student, educator, guardian, admin]
/** Each viewer's read on B, against the cache-free answer (and warms B's cache for the next write). */
async function expectFreshOnB(what: string) {
  for (const viewer of viewers()) {
    fresh.app.kept.clear()
    const expected = await fresh.request({ method: 'GET', url: record(), cookie: viewer.cookie })
    const onB = await b.request({ method: 'GET', url: record(), cookie: viewer.cookie })
    expect(onB.statusCode, `${what}, as ${viewer.email}`).toBe(expected.statusCode)
    expect(onB.json(), `${what}, as ${viewer.email}`).toEqual(expected.json())
  }
  // The student's dashboard carries the same kept record; the educator's, their kept list.
  for (const viewer of [student, educator]) {
    fresh.app.kept.clear()
    const dashboard = { method: 'GET' as const, url: '/api/v1/screens/my-dashboard', cookie: viewer.cookie }
    const expected = await fresh.request(dashboard)
    expect(expected.json().student?.uuid ?? expected.json().students).toBeTruthy()
    expect((await b.request(dashboard)).json(), `${what}, ${viewer.email}'s dashboard`).toEqual(
      expected.json(),
    )
  }
}

/** Each person's `GET /api/v1/users/me` on B, against the cache-free answer. */
async function expectCurrentUserFreshOnB(what: string) {
  for (const viewer of viewers()) {
    fresh.app.kept.clear()
    const me = { method: 'GET' as const, url: '/api/v1/users/me', cookie: viewer.cookie }
    const expected = await fresh.request(me)
    expect(expected.statusCode, `${what}, ${viewer.email}'s users/me`).toBe(200)
    expect((await b.request(me)).json(), `${what}, ${viewer.email}'s users/me`).toEqual(expected.json())
  }
}

/** The admin's user list on B (everyone, and a search), against the cache-free answer. */
async function expectAdminListFreshOnB(what: string) {
  for (const url of [
    '/api/v1/users?limit=100',
    '/api/v1/users?q=sam&limit=5',
    '/api/v1/users?role=student',
  ]) {
    fresh.app.kept.clear()
    const list = { method: 'GET' as const, url, cookie: admin.cookie }
    const expected = await fresh.request(list)
    expect(expected.statusCode, `${what}, ${url}`).toBe(200)
    expect(expected.json().users.length, `${what}, ${url}`).toBeGreaterThan(0)
    const onB = await b.request(list)
    expect(onB.headers['content-type'], `${what}, ${url}`).toMatch(/^application\/json/)
    expect(onB.json(), `${what}, ${url}`).toEqual(expected.json())
  }
  // Its score lists are the record's, entry for entry (with who added each and its source).
  const everyone = (
    await b.request({ method: 'GET', url: '/api/v1/users?limit=100', cookie: admin.cookie })
  ).json()
  const listed = everyone.users.find((user: { uuid: string }) => user.uuid === student.id)
  const own = (await b.request({ method: 'GET', url: record(), cookie: admin.cookie })).json()
  expect(listed.profileStudent, what).toEqual({
    satScoresHistorical: own.satScoresHistorical,
    actScoresHistorical: own.actScoresHistorical,
  })
}

describe('a cached student record', () => {
  it('is served from the cache while nothing changed, one query with the session', async () => {
    await expectFreshOnB('first read')
    const { hits, misses } = b.app.kept
    await expectFreshOnB('second read')
    // Each viewer's read, and the student's and the educator's dashboards.
    expect(b.app.kept.hits - hits).toBe(viewers().length + 2)
    expect(b.app.kept.misses - misses).toBe(0)
  })

  it('is never served after a write on another instance, whatever the write', async () => {
    const writes: Array<[string, () => Promise<unknown>]> = [
      [
        'student adds an SAT score',
        () =>
          writeOk(t, 'POST', `${record()}/sat-scores`, student.cookie, {
            date: '2025-06-07',
            english: 640,
            math: 650,
          }),
      ],
      [
        'educator adds an ACT score',
        () =>
          writeOk(t, 'POST', `${record()}/act-scores`, educator.cookie, {
            date: '2025-06-14',
            english: 30,
            math: 29,
            reading: 31,
            science: 28,
          }),
      ],
      [
        'educator edits a score',
        async () => {
          const sat = (await b.request({ method: 'GET', url: record(), cookie: educator.cookie })).json()
            .satScoresHistorical
          await writeOk(t, 'PATCH', `${record()}/sat-scores/${sat[0].uuid}`, educator.cookie, {
            note: 'Bluebook test 4',
            source: 'practice',
          })
        },
      ],
      [
        'educator deletes a score by its values',
        () =>
          writeOk(t, 'DELETE', `${record()}/sat-scores`, educator.cookie, {
            date: '2025-06-07',
            english: 640,
            math: 650,
          }),
      ],
      [
        'student sets targets',
        () => writeOk(t, 'PUT', `${record()}/targets`, student.cookie, { sat: 1400, act: 31 }),
      ],
      [
        'educator adds a document',
        () =>
          writeOk(t, 'POST', `${record()}/documents`, educator.cookie, {
            name: 'Transcript',
            url: 'https://docs.example.com/t',
          }),
      ],
      [
        'educator hides a document (the student stops seeing it)',
        async () => {
          const documents = (
            await b.request({ method: 'GET', url: record(), cookie: educator.cookie })
          ).json().documents
          const [document] = documents
          await writeOk(t, 'PUT', `${record()}/documents/${document.uuid}`, educator.cookie, {
            name: document.name,
            url: document.url,
            creatorUUID: document.creator.uuid,
            hidden: true,
            pinned: false,
          })
        },
      ],
      [
        'educator deletes a document',
        async () => {
          const documents = (
            await b.request({ method: 'GET', url: record(), cookie: educator.cookie })
          ).json().documents
          await writeOk(t, 'DELETE', `${record()}/documents/${documents.at(-1).uuid}`, educator.cookie)
        },
      ],
      [
        'admin adds a team member',
        async () => {
          const newcomer = await createUser(t.db, { roles: ['fao'], name: 'Fay Aid' })
          await writeOk(t, 'PUT', `${record()}/team-members/${newcomer.id}`, admin.cookie)
        },
      ],
      [
        'another student joins the educator’s team (their dashboard list grows)',
        async () => {
          const other = await createUser(t.db, { roles: ['student'], name: 'Olive Other' })
          await writeOk(t, 'PUT', `/api/v1/students/${other.id}/team-members/${educator.id}`, admin.cookie)
        },
      ],
      [
        'a team member renames themself (another row of users)',
        () => writeOk(t, 'PATCH', '/api/v1/users/me', educator.cookie, { name: 'Eve E. Educator' }),
      ],
      [
        'a team member changes their bio (their educator profile)',
        () => writeOk(t, 'PATCH', '/api/v1/users/me', educator.cookie, { bio: 'SAT math and ACT science.' }),
      ],
      [
        'admin changes the guardian’s email (shown to staff)',
        () =>
          writeOk(t, 'PATCH', `/api/v1/users/${guardian.id}/email`, admin.cookie, {
            email: 'gail.new@example.test',
          }),
      ],
      [
        'a second guardian is linked, straight in the database',
        async () => {
          const other = await createUser(t.db, { roles: ['guardian'], name: 'Gus Guardian' })
          await addGuardian(t.db, student.id, other.id, 'Grandparent')
        },
      ],
      [
        'the student is renamed, straight in the database',
        () => t.db.execute(sql`update users set name = 'Samuel Student' where id = ${student.id}`),
      ],
      ['admin archives the student', () => writeOk(t, 'PATCH', record(), admin.cookie, { archived: true })],
      ['admin restores the student', () => writeOk(t, 'PATCH', record(), admin.cookie, { archived: false })],
      [
        'admin removes the team member (the educator stops seeing the record)',
        () => writeOk(t, 'DELETE', `${record()}/team-members/${educator.id}`, admin.cookie),
      ],
    ]
    for (const [what, change] of writes) {
      await expectFreshOnB(`before: ${what}`)
      const misses = b.app.kept.misses
      await change()
      await expectFreshOnB(what)
      // Every viewer who may still read the record had their kept copy replaced.
      expect(b.app.kept.misses - misses, what).toBeGreaterThan(0)
      await expectCurrentUserFreshOnB(what)
      await expectAdminListFreshOnB(what)
    }
  })

  it('keeps `users/me` only while the person, their settings and their scores are unchanged', async () => {
    await expectCurrentUserFreshOnB('first read')
    const { hits } = b.app.kept
    await expectCurrentUserFreshOnB('second read')
    expect(b.app.kept.hits - hits).toBe(viewers().length)
    const changes: Array<[string, () => Promise<unknown>]> = [
      [
        'a score changed straight in the database',
        () => t.db.execute(sql`update sat_scores set math = math - 10 where student_id = ${student.id}`),
      ],
      [
        'a score deleted straight in the database',
        () =>
          t.db.execute(
            sql`delete from act_scores where id = (select id from act_scores where student_id = ${student.id} limit 1)`,
          ),
      ],
      [
        'the student’s settings changed straight in the database',
        () =>
          t.db.execute(
            sql`update users set time_zone = 'Asia/Tokyo', email_task_reminders = not email_task_reminders where id = ${student.id}`,
          ),
      ],
      [
        'the student changes their name',
        () => writeOk(t, 'PATCH', '/api/v1/users/me', student.cookie, { name: 'Sam S.' }),
      ],
      [
        'the educator changes their bio',
        () => writeOk(t, 'PATCH', '/api/v1/users/me', educator.cookie, { bio: 'ACT.' }),
      ],
      [
        'admins start to require two-factor for staff',
        () =>
          t.db.execute(
            sql`insert into app_settings (key, value) values ('require_staff_two_factor', 'true'::jsonb)
              on conflict (key) do update set value = excluded.value`,
          ),
      ],
      [
        'admins stop requiring it',
        () =>
          t.db.execute(
            sql`update app_settings set value = 'false'::jsonb where key = 'require_staff_two_factor'`,
          ),
      ],
      [
        'the guardian becomes an FAO too, then not',
        async () => {
          await t.db.execute(sql`insert into fao_profiles (user_id) values (${guardian.id})`)
          await expectCurrentUserFreshOnB('the guardian is an FAO too')
          await t.db.execute(sql`delete from fao_profiles where user_id = ${guardian.id}`)
        },
      ],
    ]
    for (const [what, change] of changes) {
      await change()
      await expectCurrentUserFreshOnB(what)
      // While two-factor is required, the admin (without it) may only set it up.
      if (what !== 'admins start to require two-factor for staff') await expectAdminListFreshOnB(what)
    }
  })

  it('keeps each user of the admin’s list while their row and scores are unchanged', async () => {
    await expectAdminListFreshOnB('first read')
    const { hits, misses } = b.app.kept
    const everyone = (
      await b.request({ method: 'GET', url: '/api/v1/users?limit=100', cookie: admin.cookie })
    ).json()
    expect(b.app.kept.misses - misses).toBe(0)
    expect(b.app.kept.hits - hits).toBe(everyone.users.length)
    const changes: Array<[string, () => Promise<unknown>]> = [
      [
        'a score added straight in the database',
        () => createSatScore(t.db, student.id, { date: '2025-06-07', english: 700, math: 710 }),
      ],
      [
        'an email changed straight in the database',
        () => t.db.execute(sql`update users set email = 'sam.new@example.com' where id = ${student.id}`),
      ],
      [
        'the student archived, then restored, straight in the database',
        async () => {
          await t.db.execute(
            sql`update student_profiles set archived_at = now() where user_id = ${student.id}`,
          )
          await expectAdminListFreshOnB('the student is archived')
          await t.db.execute(
            sql`update student_profiles set archived_at = null where user_id = ${student.id}`,
          )
        },
      ],
      [
        'the educator disabled, then enabled, through the API',
        async () => {
          await writeOk(t, 'PATCH', `/api/v1/users/${educator.id}`, admin.cookie, { disabled: true })
          await expectAdminListFreshOnB('the educator is disabled')
          await writeOk(t, 'PATCH', `/api/v1/users/${educator.id}`, admin.cookie, { disabled: false })
        },
      ],
      [
        'the guardian made an educator through the API',
        () => writeOk(t, 'PATCH', `/api/v1/users/${guardian.id}`, admin.cookie, { educator: true }),
      ],
      [
        'the new educator’s bio changed straight in the database',
        () => t.db.execute(sql`update educator_profiles set bio = 'Essays.' where user_id = ${guardian.id}`),
      ],
    ]
    for (const [what, change] of changes) {
      await change()
      await expectAdminListFreshOnB(what)
    }
  })

  it('is built once when many readers miss it at the same moment, each getting their own access', async () => {
    const pupil = await t.userWith({ roles: ['student'], name: 'Pia Pupil' })
    const coach = await t.userWith({ roles: ['educator'], name: 'Cal Coach' })
    const parent = await t.userWith({ roles: ['guardian'], name: 'Pat Parent' })
    await addToTeam(t.db, pupil.id, coach.id)
    await addGuardian(t.db, pupil.id, parent.id)
    await createDocument(t.db, pupil.id, { creatorId: coach.id, name: 'Team notes', hidden: true })
    const url = `/api/v1/students/${pupil.id}`
    const { misses, joined, hits: hitsBefore } = b.app.kept
    const readers = [...Array(6).fill(coach), ...Array(6).fill(parent)] as SignedIn[]
    const answers = await Promise.all(
      readers.map((viewer) => b.request({ method: 'GET', url, cookie: viewer.cookie })),
    )
    for (const viewer of [coach, parent]) {
      fresh.app.kept.clear()
      const expected = await fresh.request({ method: 'GET', url, cookie: viewer.cookie })
      expect(expected.statusCode).toBe(200)
      for (const [i, answer] of answers.entries()) {
        if (readers[i] === viewer) expect(answer.json(), viewer.email).toEqual(expected.json())
      }
    }
    // The hidden document is the team's only: two accesses, two answers.
    expect(answers[0]!.json()).not.toEqual(answers[6]!.json())
    // Every read missed or came after its access's one build was kept; none built a second copy.
    const { hits, misses: missed, joined: joinedNow } = b.app.kept
    expect(hits - hitsBefore + missed - misses).toBe(readers.length)
    expect(missed - misses - (joinedNow - joined)).toBe(2)
  })
})
