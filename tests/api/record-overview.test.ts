import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { todayIn } from '../../src/shared/tasks'
import { createCollege, createTask } from '../factories'
import { studentFamily } from '../helpers/family'
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app'

let t: TestApp
let educator: SignedIn
let outsider: SignedIn

beforeAll(async () => {
  t = await createTestApp()
  educator = await t.userWith({ roles: ['educator'] })
  outsider = await t.userWith({ roles: ['educator'] })
})
afterAll(() => t.close())

/** A day this many days from today in New York (every user's default time zone). */
function day(offset: number): string {
  const today = Date.parse(`${todayIn('America/New_York')}T00:00:00Z`)
  return new Date(today + offset * 86_400_000).toISOString().slice(0, 10)
}

const overview = (studentId: string, cookie: string) =>
  t.request({ method: 'GET', url: `/api/v1/students/${studentId}/overview`, cookie })

describe('GET /api/v1/students/{id}/overview', () => {
  it('is empty for a new record', async () => {
    const { student } = await studentFamily(t, [educator])
    const answer = await overview(student.id, student.cookie)
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({
      nextDeadline: null,
      nextTask: null,
      openTasks: 0,
      classYear: null,
      school: null,
      nextTest: null,
    })
  })

  it("carries the profile's class year, school and the next planned test from today on", async () => {
    const { student, guardian } = await studentFamily(t, [educator])
    await t.db.execute(sql`update student_profiles set class_year = 2028, school = 'Lincoln High School',
      test_dates = ${JSON.stringify([
        { test: 'ACT', date: day(40) },
        { test: 'SAT', date: day(-3) },
        { test: 'SAT', date: day(12) },
      ])}::jsonb where user_id = ${student.id}`)
    for (const viewer of [student, guardian, educator]) {
      expect((await overview(student.id, viewer.cookie)).json()).toMatchObject({
        classYear: 2028,
        school: 'Lincoln High School',
        nextTest: { test: 'SAT', date: day(12) },
      })
    }
  })

  it('gives the nearest deadline from today on of a college not yet applied to', async () => {
    const { student, guardian } = await studentFamily(t, [educator])
    await createCollege(t.db, student.id, { name: 'Passed University', deadline: day(-2), round: 'EA' })
    await createCollege(t.db, student.id, { name: 'Undated College', deadline: null })
    const submitted = await createCollege(t.db, student.id, { name: 'Sent Already', deadline: day(3) })
    await t.db.execute(sql`update college_entries set status = 'submitted' where id = ${submitted}`)
    const next = await createCollege(t.db, student.id, {
      name: 'Reed College',
      deadline: day(10),
      round: 'ED',
    })
    await createCollege(t.db, student.id, { name: 'Rice University', deadline: day(30) })
    for (const viewer of [student, guardian, educator]) {
      expect((await overview(student.id, viewer.cookie)).json().nextDeadline).toEqual({
        uuid: next,
        name: 'Reed College',
        round: 'ED',
        deadline: day(10),
      })
    }
    // Today's deadline is still ahead.
    const today = await createCollege(t.db, student.id, { name: 'Today College', deadline: day(0) })
    expect((await overview(student.id, student.cookie)).json().nextDeadline.uuid).toBe(today)
  })

  it("counts from today in the viewer's time zone", async () => {
    const { student } = await studentFamily(t, [educator])
    const zone = 'Pacific/Kiritimati'
    await t.db.execute(sql`update users set time_zone = ${zone} where id = ${student.id}`)
    const today = Date.parse(`${todayIn(zone)}T00:00:00Z`)
    const yesterday = new Date(today - 86_400_000).toISOString().slice(0, 10)
    await createCollege(t.db, student.id, { name: 'Yesterday There', deadline: yesterday })
    const next = await createCollege(t.db, student.id, { name: 'Today There', deadline: todayIn(zone) })
    expect((await overview(student.id, student.cookie)).json().nextDeadline.uuid).toBe(next)
  })

  it('gives the open task due first, overdue first and undated last, and counts the open ones', async () => {
    const { student } = await studentFamily(t, [educator])
    const by = { createdById: educator.id }
    await createTask(t.db, student.id, { ...by, title: 'No date' })
    await createTask(t.db, student.id, { ...by, title: 'Done long ago', dueDate: day(-9), status: 'done' })
    expect((await overview(student.id, student.cookie)).json()).toMatchObject({
      nextTask: { title: 'No date', dueDate: null, assignee: { uuid: student.id } },
      openTasks: 1,
    })
    await createTask(t.db, student.id, {
      ...by,
      title: 'Essay draft',
      dueDate: day(5),
      assigneeId: educator.id,
    })
    await createTask(t.db, student.id, { ...by, title: 'Overdue form', dueDate: day(-1) })
    const answer = (await overview(student.id, educator.cookie)).json()
    expect(answer.nextTask).toMatchObject({ title: 'Overdue form', dueDate: day(-1) })
    expect(answer.openTasks).toBe(3)
  })

  it('answers 404 to whoever may not read the record, as the record read does', async () => {
    const { student } = await studentFamily(t, [educator])
    expect((await overview(student.id, outsider.cookie)).statusCode).toBe(404)
    expect((await overview('not-a-uuid', educator.cookie)).statusCode).toBe(404)
    expect(
      (await t.request({ method: 'GET', url: `/api/v1/students/${student.id}/overview` })).statusCode,
    ).toBe(401)
  })
})
