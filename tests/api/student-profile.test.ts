import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '../../src/server/db/raw'
import { todayAtOffset } from '../../src/shared/dates'
import { addGuardian, addToTeam, createCollege } from '../factories'
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app'

/**
 * The student profile, onboarding a student with it and their parents, and what admins let
 * students change (docs/product.md#student-profile, #what-students-may-change).
 */
let t: TestApp
let admin: SignedIn
let educator: SignedIn
let student: SignedIn
let guardian: SignedIn
let fao: SignedIn

const year = new Date().getUTCFullYear()
const nextMonth = todayAtOffset(24 * 30)
const later = todayAtOffset(24 * 90)

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.userWith({ roles: ['admin'] })
  educator = await t.userWith({ roles: ['educator'] })
  fao = await t.userWith({ roles: ['fao'] })
  student = await t.userWith({ roles: ['student'], name: 'Pia Profile' })
  guardian = await t.userWith({ roles: [] })
  await addToTeam(t.db, student.id, educator.id)
  await addToTeam(t.db, student.id, fao.id)
  await addGuardian(t.db, student.id, guardian.id)
})
afterAll(() => t.close())

const profileUrl = (id = student.id) => `/api/v1/students/${id}/profile`
const patch = (who: SignedIn, payload: object, id = student.id) =>
  t.request({ method: 'PATCH', url: profileUrl(id), cookie: who.cookie, payload })
const version = async (id: string) =>
  (
    await selectRows<{ v: string | null }>(
      t.db,
      sql`select version::text as v from record_versions where key = ${id}`,
    )
  )[0]?.v ?? null

describe('the student profile', () => {
  it('starts empty, is changed by the student, audited, and moves the record’s version', async () => {
    const empty = await t.request({ method: 'GET', url: profileUrl(), cookie: guardian.cookie })
    expect(empty.json()).toEqual({ classYear: null, school: null, testDates: [] })
    const versionBefore = await version(student.id)
    const changed = await patch(student, {
      classYear: year + 1,
      school: '  Lincoln High  ',
      testDates: [
        { test: 'SAT', date: later },
        { test: 'ACT', date: nextMonth },
        { test: 'SAT', date: later },
      ],
    })
    expect(changed.statusCode).toBe(200)
    const profile = {
      classYear: year + 1,
      school: 'Lincoln High',
      testDates: [
        { test: 'ACT', date: nextMonth },
        { test: 'SAT', date: later },
      ],
    }
    expect(changed.json()).toEqual(profile)
    expect(await version(student.id)).not.toBe(versionBefore)
    for (const reader of [educator, fao, guardian, admin]) {
      const read = await t.request({ method: 'GET', url: profileUrl(), cookie: reader.cookie })
      expect(read.json()).toEqual(profile)
    }
    const [event] = await selectRows<{ actor_id: string; after: unknown }>(
      t.db,
      sql`select actor_id, after from audit_events where action = 'profile.changed' and student_id = ${student.id}`,
    )
    expect(event).toEqual({ actor_id: student.id, after: profile })
    // A partial change keeps the rest; an empty school clears it.
    const cleared = await patch(educator, { school: '' })
    expect(cleared.json()).toEqual({ ...profile, school: null })
  })

  it('names the field of bad input, and refuses a new date in the past but keeps an old one', async () => {
    const cases: Array<[object, string]> = [
      [{ classYear: 1990 }, 'classYear'],
      [{ classYear: 2027.5 }, 'classYear'],
      [{ school: 'x'.repeat(201) }, 'school'],
      [{ testDates: [{ test: 'PSAT', date: later }] }, 'testDates.0.test'],
      [{ testDates: [{ test: 'SAT', date: '2026-02-30' }] }, 'testDates.0.date'],
      [{ testDates: Array.from({ length: 11 }, () => ({ test: 'SAT', date: later })) }, 'testDates'],
      [{ testDates: [{ test: 'SAT', date: '2020-03-14' }] }, 'testDates.0.date'],
      [{}, 'body'],
      [{ nickname: 'P' }, ''],
    ]
    for (const [payload, path] of cases) {
      const response = await patch(student, payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      if (path) expect(response.json().errors.map((e: { path: string }) => e.path)).toContain(path)
    }
    // A date already planned stays when it has passed.
    await t.db.execute(
      sql`update student_profiles set test_dates = '[{"test":"SAT","date":"2020-03-14"}]' where user_id = ${student.id}`,
    )
    const kept = await patch(student, {
      testDates: [
        { test: 'SAT', date: '2020-03-14' },
        { test: 'ACT', date: later },
      ],
    })
    expect(kept.statusCode).toBe(200)
  })

  it('is changed by the student, educators on the team and admins only', async () => {
    expect((await patch(guardian, { school: 'X' })).statusCode).toBe(403)
    expect((await patch(fao, { school: 'X' })).statusCode).toBe(403)
    const outsider = await t.userWith({ roles: ['educator'] })
    expect((await patch(outsider, { school: 'X' })).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: profileUrl(), cookie: outsider.cookie })).statusCode).toBe(
      404,
    )
    expect((await patch(admin, { school: 'Admin High' })).statusCode).toBe(200)
  })

  it('puts planned test dates in the calendar feeds of the student and their team', async () => {
    await patch(student, { testDates: [{ test: 'ACT', date: later }] })
    const on = await t.request({
      method: 'POST',
      url: '/api/v1/users/me/calendar',
      cookie: educator.cookie,
      payload: {},
    })
    const feed = await t.request({ method: 'GET', url: new URL(on.json().url).pathname })
    expect(feed.body).toContain('SUMMARY:ACT test day (Pia Profile)')
    expect(feed.body).toContain(`DTSTART;VALUE=DATE:${later.replaceAll('-', '')}`)
  })
})

