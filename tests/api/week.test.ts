import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertSession } from '../../src/server/db/seed/sessions'
import { todayIn } from '../../src/shared/tasks'
import type { WeekScreen } from '../../src/shared/week'
import {
  addGuardian,
  addToTeam,
  createCollege,
  createNote,
  createSatScore,
  createTask,
  createUser,
} from '../factories'
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app'

/**
 * `GET /v1/screens/week` (docs/product.md#dashboards): each role's block, from the records that
 * role may read. `sam` is coached by `coach` and `aid` (an FAO), followed by `parent`; `olive` is
 * another team's student with another family, whose items must never show on their screens.
 */
let t: TestApp
let admin: SignedIn
let coach: SignedIn
let aid: SignedIn
let parent: SignedIn
let sam: SignedIn
let olive: SignedIn
let otherCoach: SignedIn
let otherParent: SignedIn
const ids: Record<string, string> = {}

// Users are made in America/New_York; dates are counted from today there.
const today = todayIn('America/New_York')
const day = (offset: number) => {
  const date = new Date(`${today}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + offset)
  return date.toISOString().slice(0, 10)
}

const setCollege = (id: string, set: { status?: string; cost?: number; aid?: number }) =>
  t.db.execute(sql`update college_entries set status = coalesce(${set.status ?? null}, status),
    cost_of_attendance = ${set.cost ?? null}, aid_offered = ${set.aid ?? null} where id = ${id}`)

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.userWith({ roles: ['admin'] })
  coach = await t.userWith({ roles: ['educator'], name: 'Cora Coach' })
  aid = await t.userWith({ roles: ['fao'] })
  parent = await t.userWith({ roles: ['guardian'] })
  sam = await t.userWith({ roles: ['student'], name: 'Sam Student' })
  olive = await t.userWith({ roles: ['student'], name: 'Olive Other' })
  otherCoach = await t.userWith({ roles: ['educator'] })
  otherParent = await t.userWith({ roles: ['guardian'] })
  await addToTeam(t.db, sam.id, coach.id)
  await addToTeam(t.db, sam.id, aid.id)
  await addGuardian(t.db, sam.id, parent.id, 'Mother')
  await addToTeam(t.db, olive.id, otherCoach.id)
  await addGuardian(t.db, olive.id, otherParent.id)
  await t.db.execute(sql`update student_profiles set target_sat = 1400 where user_id = ${sam.id}`)

  await createSatScore(t.db, sam.id, { date: '2025-03-08', english: 600, math: 650 })
  await createSatScore(t.db, sam.id, { date: '2025-10-04', english: 780, math: 780, source: 'practice' })

  ids.overdue = await createTask(t.db, sam.id, {
    createdById: coach.id,
    title: 'Essay draft',
    dueDate: day(-3),
  })
  ids.later = await createTask(t.db, sam.id, {
    createdById: coach.id,
    title: 'Practice test',
    dueDate: day(5),
  })
  ids.undated = await createTask(t.db, sam.id, { createdById: coach.id, title: 'Read a book' })
  await createTask(t.db, sam.id, {
    createdById: coach.id,
    title: 'Done one',
    dueDate: day(-9),
    status: 'done',
  })
  ids.coachTask = await createTask(t.db, sam.id, {
    createdById: coach.id,
    assigneeId: coach.id,
    title: 'Call the family',
    dueDate: day(-1),
  })

  ids.soon = await createCollege(t.db, sam.id, { name: 'Soon College', deadline: day(3), round: 'EA' })
  ids.later14 = await createCollege(t.db, sam.id, { name: 'Twelve College', deadline: day(12) })
  ids.far = await createCollege(t.db, sam.id, { name: 'Far College', deadline: day(40) })
  ids.submitted = await createCollege(t.db, sam.id, { name: 'Submitted College', deadline: day(2) })
  await setCollege(ids.submitted, { status: 'submitted', cost: 80_000, aid: 20_000 })
  ids.passed = await createCollege(t.db, sam.id, { name: 'Passed College', deadline: day(-2) })
  ids.admitted = await createCollege(t.db, sam.id, { name: 'Admitted College' })
  await setCollege(ids.admitted, { status: 'admitted', cost: 70_000 })
  ids.denied = await createCollege(t.db, sam.id, { name: 'Denied College' })
  await setCollege(ids.denied, { status: 'denied' })

  ids.shared = await createNote(t.db, sam.id, { authorId: coach.id, visibility: 'shared', date: day(-2) })
  ids.internal = await createNote(t.db, sam.id, { authorId: coach.id, visibility: 'internal', date: day(-1) })
  await createNote(t.db, sam.id, {
    authorId: coach.id,
    visibility: 'shared',
    date: day(-20),
    createdAt: new Date(Date.now() - 20 * 86_400_000),
  })

  // Another team's student and family: none of it may reach sam's team or family.
  await createTask(t.db, olive.id, { createdById: otherCoach.id, title: 'Olive task', dueDate: day(-4) })
  await createCollege(t.db, olive.id, { name: 'Olive College', deadline: day(4) })
  await createNote(t.db, olive.id, { authorId: otherCoach.id, visibility: 'shared' })
  await createSatScore(t.db, olive.id, { date: '2025-05-03', english: 500, math: 500 })
})
afterAll(async () => {
  await t.close()
})

const week = async (who: SignedIn): Promise<WeekScreen> => {
  const response = await t.request({ method: 'GET', url: '/api/v1/screens/week', cookie: who.cookie })
  expect(response.statusCode).toBe(200)
  return response.json()
}
const uuids = (rows: { uuid: string }[]) => rows.map((row) => row.uuid)
const names = (rows: { studentName: string }[]) => new Set(rows.map((row) => row.studentName))

describe('GET /v1/screens/week', () => {
  it('gives a student their open tasks, overdue first, and their next deadlines, nothing else', async () => {
    const screen = await week(sam)
    expect(screen.today).toBe(today)
    expect(Object.keys(screen).sort()).toEqual(['student', 'today'])
    expect(screen.student).toMatchObject({ uuid: sam.id, archived: false })
    expect(uuids(screen.student!.tasks)).toEqual([ids.overdue, ids.later, ids.undated])
    expect(uuids(screen.student!.deadlines)).toEqual([ids.soon, ids.later14, ids.far])
  })

  it('gives an educator their students with the latest official score, 14 days of deadlines, notes and overdue tasks', async () => {
    const { educator, ...rest } = await week(coach)
    expect(Object.keys(rest)).toEqual(['today'])
    expect(educator!.students).toEqual([
      {
        name: 'Sam Student',
        uuid: sam.id,
        latestSat: { date: '2025-03-08', english: 600, math: 650, cumulative: 1250 },
        latestAct: null,
        targetSat: 1400,
        targetAct: null,
      },
    ])
    expect(uuids(educator!.deadlines)).toEqual([ids.soon, ids.later14])
    expect(uuids(educator!.notes).sort()).toEqual([ids.shared, ids.internal].sort())
    expect(uuids(educator!.overdueTasks)).toEqual([ids.overdue, ids.coachTask])
  })

  it("never shows an educator another team's student", async () => {
    const { educator } = await week(otherCoach)
    expect(educator!.students.map((row) => row.uuid)).toEqual([olive.id])
    for (const rows of [educator!.deadlines, educator!.notes, educator!.overdueTasks]) {
      expect(names(rows)).toEqual(new Set(['Olive Other']))
    }
  })

  it('leaves archived students out of the staff blocks', async () => {
    const archived = await createUser(t.db, { roles: ['student'] })
    await addToTeam(t.db, archived.id, coach.id)
    await createTask(t.db, archived.id, { createdById: coach.id, dueDate: day(-5) })
    await createCollege(t.db, archived.id, { deadline: day(1) })
    await t.db.execute(sql`update student_profiles set archived_at = now() where user_id = ${archived.id}`)
    const { educator } = await week(coach)
    expect(educator!.students.map((row) => row.uuid)).toEqual([sam.id])
    expect(names([...educator!.deadlines, ...educator!.overdueTasks])).toEqual(new Set(['Sam Student']))
  })

  it('gives an FAO the entries that lack aid figures and the deadlines, with no test scores', async () => {
    const screen = await week(aid)
    expect(Object.keys(screen).sort()).toEqual(['fao', 'today'])
    expect(JSON.stringify(screen)).not.toContain('cumulative')
    const { missingAid, missingAidCount, deadlines } = screen.fao!
    // Admitted first; the one with both figures and the denied one are left out.
    expect(uuids(missingAid)).toEqual([ids.admitted, ids.passed, ids.soon, ids.later14, ids.far])
    expect(missingAidCount).toBe(5)
    expect(uuids(deadlines)).toEqual([ids.soon, ids.later14])
  })

  it("gives an admin the counts that matter and this week's deadlines", async () => {
    const screen = await week(admin)
    const overview = (
      await t.request({ method: 'GET', url: '/api/v1/screens/admin', cookie: admin.cookie })
    ).json()
    expect(screen.admin!.counts).toEqual({
      activeStudents: overview.counts.activeStudents,
      openInquiries: overview.counts.openInquiries,
      openInvites: overview.counts.openInvites,
      // Sam's EA deadline in 3 days and Olive's in 4; the archived student's is not counted.
      deadlinesThisWeek: 2,
    })
    expect(screen.admin!.deadlines.map((row) => row.college)).toEqual(['Soon College', 'Olive College'])
  })

  it('gives a guardian each child with the latest official score, next deadline, next task and newest shared note', async () => {
    const screen = await week(parent)
    expect(Object.keys(screen).sort()).toEqual(['guardian', 'today'])
    expect(screen.guardian!.children).toHaveLength(1)
    const [child] = screen.guardian!.children
    expect(child).toMatchObject({
      student: { name: 'Sam Student', uuid: sam.id },
      relationship: 'Mother',
      latestSat: { cumulative: 1250 },
      latestAct: null,
      nextDeadline: { uuid: ids.soon },
      nextTask: { uuid: ids.overdue },
      newestSharedNote: { uuid: ids.shared, visibility: 'shared' },
    })
    expect(JSON.stringify(screen)).not.toContain(ids.internal)
  })

  it("never shows a guardian another family's child", async () => {
    const screen = await week(otherParent)
    expect(screen.guardian!.children.map((child) => child.student.uuid)).toEqual([olive.id])
    expect(JSON.stringify(screen)).not.toContain(sam.id)
  })

  it('shows every block a person with several roles holds', async () => {
    const both = await t.userWith({ roles: ['educator', 'admin'] })
    const screen = await week(both)
    expect(Object.keys(screen).sort()).toEqual(['admin', 'educator', 'today'])
    expect(screen.educator!.students).toEqual([])
  })

  it("leaves an archived student's lists empty", async () => {
    const gone = await t.userWith({ roles: ['student'] })
    await createTask(t.db, gone.id, { createdById: gone.id, dueDate: day(1) })
    await t.db.execute(sql`update student_profiles set archived_at = now() where user_id = ${gone.id}`)
    expect((await week(gone)).student).toEqual({
      uuid: gone.id,
      archived: true,
      tasks: [],
      deadlines: [],
      nextSessions: [],
    })
  })

  it('lists the next sessions to each role, the educator’s sessions awaiting attendance and a child’s hours', async () => {
    const hour = 3_600_000
    const at = (hours: number) => new Date(Date.now() + hours * hour)
    const seed = (studentId: string, educatorId: string, hours: number, status?: 'cancelled' | 'attended') =>
      insertSession(t.db, studentId, { educatorId, createdById: educatorId, startsAt: at(hours), status })
    const next = await seed(sam.id, coach.id, 24)
    const underWay = await seed(sam.id, coach.id, -0.5)
    const ended = await seed(sam.id, coach.id, -3)
    await seed(sam.id, coach.id, 30, 'cancelled')
    await seed(sam.id, coach.id, -50, 'attended')
    const olives = await seed(olive.id, otherCoach.id, 26)
    await t.db.execute(sql`insert into hour_packages (id, student_id, name, minutes, purchased_on, created_by_id)
      values ('00000000-0000-4000-8000-00000000aa01', ${sam.id}, 'Ten hours', 600, ${day(-10)}, ${admin.id})`)
    await t.db.execute(sql`insert into hour_ledger (student_id, kind, minutes, package_id, reason, created_by_id)
      values (${sam.id}, 'purchase', 600, '00000000-0000-4000-8000-00000000aa01', null, ${admin.id}),
      (${sam.id}, 'adjustment', -90, null, 'Trial lesson', ${admin.id})`)

    const uuids = (list: Array<{ uuid: string }> | undefined) => list?.map((item) => item.uuid)
    const coachWeek = await week(coach)
    expect(uuids(coachWeek.educator!.nextSessions)).toEqual([underWay, next])
    expect(uuids(coachWeek.educator!.awaitingAttendance)).toEqual([ended])
    expect(coachWeek.educator!.nextSessions[1]).toMatchObject({
      studentUUID: sam.id,
      studentName: 'Sam Student',
      educator: { uuid: coach.id, name: 'Cora Coach' },
      service: 'tutoring',
      durationMinutes: 60,
      timeZone: 'America/New_York',
      location: { kind: 'online', meetingUrl: 'https://meet.example.com/crestline' },
    })
    expect(uuids((await week(sam)).student!.nextSessions)).toEqual([underWay, next])
    const child = (await week(parent)).guardian!.children[0]!
    expect(uuids(child.nextSessions)).toEqual([underWay, next])
    expect(child.hoursLeft).toBe(8.5)
    expect((await week(otherParent)).guardian!.children[0]!.hoursLeft).toBeNull()
    expect(uuids((await week(admin)).admin!.nextSessions)).toEqual([underWay, next, olives])
    expect(uuids((await week(otherCoach)).educator!.nextSessions)).toEqual([olives])
    // The FAO on the team has no part in sessions.
    expect(JSON.stringify(await week(aid))).not.toContain(next)
  })
})
