import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '../../src/server/db/raw'
import type { AuditEvent } from '../../src/shared/audit'
import type { AdminStudentPage, AdminStudentsScreen } from '../../src/shared/screens'
import type { AdminStudentRow } from '../../src/shared/students'
import type { AdminUser, UserPage } from '../../src/shared/users'
import {
  addGuardian,
  addToTeam,
  createActScore,
  createInvite,
  createSatScore,
  createUser,
} from '../factories'
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink'
import { createTestApp, type SignedIn, TEST_ORIGIN, type TestApp } from '../helpers/test-app'

/**
 * The admin area's rules (docs/product.md#what-admins-may-change): who may be listed, promoted, demoted, disabled or archived,
 * and what each change does to sessions, teams, lists and the audit log. Route × role refusals
 * are in permissions.test.ts.
 */
let t: TestApp
let sink: SmtpSink
let admin: SignedIn

beforeAll(async () => {
  sink = await startSmtpSink()
  t = await createTestApp({ SMTP_URL: sink.url })
  admin = await t.userWith({ roles: ['admin'], name: 'Ada Admin' })
})
afterAll(async () => {
  await t.close()
  await sink.close()
})

const as = (cookie: string) => ({
  get: (url: string) => t.request({ method: 'GET', url, cookie }),
  patch: (url: string, payload: object) => t.request({ method: 'PATCH', url, cookie, payload }),
  post: (url: string, payload: object = {}) => t.request({ method: 'POST', url, cookie, payload }),
  delete: (url: string) => t.request({ method: 'DELETE', url, cookie }),
})
const byAdmin = () => as(admin.cookie)

async function auditFor(subjectId: string): Promise<AuditEvent[]> {
  const response = await byAdmin().get(`/api/v1/audit-events?actorId=${admin.id}&limit=100`)
  expect(response.statusCode, response.body).toBe(200)
  return (response.json().events as AuditEvent[]).filter((event) => event.subjectId === subjectId)
}

describe('GET /api/v1/users (paged)', () => {
  // Names no other test in this file uses, so the search below finds exactly these.
  const tag = 'Pagetest'
  const people: string[] = []
  beforeAll(async () => {
    for (const [index, name] of ['Bea', 'amy', 'Cal', 'Amy', 'Dov'].entries()) {
      const roles = index % 2 === 0 ? (['student'] as const) : (['educator'] as const)
      people.push((await createUser(t.db, { roles: [...roles], name: `${name} ${tag}` })).id)
    }
  })

  const list = async (query: string) => {
    const response = await byAdmin().get(`/api/v1/users?${query}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as UserPage
  }

  it('pages through a search in a stable order with no overlap, ending with a null cursor', async () => {
    const seen: AdminUser[] = []
    let cursor: string | null = ''
    let pages = 0
    while (cursor !== null) {
      const page = await list(`q=${tag}&limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      seen.push(...page.users)
      cursor = page.nextCursor
      pages += 1
    }
    expect(pages).toBe(3)
    expect(new Set(seen.map((user) => user.uuid)).size).toBe(5)
    // Case-insensitive by name, then uuid for equal names.
    const names = seen.map((user) => user.name.toLowerCase())
    expect(names).toEqual([...names].sort())
    const amys = seen.slice(0, 2).map((user) => user.uuid)
    expect(amys).toEqual([...amys].sort())
  })

  it('gives no next cursor when the results fill the page exactly, and an empty list for no match', async () => {
    const exact = await list(`q=${tag}&limit=5`)
    expect(exact.users).toHaveLength(5)
    expect(exact.nextCursor).toBeNull()
    expect(await list('q=nobody-is-called-this')).toEqual({ users: [], nextCursor: null })
  })

  it('answers an empty page for a cursor past the end', async () => {
    const first = await list(`q=${tag}&limit=4`)
    expect(first.users).toHaveLength(4)
    const last = await list(`q=${tag}&limit=4&cursor=${first.nextCursor}`)
    expect(last.users).toHaveLength(1)
    expect(last.nextCursor).toBeNull()
    // A cursor at the last row (as the server would encode it): nothing comes after it.
    const lastRow = last.users[0]!
    const afterLast = Buffer.from(JSON.stringify([lastRow.name.toLowerCase(), lastRow.uuid])).toString(
      'base64url',
    )
    expect(await list(`q=${tag}&cursor=${afterLast}`)).toEqual({ users: [], nextCursor: null })
  })

  it('searches email too, treats % and _ literally, and filters by role', async () => {
    const email = (await createUser(t.db, { roles: ['fao'], email: 'finder_100%@example.test' })).email
    expect((await list('q=finder_100%25')).users.map((user) => user.email)).toEqual([email])
    expect((await list('q=finder_1000')).users).toEqual([])
    const educators = await list(`q=${tag}&role=educator`)
    expect(educators.users.map((user) => user.name).sort()).toEqual([`Amy ${tag}`, `amy ${tag}`])
    expect(educators.users.every((user) => user.profileEducator)).toBe(true)
  })

  it('shows each user in the original shape, with their account state', async () => {
    const [first] = (await list(`q=Bea ${tag}`)).users
    expect(first).toMatchObject({
      name: `Bea ${tag}`,
      uuid: people[0],
      profileStudent: { satScoresHistorical: [], actScoresHistorical: [] },
      profileEducator: null,
      profileAdmin: null,
      profileFao: null,
      disabled: false,
      archived: false,
      onboardingRequired: false,
    })
    expect(first!.email).toMatch(/@example\.test$/)
    expect(Date.parse(first!.createdAt)).not.toBeNaN()
  })

  it('refuses a bad limit, role or cursor with 400 naming the field', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=ten', 'limit'],
      ['role=wizard', 'role'],
      ['cursor=not-a-cursor', 'cursor'],
      [`cursor=${Buffer.from('["a","not-a-uuid"]').toString('base64url')}`, 'cursor'],
    ]) {
      const response = await byAdmin().get(`/api/v1/users?${query}`)
      expect(response.statusCode, query).toBe(400)
      expect(response.json().errors.map((e: { path: string }) => e.path)).toContain(field)
    }
  })

  it('says so in words when a parameter is given twice', async () => {
    const response = await byAdmin().get('/api/v1/users?limit=1&limit=2')
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual([{ path: 'limit', message: 'Give limit once, as text.' }])
  })

  it('still answers the original bare list with ?available-for', async () => {
    const student = await createUser(t.db, { roles: ['student'] })
    const response = await byAdmin().get(`/api/v1/users?available-for=${student.id}`)
    expect(response.statusCode).toBe(200)
    expect(Array.isArray(response.json())).toBe(true)
  })
})