describe('onboarding a student', () => {
  it('saves the profile and invites the parents, in one go', async () => {
    const newStudent = await t.userWith({ roles: ['student'], onboarded: false })
    const response = await t.request({
      method: 'POST',
      url: `/api/v1/users/${newStudent.id}/onboard`,
      cookie: newStudent.cookie,
      payload: {
        name: 'Noa New',
        studentProfile: {
          classYear: year + 2,
          school: 'Central High',
          testDates: [{ test: 'SAT', date: later }],
        },
        guardians: [
          { name: 'Dana New', email: 'Dana.New@example.test', relationship: 'Mother' },
          { email: 'dana.new@example.test', relationship: 'Parent' },
        ],
      },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ name: 'Noa New', onboardingRequired: false })
    const profile = await t.request({
      method: 'GET',
      url: profileUrl(newStudent.id),
      cookie: newStudent.cookie,
    })
    expect(profile.json()).toEqual({
      classYear: year + 2,
      school: 'Central High',
      testDates: [{ test: 'SAT', date: later }],
    })
    const invites = await selectRows<{ email: string; relationship: string; created_by_id: string }>(
      t.db,
      sql`select email, guardian_relationship as relationship, created_by_id from user_invites
      where guardian_student_id = ${newStudent.id}`,
    )
    expect(invites).toEqual([
      { email: 'dana.new@example.test', relationship: 'Mother', created_by_id: newStudent.id },
    ])
    // The student sees the invite waiting on their record's Family card.
    const waiting = await t.request({
      method: 'GET',
      url: `/api/v1/students/${newStudent.id}/guardian-invites`,
      cookie: newStudent.cookie,
    })
    expect(waiting.statusCode).toBe(200)
    expect(waiting.json()).toEqual([
      expect.objectContaining({ email: 'dana.new@example.test', relationship: 'Mother' }),
    ])
    expect(waiting.json()[0].link).toBeUndefined()

    // Onboarding again is no way round the record's rules: no more invites, no profile change.
    const again = await t.request({
      method: 'POST',
      url: `/api/v1/users/${newStudent.id}/onboard`,
      cookie: newStudent.cookie,
      payload: {
        name: 'Noa New',
        studentProfile: { school: 'Elsewhere High' },
        guardians: [{ email: 'someone.else@example.test', relationship: 'Aunt' }],
      },
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().code).toBe('already-onboarded')
    const after = await t.request({
      method: 'GET',
      url: profileUrl(newStudent.id),
      cookie: newStudent.cookie,
    })
    expect(after.json().school).toBe('Central High')
    const count = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from user_invites where guardian_student_id = ${newStudent.id}`,
    )
    expect(count[0]!.n).toBe(1)
  })

  it('names the field of bad input and writes nothing', async () => {
    const newStudent = await t.userWith({ roles: ['student'], onboarded: false })
    const onboard = (payload: object) =>
      t.request({
        method: 'POST',
        url: `/api/v1/users/${newStudent.id}/onboard`,
        cookie: newStudent.cookie,
        payload,
      })
    const cases: Array<[object, string]> = [
      [{ name: 'N', studentProfile: { classYear: 3000 } }, 'studentProfile.classYear'],
      [{ name: 'N', guardians: [{ email: 'not-an-email', relationship: 'Mother' }] }, 'guardians.0.email'],
      [{ name: 'N', guardians: [{ email: newStudent.email, relationship: 'Mother' }] }, 'guardians.0.email'],
      [
        { name: 'N', studentProfile: { testDates: [{ test: 'SAT', date: '2020-01-01' }] } },
        'studentProfile.testDates.0.date',
      ],
    ]
    for (const [payload, path] of cases) {
      const response = await onboard(payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(response.json().errors.map((e: { path: string }) => e.path)).toContain(path)
    }
    const [row] = await selectRows<{ onboarding_required: boolean }>(
      t.db,
      sql`select onboarding_required from users where id = ${newStudent.id}`,
    )
    expect(row!.onboarding_required).toBe(true)
  })

  it('refuses a student profile from staff', async () => {
    const newEducator = await t.userWith({ roles: ['educator'], onboarded: false })
    const response = await t.request({
      method: 'POST',
      url: `/api/v1/users/${newEducator.id}/onboard`,
      cookie: newEducator.cookie,
      payload: { name: 'E', bio: 'Math.', studentProfile: { school: 'X' } },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual([
      { path: 'studentProfile', message: 'Only students have a student profile.' },
    ])
  })
})

/** The sessions' settings as a company that never changed them has them. */
const TUTORING_DEFAULTS = { cancellationNoticeHours: 24, sessionReminderHours: 24, lowBalanceHours: 2 }

describe('what students may change (admin settings)', () => {
  const setSettings = (payload: object) =>
    t.request({ method: 'PUT', url: '/api/v1/admin/settings', cookie: admin.cookie, payload })
  const setTargets = (who: SignedIn, payload: object) =>
    t.request({ method: 'PUT', url: `/api/v1/students/${student.id}/targets`, cookie: who.cookie, payload })

  it('defaults to allowed, and admins change each on its own, audited', async () => {
    const rules = await t.request({ method: 'GET', url: '/api/v1/student-rules', cookie: student.cookie })
    expect(rules.json()).toEqual({ studentsSetTargets: true, studentsEditOthersColleges: true })
    const settings = await t.request({ method: 'GET', url: '/api/v1/admin/settings', cookie: admin.cookie })
    expect(settings.json()).toEqual({
      requireStaffTwoFactor: false,
      studentsSetTargets: true,
      studentsEditOthersColleges: true,
      ...TUTORING_DEFAULTS,
    })
    const bad = await setSettings({ studentsSetTargets: 'no' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors[0].path).toBe('studentsSetTargets')
    const off = await setSettings({ studentsSetTargets: false })
    expect(off.json()).toEqual({
      requireStaffTwoFactor: false,
      studentsSetTargets: false,
      studentsEditOthersColleges: true,
      ...TUTORING_DEFAULTS,
    })
    const [event] = await selectRows<{ before: unknown; after: unknown }>(
      t.db,
      sql`select before, after from audit_events where action = 'settings.changed' order by created_at desc limit 1`,
    )
    expect(event).toEqual({ before: { studentsSetTargets: true }, after: { studentsSetTargets: false } })
  })

  it('keeps targets to staff when students may not set them; a target carries its date', async () => {
    await setSettings({ studentsSetTargets: false })
    const refused = await setTargets(student, { sat: 1450 })
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ code: 'targets-set-by-staff' })
    const byCoach = await setTargets(educator, { sat: 1450, satDate: later })
    expect(byCoach.json()).toEqual({ sat: 1450, act: null, satDate: later })
    const record = await t.request({
      method: 'GET',
      url: `/api/v1/students/${student.id}`,
      cookie: student.cookie,
    })
    expect(record.json().targets).toEqual({ sat: 1450, act: null, satDate: later })
    const badDate = await setTargets(educator, { satDate: 'March 14' })
    expect(badDate.statusCode).toBe(400)
    expect(badDate.json().errors[0].path).toBe('satDate')
    // A year the database cannot store is refused as the other plan dates are, not a 500.
    const yearZero = await setTargets(educator, { sat: 1400, satDate: '0000-01-01' })
    expect(yearZero.statusCode).toBe(400)
    expect(yearZero.json().errors[0].path).toBe('satDate')
    await setSettings({ studentsSetTargets: true })
    const cleared = await setTargets(student, { sat: null })
    expect(cleared.json()).toEqual({ sat: null, act: null })
  })

  it('keeps a student to the colleges they added when admins say so', async () => {
    const counselors = await createCollege(t.db, student.id, { name: 'Counselor College' })
    const add = await t.request({
      method: 'POST',
      url: `/api/v1/students/${student.id}/colleges`,
      cookie: student.cookie,
      payload: { name: 'My Pick', round: 'RD' },
    })
    expect(add.json().createdByUUID).toBe(student.id)
    const mine = add.json().uuid as string
    await setSettings({ studentsEditOthersColleges: false })
    const entry = (id: string) => `/api/v1/students/${student.id}/colleges/${id}`
    const edit = await t.request({
      method: 'PATCH',
      url: entry(counselors),
      cookie: student.cookie,
      payload: { status: 'applying' },
    })
    expect(edit.statusCode).toBe(403)
    expect(edit.json()).toMatchObject({ code: 'college-added-by-others' })
    const remove = await t.request({ method: 'DELETE', url: entry(counselors), cookie: student.cookie })
    expect(remove.statusCode).toBe(403)
    const own = await t.request({
      method: 'PATCH',
      url: entry(mine),
      cookie: student.cookie,
      payload: { status: 'applying' },
    })
    expect(own.statusCode).toBe(200)
    const staff = await t.request({
      method: 'PATCH',
      url: entry(counselors),
      cookie: educator.cookie,
      payload: { status: 'applying' },
    })
    expect(staff.statusCode).toBe(200)
    await setSettings({ studentsEditOthersColleges: true })
    const allowed = await t.request({ method: 'DELETE', url: entry(counselors), cookie: student.cookie })
    expect(allowed.statusCode).toBe(204)
  })
})

describe('the calendar link, shown again', () => {
  it('shows the current link to its owner, and a new link replaces it', async () => {
    const me = await t.userWith({ roles: ['student'] })
    const link = () => t.request({ method: 'GET', url: '/api/v1/users/me/calendar/link', cookie: me.cookie })
    expect((await link()).statusCode).toBe(404)
    const made = await t.request({
      method: 'POST',
      url: '/api/v1/users/me/calendar',
      cookie: me.cookie,
      payload: {},
    })
    const status = await t.request({ method: 'GET', url: '/api/v1/users/me/calendar', cookie: me.cookie })
    expect(status.json()).toMatchObject({ enabled: true, linkKept: true })
    expect(status.json().url).toBeUndefined()
    expect((await link()).json()).toEqual({ url: made.json().url })
    const renewed = await t.request({
      method: 'POST',
      url: '/api/v1/users/me/calendar',
      cookie: me.cookie,
      payload: {},
    })
    expect((await link()).json()).toEqual({ url: renewed.json().url })
    expect((await t.request({ method: 'GET', url: new URL(made.json().url).pathname })).statusCode).toBe(404)
    // The stored token is sealed, not in the clear.
    const token = new URL(renewed.json().url).pathname.split('/').pop()!.replace('.ics', '')
    const [row] = await selectRows<{ token_sealed: string }>(
      t.db,
      sql`select token_sealed from calendar_feeds where user_id = ${me.id}`,
    )
    expect(row!.token_sealed).not.toContain(token)
  })

  it('keeps a link made before links were kept working, and says to make a new one to see it', async () => {
    const me = await t.userWith({ roles: ['educator'] })
    const made = await t.request({
      method: 'POST',
      url: '/api/v1/users/me/calendar',
      cookie: me.cookie,
      payload: {},
    })
    await t.db.execute(sql`update calendar_feeds set token_sealed = null where user_id = ${me.id}`)
    const link = await t.request({ method: 'GET', url: '/api/v1/users/me/calendar/link', cookie: me.cookie })
    expect(link.statusCode).toBe(404)
    expect(link.json()).toMatchObject({ code: 'link-not-kept' })
    const status = await t.request({ method: 'GET', url: '/api/v1/users/me/calendar', cookie: me.cookie })
    expect(status.json()).toMatchObject({ enabled: true, linkKept: false })
    expect((await t.request({ method: 'GET', url: new URL(made.json().url).pathname })).statusCode).toBe(200)
  })
})