describe('PATCH /api/v1/users/{id}', () => {
  it('grants and revokes profiles, recording before and after', async () => {
    const person = await createUser(t.db, { roles: ['student'] })
    const granted = await byAdmin().patch(`/api/v1/users/${person.id}`, { educator: true, fao: true })
    expect(granted.statusCode, granted.body).toBe(200)
    expect(granted.json()).toMatchObject({ uuid: person.id, profileEducator: { bio: '' }, profileFao: {} })
    const revoked = await byAdmin().patch(`/api/v1/users/${person.id}`, { fao: false, admin: false })
    expect(revoked.json()).toMatchObject({
      profileFao: null,
      profileAdmin: null,
      profileEducator: { bio: '' },
    })
    const events = await auditFor(person.id)
    expect(events.map((event) => [event.action, event.before, event.after])).toEqual([
      ['user.roles-changed', { roles: ['educator', 'fao', 'student'] }, { roles: ['educator', 'student'] }],
      ['user.roles-changed', { roles: ['student'] }, { roles: ['educator', 'fao', 'student'] }],
    ])
    expect(events[0]).toMatchObject({
      subjectName: person.name,
      actor: { uuid: admin.id, name: 'Ada Admin' },
    })
  })

  it('takes someone off every team when they lose their last staff profile, in the same change', async () => {
    const student = await createUser(t.db, { roles: ['student'] })
    const educator = await createUser(t.db, { roles: ['educator', 'fao'] })
    await addToTeam(t.db, student.id, educator.id)
    // Still an FAO: still on the team.
    await byAdmin().patch(`/api/v1/users/${educator.id}`, { educator: false })
    const team = async () => (await byAdmin().get(`/api/v1/students/${student.id}`)).json().team
    expect(await team()).toHaveLength(1)
    const response = await byAdmin().patch(`/api/v1/users/${educator.id}`, { fao: false })
    expect(response.statusCode).toBe(200)
    expect(await team()).toEqual([])
    const [event] = await auditFor(educator.id)
    expect(event!.after).toEqual({ roles: [], removedFromTeams: [student.id] })
  })

  it('never revokes a student profile, and changes nothing when it refuses', async () => {
    const student = await createUser(t.db, { roles: ['student'] })
    const response = await byAdmin().patch(`/api/v1/users/${student.id}`, { student: false, educator: true })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({ code: 'student-profile-kept', errors: [{ path: 'student' }] })
    const after = await byAdmin().get(`/api/v1/users?q=${encodeURIComponent(student.email)}`)
    expect(after.json().users[0]).toMatchObject({ profileEducator: null, profileStudent: {} })
  })

  it('refuses the Student role for a guardian of a student, naming the field, and changes nothing', async () => {
    const student = await createUser(t.db, { roles: ['student'] })
    const parent = await createUser(t.db, { roles: ['guardian'] })
    await addGuardian(t.db, student.id, parent.id)
    const response = await byAdmin().patch(`/api/v1/users/${parent.id}`, { student: true, fao: true })
    expect(response.statusCode).toBe(409)
    expect(response.json()).toMatchObject({ code: 'guardian-not-student', errors: [{ path: 'student' }] })
    const after = await byAdmin().get(`/api/v1/users?q=${encodeURIComponent(parent.email)}`)
    expect(after.json().users[0]).toMatchObject({
      profileStudent: null,
      profileFao: null,
      profileGuardian: {},
    })
  })

  it('keeps an admin from removing their own admin profile or disabling themself', async () => {
    const own = await byAdmin().patch(`/api/v1/users/${admin.id}`, { admin: false })
    expect(own.statusCode).toBe(409)
    expect(own.json()).toMatchObject({ code: 'own-admin-profile', errors: [{ path: 'admin' }] })
    const disable = await byAdmin().patch(`/api/v1/users/${admin.id}`, { disabled: true })
    expect(disable.statusCode).toBe(409)
    expect(disable.json().code).toBe('own-account')
    // Granting themself another role is fine.
    const fao = await byAdmin().patch(`/api/v1/users/${admin.id}`, { fao: true })
    expect(fao.json().profileAdmin).toEqual({})
    await byAdmin().patch(`/api/v1/users/${admin.id}`, { fao: false })
  })

  it('leaves an admin standing when two admins demote each other at once', async () => {
    const first = await t.userWith({ roles: ['admin'] })
    const second = await t.userWith({ roles: ['admin'] })
    // Only these two stay admins for this test: the file's own admin steps aside.
    await as(first.cookie).patch(`/api/v1/users/${admin.id}`, { admin: false })
    try {
      const answers = await Promise.all([
        as(first.cookie).patch(`/api/v1/users/${second.id}`, { admin: false }),
        as(second.cookie).patch(`/api/v1/users/${first.id}`, { admin: false }),
      ])
      const statuses = answers.map((answer) => answer.statusCode).sort()
      expect(statuses[0]).toBe(200)
      expect([403, 409]).toContain(statuses[1])
      const admins = await as(first.cookie).get('/api/v1/users?role=admin&limit=100')
      const other = await as(second.cookie).get('/api/v1/users?role=admin&limit=100')
      const remaining = [admins, other].find((answer) => answer.statusCode === 200)!.json()
        .users as AdminUser[]
      expect(remaining).toHaveLength(1)
    } finally {
      const winner = [first, second]
      for (const candidate of winner) {
        await as(candidate.cookie).patch(`/api/v1/users/${admin.id}`, { admin: true })
      }
    }
    expect((await byAdmin().get('/api/v1/screens/admin')).statusCode).toBe(200)
  })

  it('leaves an enabled admin when two admins disable each other at once', async () => {
    const first = await t.userWith({ roles: ['admin'] })
    const second = await t.userWith({ roles: ['admin'] })
    await as(first.cookie).patch(`/api/v1/users/${admin.id}`, { admin: false })
    try {
      const answers = await Promise.all([
        as(first.cookie).patch(`/api/v1/users/${second.id}`, { disabled: true }),
        as(second.cookie).patch(`/api/v1/users/${first.id}`, { disabled: true }),
      ])
      const statuses = answers.map((answer) => answer.statusCode).sort()
      expect(statuses[0]).toBe(200)
      expect([401, 403, 409]).toContain(statuses[1])
      const enabledAdmins = await t.db.execute(
        sql`select count(*)::int as n from admin_profiles ap join users u on u.id = ap.user_id
        where u.disabled_at is null and ap.user_id in (${first.id}, ${second.id})`,
      )
      expect((enabledAdmins as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1)
    } finally {
      await t.db.execute(sql`update users set disabled_at = null where id in (${first.id}, ${second.id})`)
      await t.db.execute(
        sql`insert into admin_profiles (user_id) values (${admin.id}) on conflict do nothing`,
      )
    }
  })

  // Deterministic on PostgreSQL (PGlite has one connection): another transaction disables the
  // caller and holds its locks while the caller's own request to disable the other admin waits.
  it.runIf(process.env.TEST_DB === 'postgres')(
    'refuses an admin who was disabled while their request waited for the lock',
    async () => {
      const first = await t.userWith({ roles: ['admin'] })
      const second = await t.userWith({ roles: ['admin'] })
      await as(first.cookie).patch(`/api/v1/users/${admin.id}`, { admin: false })
      const pool = (t.db as unknown as { $client: import('pg').Pool }).$client
      const other = await pool.connect()
      try {
        await other.query('begin')
        await other.query(
          `select ap.user_id from admin_profiles ap join users u on u.id = ap.user_id for update of ap, u`,
        )
        await other.query('update users set disabled_at = now() where id = $1', [second.id])
        const waiting = as(second.cookie).patch(`/api/v1/users/${first.id}`, { disabled: true })
        // Until the request waits for the locks held here (or, at the latest, 5 s).
        const deadline = Date.now() + 5_000
        const lockWaits = async () =>
          (
            await pool.query(
              `select count(*)::int as n from pg_stat_activity
               where datname = current_database() and wait_event_type = 'Lock'`,
            )
          ).rows[0].n
        while ((await lockWaits()) === 0 && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 20))
        await other.query('commit')
        expect((await waiting).statusCode).toBe(403)
        const firstNow = await other.query('select disabled_at from users where id = $1', [first.id])
        expect(firstNow.rows[0].disabled_at).toBeNull()
      } finally {
        await other.query('rollback').catch(() => {})
        other.release()
        await t.db.execute(sql`update users set disabled_at = null where id in (${first.id}, ${second.id})`)
        await t.db.execute(
          sql`insert into admin_profiles (user_id) values (${admin.id}) on conflict do nothing`,
        )
      }
    },
  )

  it('ends a disabled account’s sessions at once, refuses its logins, and lets it back in when re-enabled', async () => {
    const person = await t.userWith({ roles: ['educator'] })
    expect((await as(person.cookie).get('/api/v1/users/me')).statusCode).toBe(200)
    const disabled = await byAdmin().patch(`/api/v1/users/${person.id}`, { disabled: true })
    expect(disabled.json()).toMatchObject({ disabled: true })
    expect((await as(person.cookie).get('/api/v1/users/me')).statusCode).toBe(401)
    await expect(t.login(person.email, person.password)).rejects.toThrow(/401/)
    const enabled = await byAdmin().patch(`/api/v1/users/${person.id}`, { disabled: false })
    expect(enabled.json()).toMatchObject({ disabled: false })
    const cookie = await t.login(person.email, person.password)
    expect((await as(cookie).get('/api/v1/users/me')).statusCode).toBe(200)
    expect((await auditFor(person.id)).map((event) => event.action)).toEqual([
      'user.enabled',
      'user.disabled',
    ])
  })

  it('answers 404 for an unknown user and 400 for an empty or unknown change', async () => {
    expect(
      (await byAdmin().patch('/api/v1/users/00000000-0000-4000-8000-000000000000', { fao: true })).statusCode,
    ).toBe(404)
    expect((await byAdmin().patch('/api/v1/users/not-a-uuid', { fao: true })).statusCode).toBe(404)
    const person = await createUser(t.db, { roles: ['fao'] })
    for (const body of [{}, { wizard: true }, { fao: 'yes' }]) {
      const response = await byAdmin().patch(`/api/v1/users/${person.id}`, body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.json().errors.length).toBeGreaterThan(0)
    }
  })
})

describe('archiving students', () => {
  it('moves a student out of every active list and back, keeping their record', async () => {
    const student = await createUser(t.db, { roles: ['student'], name: 'Archie Vist' })
    const educator = await t.userWith({ roles: ['educator'] })
    await addToTeam(t.db, student.id, educator.id)
    await createSatScore(t.db, student.id, { date: '2025-03-08', english: 600, math: 650 })

    const activeIds = async () => {
      const screen = (await byAdmin().get('/api/v1/screens/admin/students')).json()
      const mine = (await as(educator.cookie).get(`/api/v1/educators/${educator.id}/students`)).json()
      const dashboard = (await as(educator.cookie).get('/api/v1/screens/my-dashboard')).json()
      const students = (await byAdmin().get('/api/v1/students')).json()
      return {
        screen: screen.activeStudents.some((s: { uuid: string }) => s.uuid === student.id),
        archived: screen.archivedStudents.some((s: { uuid: string }) => s.uuid === student.id),
        educatorNav: mine.students.some((s: { uuid: string }) => s.uuid === student.id),
        dashboard: dashboard.students.some((s: { uuid: string }) => s.uuid === student.id),
        studentsList: students.students.some((s: { uuid: string }) => s.uuid === student.id),
      }
    }
    const active = { screen: true, archived: false, educatorNav: true, dashboard: true, studentsList: true }
    expect(await activeIds()).toEqual(active)

    const archived = await byAdmin().patch(`/api/v1/students/${student.id}`, { archived: true })
    expect(archived.statusCode, archived.body).toBe(200)
    expect(archived.json()).toMatchObject({ name: 'Archie Vist', uuid: student.id, archived: true })
    expect(Date.parse(archived.json().archivedAt)).not.toBeNaN()
    expect(await activeIds()).toEqual({
      screen: false,
      archived: true,
      educatorNav: false,
      dashboard: false,
      studentsList: false,
    })
    // The record is kept: admins still read it, scores and all.
    const record = (await byAdmin().get(`/api/v1/students/${student.id}`)).json()
    expect(record).toMatchObject({ archived: true, satScoresHistorical: [{ cumulative: 1250 }] })

    // Archiving twice changes nothing and records nothing new.
    await byAdmin().patch(`/api/v1/students/${student.id}`, { archived: true })
    const restored = await byAdmin().patch(`/api/v1/students/${student.id}`, { archived: false })
    expect(restored.json()).toMatchObject({ archived: false, archivedAt: null })
    expect(await activeIds()).toEqual(active)
    const events = await auditFor(student.id)
    expect(events.map((event) => [event.action, event.studentId, event.subjectName])).toEqual([
      ['student.restored', student.id, 'Archie Vist'],
      ['student.archived', student.id, 'Archie Vist'],
    ])
  })

  it('answers 404 for someone who is not a student, and 400 for a bad body', async () => {
    const educator = await createUser(t.db, { roles: ['educator'] })
    expect((await byAdmin().patch(`/api/v1/students/${educator.id}`, { archived: true })).statusCode).toBe(
      404,
    )
    const student = await createUser(t.db, { roles: ['student'] })
    for (const body of [{}, { archived: 'yes' }, { archived: true, name: 'x' }]) {
      const response = await byAdmin().patch(`/api/v1/students/${student.id}`, body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
    }
  })
})

describe('the admin screens', () => {
  it('lists active students with team and newest scores in the original shape, plus counts on the overview', async () => {
    const student = await createUser(t.db, { roles: ['student'], name: 'Screen Student' })
    const educator = await createUser(t.db, { roles: ['educator'], name: 'Screen Educator' })
    await addToTeam(t.db, student.id, educator.id)
    await createSatScore(t.db, student.id, { date: '2024-10-05', english: 500, math: 500 })
    await createSatScore(t.db, student.id, { date: '2025-03-08', english: 600, math: 650 })
    await createActScore(t.db, student.id, {
      date: '2025-10-25',
      english: 30,
      math: 28,
      reading: 31,
      science: 27,
    })
    const screen = (await byAdmin().get('/api/v1/screens/admin/students')).json()
    expect(screen.activeStudents.find((row: { uuid: string }) => row.uuid === student.id)).toEqual({
      name: 'Screen Student',
      uuid: student.id,
      archivedAt: null,
      team: [{ name: 'Screen Educator', uuid: educator.id, roles: ['educator'] }],
      latestSat: { date: '2025-03-08', english: 600, math: 650, cumulative: 1250 },
      latestAct: { date: '2025-10-25', english: 30, math: 28, reading: 31, science: 27, cumulative: 30 },
    })
    expect((await byAdmin().get('/api/v1/screens/admin/users')).json()).toEqual({})

    const overview = (await byAdmin().get('/api/v1/screens/admin')).json()
    expect(overview.counts.activeStudents).toBe(screen.activeStudents.length)
    expect(overview.counts.archivedStudents).toBe(screen.archivedStudents.length)
    expect(overview.counts.admins).toBeGreaterThanOrEqual(1)
    expect(overview.recentEvents.length).toBeLessThanOrEqual(10)
  })

  describe('mail that would go nowhere', () => {
    it('flags the admin overview when a production server has no SMTP_URL', async () => {
      const here = await t.request({ method: 'GET', url: '/api/v1/screens/admin', cookie: admin.cookie })
      expect(here.json().mailNotSent).toBe(false)
      const production = await createTestApp({ NODE_ENV: 'production', AUTH_RATE_LIMIT_SCALE: '1' })
      try {
        const productionAdmin = await production.userWith({ roles: ['admin'] })
        const screen = await production.request({
          method: 'GET',
          url: '/api/v1/screens/admin',
          cookie: productionAdmin.cookie,
        })
        expect(screen.statusCode).toBe(200)
        expect(screen.json().mailNotSent).toBe(true)
      } finally {
        await production.close()
      }
    })
  })
})

describe('GET /api/v1/screens/admin/students (paged)', () => {
  // Names no other test in this file uses, so a search finds exactly these.
  const tag = 'Pagedstudent'
  const students: Record<string, string> = {}
  beforeAll(async () => {
    const educator = await createUser(t.db, { roles: ['educator'], name: `Coach ${tag}` })
    for (const name of ['Bea', 'amy', 'Cal', 'Amy', 'Dov', 'Eve', 'Fay']) {
      const student = await createUser(t.db, { roles: ['student'], name: `${name} ${tag}` })
      students[name] = student.id
      await addToTeam(t.db, student.id, educator.id)
    }
    await createSatScore(t.db, students.Cal!, { date: '2025-03-08', english: 600, math: 650 })
    for (const name of ['Eve', 'Fay']) {
      const archived = await byAdmin().patch(`/api/v1/students/${students[name]}`, { archived: true })
      expect(archived.statusCode, archived.body).toBe(200)
    }
  })

  const screen = async (query = '') => {
    const response = await byAdmin().get(`/api/v1/screens/admin/students${query}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json()
  }
  const page = async (query: string) => (await screen(`?${query}`)) as AdminStudentPage
  /** Every page of a tab, `limit` at a time, until `nextCursor` is null. */
  const walk = async (query: string) => {
    const seen: AdminStudentRow[] = []
    let cursor: string | null = ''
    let pages = 0
    while (cursor !== null) {
      const next = await page(`${query}${cursor ? `&cursor=${cursor}` : ''}`)
      seen.push(...next.students)
      cursor = next.nextCursor
      pages += 1
      expect(pages).toBeLessThan(1000)
    }
    return { seen, pages }
  }
  /** The order PostgreSQL itself gives: by lower(name), then id. */
  const databaseOrder = async (archived: boolean) =>
    (
      await selectRows<{ id: string }>(
        t.db,
        sql`select u.id from student_profiles sp join users u on u.id = sp.user_id
        where (sp.archived_at is not null) = ${archived} order by lower(u.name), u.id`,
      )
    ).map((row) => row.id)

  it('answers the whole screen as it always was when no page is asked for', async () => {
    for (const query of ['', '?unknown=1']) {
      const whole = (await screen(query)) as AdminStudentsScreen
      expect(Object.keys(whole).sort()).toEqual(['activeStudents', 'archivedStudents'])
      expect(whole.activeStudents.find((row) => row.uuid === students.Cal)).toEqual({
        name: `Cal ${tag}`,
        uuid: students.Cal,
        archivedAt: null,
        team: [{ name: `Coach ${tag}`, uuid: expect.any(String), roles: ['educator'] }],
        latestSat: { date: '2025-03-08', english: 600, math: 650, cumulative: 1250 },
        latestAct: null,
      })
      expect(whole.archivedStudents.map((row) => row.uuid)).toEqual(
        expect.arrayContaining([students.Eve, students.Fay]),
      )
    }
  })

  it('pages through every active student exactly once, by name then uuid, with both tabs counted', async () => {
    const whole = (await screen()) as AdminStudentsScreen
    const { seen, pages } = await walk('tab=active&limit=3')
    const ids = seen.map((row) => row.uuid)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toEqual(await databaseOrder(false))
    expect([...ids].sort()).toEqual(whole.activeStudents.map((row) => row.uuid).sort())
    expect(pages).toBe(Math.max(1, Math.ceil(ids.length / 3)))
    // Each row is the row the whole screen shows.
    const byId = new Map(whole.activeStudents.map((row) => [row.uuid, row]))
    for (const row of seen) expect(row).toEqual(byId.get(row.uuid))
    expect((await page('limit=1')).counts).toEqual({
      active: whole.activeStudents.length,
      archived: whole.archivedStudents.length,
    })
    // Without `tab` a page is of the active tab.
    expect((await page('limit=100')).students.map((row) => row.uuid)).toEqual(ids.slice(0, 100))
  })

  it('orders equal names by uuid, searches name and email, and ends with a null cursor', async () => {
    const { seen, pages } = await walk(`tab=active&q=${tag}&limit=2`)
    expect(pages).toBe(3)
    expect(seen.map((row) => row.name)).toEqual(
      [...seen.map((row) => row.name)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    )
    expect(seen.slice(2).map((row) => row.name)).toEqual([`Bea ${tag}`, `Cal ${tag}`, `Dov ${tag}`])
    const amys = seen.slice(0, 2).map((row) => row.uuid)
    expect(amys).toEqual([students.amy, students.Amy].sort())
    const exact = await page(`q=${tag}&limit=5`)
    expect(exact.students).toHaveLength(5)
    expect(exact.nextCursor).toBeNull()
    const [email] = await selectRows<{ email: string }>(
      t.db,
      sql`select email from users where id = ${students.Dov!}`,
    )
    expect((await page(`q=${encodeURIComponent(email!.email)}`)).students.map((row) => row.uuid)).toEqual([
      students.Dov,
    ])
    expect((await page('q=no%25body_here')).students).toEqual([])
  })

  it('pages the archived tab, with when each was archived', async () => {
    const { seen } = await walk(`tab=archived&q=${tag}&limit=1`)
    expect(seen.map((row) => row.uuid)).toEqual([students.Eve, students.Fay])
    for (const row of seen) expect(Date.parse(row.archivedAt!)).not.toBeNaN()
    const all = await walk('tab=archived&limit=2')
    expect(all.seen.map((row) => row.uuid)).toEqual(await databaseOrder(true))
    const active = await page(`tab=active&q=${tag}&limit=100`)
    expect(active.students.map((row) => row.uuid)).not.toContain(students.Eve)
  })

  it('answers an empty page for a cursor past the end', async () => {
    const last = (await page(`q=${tag}&limit=100`)).students.at(-1)!
    const afterLast = Buffer.from(JSON.stringify([last.name.toLowerCase(), last.uuid])).toString('base64url')
    const empty = await page(`q=${tag}&cursor=${afterLast}`)
    expect(empty.students).toEqual([])
    expect(empty.nextCursor).toBeNull()
  })

  it('refuses a bad limit, tab or cursor with 400 naming the field, never 500', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=ten', 'limit'],
      ['limit=', 'limit'],
      ['limit=1&limit=2', 'limit'],
      ['tab=wizard', 'tab'],
      ['tab=', 'tab'],
      ['tab=active&tab=archived', 'tab'],
      ['cursor=not-a-cursor', 'cursor'],
      [`cursor=${Buffer.from('["a"]').toString('base64url')}`, 'cursor'],
      [`cursor=${Buffer.from('["a","not-a-uuid"]').toString('base64url')}`, 'cursor'],
      [`cursor=${'x'.repeat(600)}`, 'cursor'],
      [`q=${'x'.repeat(201)}`, 'q'],
    ]) {
      const response = await byAdmin().get(`/api/v1/screens/admin/students?${query}`)
      expect(response.statusCode, query).toBe(400)
      expect(response.headers['content-type']).toContain('application/problem+json')
      expect(
        response.json().errors.map((e: { path: string }) => e.path),
        query,
      ).toContain(field)
    }
  })

  it('refuses everyone but admins, paged or not', async () => {
    const educator = await t.userWith({ roles: ['educator'] })
    const student = await t.userWith({ roles: ['student'] })
    for (const query of ['', '?tab=active&limit=5']) {
      const url = `/api/v1/screens/admin/students${query}`
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(401)
      expect((await as(educator.cookie).get(url)).statusCode).toBe(403)
      expect((await as(student.cookie).get(url)).statusCode).toBe(403)
    }
  })
})

describe('invites for admins', () => {
  it('lists every invite with its status and who used it', async () => {
    const user = await createUser(t.db, { roles: ['student'], name: 'Used Byname' })
    const used = await createInvite(t.db, { usedBy: user.id })
    const expired = await createInvite(t.db, { expiresAt: new Date(Date.now() - 1000) })
    const open = await createInvite(t.db, { roles: ['educator', 'admin'] })
    const invites = (await byAdmin().get('/api/v1/user-invites')).json() as {
      uuid: string
      status: string
      usedBy: unknown
    }[]
    const find = (id: string) => invites.find((invite) => invite.uuid === id)
    expect(find(used.id)).toMatchObject({
      status: 'used',
      userUUID: user.id,
      usedBy: { uuid: user.id, name: 'Used Byname' },
    })
    expect(find(expired.id)).toMatchObject({ status: 'expired', usedBy: null })
    expect(find(open.id)).toMatchObject({ status: 'available', educator: true, admin: true, student: false })
    // The original ?available list stays the bare list of available ones.
    const available = (await byAdmin().get('/api/v1/user-invites?available')).json() as { uuid: string }[]
    expect(available.map((invite) => invite.uuid)).toContain(open.id)
    expect(available.map((invite) => invite.uuid)).not.toContain(expired.id)
  })

  it('resends: renews the expiry, revives an expired invite and emails it again', async () => {
    const expired = await createInvite(t.db, {
      email: 'resend.me@example.test',
      expiresAt: new Date(Date.now() - 1000),
    })
    const response = await byAdmin().post(`/api/v1/user-invites/${expired.id}/resend`)
    expect(response.statusCode, response.body).toBe(200)
    const invite = response.json()
    expect(invite.status).toBe('available')
    const days = (Date.parse(invite.expiresAt) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(13.9)
    const mail = await sink.waitFor('resend.me@example.test')
    expect(mail.text).toContain(`${TEST_ORIGIN}/login?invite=${expired.id}`)
    expect((await auditFor(expired.id)).map((event) => event.action)).toEqual(['invite.resent'])
  })

  it('never renews the first-admin setup link', async () => {
    const bootstrap = await createInvite(t.db, { roles: ['admin'], expiresAt: new Date(Date.now() - 1000) })
    await t.db.execute(sql`update user_invites set bootstrap = true where id = ${bootstrap.id}`)
    const response = await byAdmin().post(`/api/v1/user-invites/${bootstrap.id}/resend`)
    expect(response.statusCode).toBe(409)
    expect(response.json().code).toBe('bootstrap-invite')
    const listed = (await byAdmin().get('/api/v1/user-invites')).json() as {
      uuid: string
      bootstrap: boolean
    }[]
    expect(listed.find((invite) => invite.uuid === bootstrap.id)).toMatchObject({
      status: 'expired',
      bootstrap: true,
    })
  })

  it('refuses to resend a used invite, and 404s an unknown one', async () => {
    const user = await createUser(t.db, { roles: ['student'] })
    const used = await createInvite(t.db, { usedBy: user.id })
    const response = await byAdmin().post(`/api/v1/user-invites/${used.id}/resend`)
    expect(response.statusCode).toBe(409)
    expect(response.json().code).toBe('invite-used')
    expect(
      (await byAdmin().post('/api/v1/user-invites/00000000-0000-4000-8000-000000000000/resend')).statusCode,
    ).toBe(404)
  })

  it('records creating and deleting an invite in the audit log', async () => {
    const created = await byAdmin().post('/api/v1/user-invites', {
      educator: true,
      email: 'audit.me@example.test',
    })
    const { uuid } = created.json()
    expect((await byAdmin().delete(`/api/v1/user-invites/${uuid}`)).statusCode).toBe(204)
    expect((await byAdmin().delete(`/api/v1/user-invites/${uuid}`)).statusCode).toBe(404)
    const events = await auditFor(uuid)
    expect(events.map((event) => [event.action, event.before, event.after])).toEqual([
      [
        'invite.deleted',
        expect.objectContaining({ roles: ['educator'], email: 'audit.me@example.test' }),
        null,
      ],
      [
        'invite.created',
        null,
        expect.objectContaining({ roles: ['educator'], email: 'audit.me@example.test' }),
      ],
    ])
  })
})

describe('GET /api/v1/audit-events', () => {
  it('pages newest first without overlap and filters by student', async () => {
    const student = await createUser(t.db, { roles: ['student'] })
    for (const archived of [true, false, true, false, true]) {
      await byAdmin().patch(`/api/v1/students/${student.id}`, { archived })
    }
    const seen: AuditEvent[] = []
    let cursor: string | null = ''
    while (cursor !== null) {
      const query: string = `studentId=${student.id}&limit=2${cursor ? `&cursor=${cursor}` : ''}`
      const page = (await byAdmin().get(`/api/v1/audit-events?${query}`)).json()
      seen.push(...page.events)
      cursor = page.nextCursor
    }
    expect(seen.map((event) => event.action)).toEqual([
      'student.archived',
      'student.restored',
      'student.archived',
      'student.restored',
      'student.archived',
    ])
    expect(new Set(seen.map((event) => event.uuid)).size).toBe(5)
    const times = seen.map((event) => Date.parse(event.createdAt))
    expect(times).toEqual([...times].sort((a, b) => b - a))
  })

  it('refuses a filter that is not a UUID and a bad cursor', async () => {
    for (const [query, field] of [
      ['studentId=nope', 'studentId'],
      ['actorId=nope', 'actorId'],
      ['cursor=%%%', 'cursor'],
      ['limit=500', 'limit'],
      [
        `cursor=${Buffer.from(`["2024-02-30T00:00:00.000000","${admin.id}"]`).toString('base64url')}`,
        'cursor',
      ],
      [`cursor=${Buffer.from(`["1","${admin.id}"]`).toString('base64url')}`, 'cursor'],
    ]) {
      const response = await byAdmin().get(`/api/v1/audit-events?${query}`)
      expect(response.statusCode, query).toBe(400)
      expect(response.json().errors.map((e: { path: string }) => e.path)).toContain(field)
    }
  })
})

describe('settings: PATCH /api/v1/users/me and change-password', () => {
  it('changes the name, and the bio for educators only', async () => {
    const educator = await t.userWith({ roles: ['educator'] })
    const response = await as(educator.cookie).patch('/api/v1/users/me', {
      name: '  New Name ',
      bio: 'Essays.',
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ name: 'New Name', profileEducator: { bio: 'Essays.' } })
    const emptyBio = await as(educator.cookie).patch('/api/v1/users/me', { bio: '' })
    expect(emptyBio.json().errors).toEqual([{ path: 'bio', message: 'This field is required.' }])

    const student = await t.userWith({ roles: ['student'] })
    const bio = await as(student.cookie).patch('/api/v1/users/me', { bio: 'Hi' })
    expect(bio.statusCode).toBe(400)
    expect(bio.json().errors[0].path).toBe('bio')
    for (const body of [{}, { name: '' }, { name: 'x'.repeat(101) }, { email: 'new@example.test' }]) {
      const answer = await as(student.cookie).patch('/api/v1/users/me', body)
      expect(answer.statusCode, JSON.stringify(body)).toBe(400)
    }
  })

  it('changes the password through better-auth only with the current one', async () => {
    const person = await t.userWith({ roles: ['student'] })
    const change = (currentPassword: string) =>
      t.request({
        method: 'POST',
        url: '/api/auth/change-password',
        cookie: person.cookie,
        headers: { origin: TEST_ORIGIN },
        payload: { currentPassword, newPassword: 'a brand new passphrase', revokeOtherSessions: true },
      })
    const wrong = await change('not my password')
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400)
    expect(wrong.statusCode).toBeLessThan(500)
    const right = await change(person.password)
    expect(right.statusCode, right.body).toBe(200)
    await expect(t.login(person.email, person.password)).rejects.toThrow()
    await expect(t.login(person.email, 'a brand new passphrase')).resolves.toMatch(/session_token/)
  })
})
