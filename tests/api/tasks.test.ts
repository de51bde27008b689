import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '../../src/server/db/raw'
import { RECORD_CAPS } from '../../src/shared/record-caps'
import { addToTeam, createTask } from '../factories'
import { studentFamily } from '../helpers/family'
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app'

let t: TestApp
let admin: SignedIn
let educator: SignedIn
let fao: SignedIn
let otherEducator: SignedIn

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.userWith({ roles: ['admin'], name: 'Ada Admin' })
  educator = await t.userWith({ roles: ['educator'], name: 'Eve Educator' })
  fao = await t.userWith({ roles: ['fao'], name: 'Fay Aid' })
  otherEducator = await t.userWith({ roles: ['educator'], name: 'Oz Other' })
})
afterAll(() => t.close())

async function family(name = 'Sam Student') {
  const { student, guardian } = await studentFamily(t, [educator, fao], { name })
  return { student, guardian, base: `/api/v1/students/${student.id}/tasks` }
}

const get = (url: string, cookie: string) => t.request({ method: 'GET', url, cookie })
const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
  t.request({ method, url, cookie, ...(payload === undefined ? {} : { payload: payload as object }) })
const titles = (response: { json(): { tasks: Array<{ title: string }> } }) =>
  response.json().tasks.map((x) => x.title)

describe('creating tasks', () => {
  it('an educator adds a task for the student or a staff member on the team; the shape is the contract', async () => {
    const { student, base } = await family()
    const created = await send('POST', base, educator.cookie, {
      title: 'Draft the Common App essay',
      details: 'Aim for **650 words**.',
      dueDate: '2026-12-01',
    })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({
      studentUUID: student.id,
      title: 'Draft the Common App essay',
      details: 'Aim for **650 words**.',
      dueDate: '2026-12-01',
      assignee: { uuid: student.id, name: 'Sam Student' },
      status: 'open',
      completedAt: null,
      createdBy: { uuid: educator.id, name: 'Eve Educator' },
    })
    const forFao = await send('POST', base, educator.cookie, {
      title: 'Review aid letters',
      assigneeUUID: fao.id,
    })
    expect(forFao.json().assignee.uuid).toBe(fao.id)
    const outsider = await send('POST', base, admin.cookie, { title: 'x', assigneeUUID: otherEducator.id })
    expect(outsider.statusCode).toBe(400)
    expect(outsider.json().errors[0].path).toBe('assigneeUUID')
  })

  it('the student adds tasks for themself only; FAO and guardian 403; others 404', async () => {
    const { student, guardian, base } = await family()
    expect((await send('POST', base, student.cookie, { title: 'Practice test 4' })).statusCode).toBe(201)
    const forOthers = await send('POST', base, student.cookie, { title: 'x', assigneeUUID: educator.id })
    expect(forOthers.statusCode).toBe(403)
    expect((await send('POST', base, fao.cookie, { title: 'x' })).statusCode).toBe(403)
    expect((await send('POST', base, guardian.cookie, { title: 'x' })).statusCode).toBe(403)
    expect((await send('POST', base, otherEducator.cookie, { title: 'x' })).statusCode).toBe(404)
    expect((await get(base, otherEducator.cookie)).statusCode).toBe(404)
    for (const reader of [fao, guardian, student, admin])
      expect((await get(base, reader.cookie)).statusCode).toBe(200)
  })

  it('refuses bad input naming the field and writes nothing', async () => {
    const { student, base } = await family()
    const cases: Array<[unknown, string]> = [
      [{}, 'title'],
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ title: 'x', details: 'x'.repeat(5001) }, 'details'],
      [{ title: 'x', dueDate: '2026-02-30' }, 'dueDate'],
      [{ title: 'x', dueDate: '1999-12-31' }, 'dueDate'],
      [{ title: 'x', assigneeUUID: 'nobody' }, 'assigneeUUID'],
      [{ title: 'x', status: 'later' }, 'status'],
      [{ title: 'x', priority: 'high' }, 'body'],
    ]
    for (const [payload, path] of cases) {
      const response = await send('POST', base, educator.cookie, payload)
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400)
      expect(response.json().errors[0].path).toBe(path)
    }
    const [row] = await selectRows<{ count: number }>(
      t.db,
      sql`select count(*)::int as count from tasks where student_id = ${student.id}`,
    )
    expect(row?.count).toBe(0)
  })
})

describe('changing tasks', () => {
  it('the assignee ticks their task done and open again; completedAt follows; the order moves it', async () => {
    const { student, base } = await family()
    const late = await createTask(t.db, student.id, {
      createdById: educator.id,
      title: 'Later',
      dueDate: '2026-12-20',
    })
    await createTask(t.db, student.id, { createdById: educator.id, title: 'Soon', dueDate: '2026-12-02' })
    await createTask(t.db, student.id, { createdById: educator.id, title: 'Someday' })
    expect(titles(await get(base, student.cookie))).toEqual(['Soon', 'Later', 'Someday'])

    const done = await send('PATCH', `${base}/${late}`, student.cookie, { status: 'done' })
    expect(done.statusCode).toBe(200)
    expect(done.json().status).toBe('done')
    expect(new Date(done.json().completedAt).getTime()).toBeGreaterThan(Date.now() - 60_000)
    expect(titles(await get(base, student.cookie))).toEqual(['Soon', 'Someday', 'Later'])

    // A student may not change the title of a task staff added, even one assigned to them.
    expect((await send('PATCH', `${base}/${late}`, student.cookie, { title: 'Renamed' })).statusCode).toBe(
      403,
    )
    const reopened = await send('PATCH', `${base}/${late}`, student.cookie, { status: 'open' })
    expect(reopened.json()).toMatchObject({ status: 'open', completedAt: null })
  })

  it('done tasks list after open ones, most recently completed first', async () => {
    const { student, base } = await family()
    const first = await createTask(t.db, student.id, { createdById: educator.id, title: 'First done' })
    const second = await createTask(t.db, student.id, { createdById: educator.id, title: 'Second done' })
    await createTask(t.db, student.id, { createdById: educator.id, title: 'Open' })
    await send('PATCH', `${base}/${first}`, educator.cookie, { status: 'done' })
    await new Promise((resolve) => setTimeout(resolve, 5))
    await send('PATCH', `${base}/${second}`, educator.cookie, { status: 'done' })
    expect(titles(await get(base, admin.cookie))).toEqual(['Open', 'Second done', 'First done'])
  })

  it('the student edits and deletes only the tasks they added; staff and admins any; FAO assignee may tick theirs', async () => {
    const { student, guardian, base } = await family()
    const own = (await send('POST', base, student.cookie, { title: 'Mine' })).json()
    const staffs = await createTask(t.db, student.id, {
      createdById: educator.id,
      title: 'Staff',
      assigneeId: fao.id,
    })
    expect(
      (await send('PATCH', `${base}/${own.uuid}`, student.cookie, { title: 'Mine, renamed' })).statusCode,
    ).toBe(200)
    expect((await send('DELETE', `${base}/${staffs}`, student.cookie)).statusCode).toBe(403)
    expect((await send('PATCH', `${base}/${staffs}`, fao.cookie, { status: 'done' })).statusCode).toBe(200)
    expect((await send('PATCH', `${base}/${staffs}`, fao.cookie, { title: 'no' })).statusCode).toBe(403)
    expect((await send('PATCH', `${base}/${own.uuid}`, guardian.cookie, { status: 'done' })).statusCode).toBe(
      403,
    )
    expect(
      (await send('PATCH', `${base}/${own.uuid}`, otherEducator.cookie, { status: 'done' })).statusCode,
    ).toBe(404)
    expect(
      (await send('PATCH', `${base}/${staffs}`, educator.cookie, { assigneeUUID: student.id })).statusCode,
    ).toBe(200)
    expect((await send('DELETE', `${base}/${own.uuid}`, admin.cookie)).statusCode).toBe(204)
    expect((await send('DELETE', `${base}/${staffs}`, student.cookie)).statusCode).toBe(403)
    expect((await send('DELETE', `${base}/${staffs}`, educator.cookie)).statusCode).toBe(204)
    expect((await send('DELETE', `${base}/${staffs}`, educator.cookie)).statusCode).toBe(404)
    const actions = await selectRows<{ action: string }>(
      t.db,
      sql`select action from audit_events where student_id = ${student.id} and subject_type = 'task' order by created_at`,
    )
    expect(actions.map((a) => a.action)).toEqual([
      'task.created',
      'task.updated',
      'task.updated',
      'task.updated',
      'task.deleted',
      'task.deleted',
    ])
  })

  it('a new due date clears the reminder claim, so the new date gets its own reminder', async () => {
    const { student, base } = await family()
    const id = await createTask(t.db, student.id, { createdById: educator.id, dueDate: '2026-12-01' })
    await t.db.execute(sql`update tasks set reminded_due_date = due_date where id = ${id}`)
    await send('PATCH', `${base}/${id}`, educator.cookie, { dueDate: '2026-12-03' })
    const [row] = await selectRows<{ reminded_due_date: string | null }>(
      t.db,
      sql`select reminded_due_date from tasks where id = ${id}`,
    )
    expect(row?.reminded_due_date).toBeNull()
  })

  it('answers 404 for unknown or malformed task ids and another student’s task; 400 for an empty patch', async () => {
    const { base } = await family()
    const other = await family('Other')
    const theirs = await createTask(t.db, other.student.id, { createdById: educator.id })
    expect((await send('PATCH', `${base}/nope`, educator.cookie, { status: 'done' })).statusCode).toBe(404)
    expect((await send('PATCH', `${base}/${theirs}`, educator.cookie, { status: 'done' })).statusCode).toBe(
      404,
    )
    expect((await send('PATCH', `${base}/${theirs}`, educator.cookie, {})).statusCode).toBe(400)
  })
})

describe('GET /api/v1/tasks/mine', () => {
  it('lists my open tasks, and for staff and guardians those of their students, soonest due first', async () => {
    const { student, guardian } = await family('Mia Mine')
    await createTask(t.db, student.id, {
      createdById: educator.id,
      title: 'B due later',
      dueDate: '2026-12-10',
    })
    await createTask(t.db, student.id, {
      createdById: educator.id,
      title: 'A overdue',
      dueDate: '2026-01-01',
    })
    await createTask(t.db, student.id, { createdById: educator.id, title: 'C no date' })
    await createTask(t.db, student.id, { createdById: educator.id, title: 'Done', status: 'done' })
    await createTask(t.db, student.id, { createdById: educator.id, title: 'For Fay', assigneeId: fao.id })

    const mine = (await get('/api/v1/tasks/mine', student.cookie)).json().tasks
    expect(mine.map((x: { title: string }) => x.title)).toEqual(['A overdue', 'B due later', 'C no date'])
    expect(mine[0].studentName).toBe('Mia Mine')
    const faos = (await get('/api/v1/tasks/mine?scope=assigned', fao.cookie)).json().tasks
    expect(faos.map((x: { title: string }) => x.title)).toContain('For Fay')
    const students = (await get('/api/v1/tasks/mine?scope=students', educator.cookie)).json().tasks
    expect(students.filter((x: { studentName: string }) => x.studentName === 'Mia Mine')).toHaveLength(4)
    const family_ = (await get('/api/v1/tasks/mine?scope=students', guardian.cookie)).json().tasks
    expect(family_).toHaveLength(4)
    expect((await get('/api/v1/tasks/mine?scope=everyone', educator.cookie)).statusCode).toBe(400)

    await send('PATCH', `/api/v1/students/${student.id}`, admin.cookie, { archived: true })
    expect((await get('/api/v1/tasks/mine', student.cookie)).json().tasks).toEqual([])
  })
})

describe('time zone and reminder settings', () => {
  it('defaults to America/New_York, is set at onboarding from the browser and changed in settings, validated', async () => {
    const person = await t.userWith({ roles: ['student'] })
    const me = () => get('/api/v1/users/me', person.cookie)
    expect((await me()).json()).toMatchObject({ timeZone: 'America/New_York', emailTaskReminders: true })
    const changed = await t.request({
      method: 'PATCH',
      url: '/api/v1/users/me',
      cookie: person.cookie,
      payload: { timeZone: 'Pacific/Kiritimati', emailTaskReminders: false },
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.json()).toMatchObject({ timeZone: 'Pacific/Kiritimati', emailTaskReminders: false })
    for (const timeZone of ['Mars/Olympus', '+05:00', '']) {
      const bad = await t.request({
        method: 'PATCH',
        url: '/api/v1/users/me',
        cookie: person.cookie,
        payload: { timeZone },
      })
      expect(bad.statusCode).toBe(400)
      expect(bad.json().errors[0]).toEqual({
        path: 'timeZone',
        message: 'Use a time zone name such as America/New_York.',
      })
    }

    const newcomer = await t.userWith({ roles: ['student'], onboarded: false })
    const onboard = (timeZone: string) =>
      t.request({
        method: 'POST',
        url: `/api/v1/users/${newcomer.id}/onboard`,
        cookie: newcomer.cookie,
        payload: { name: 'New Person', timeZone },
      })
    expect((await onboard('Nowhere/Else')).statusCode).toBe(400)
    const done = await onboard('America/Los_Angeles')
    expect(done.statusCode).toBe(200)
    expect(done.json().timeZone).toBe('America/Los_Angeles')
  })
})

describe('staff who leave', () => {
  it('an educator removed from the team, or left with no staff role, sees none of the student’s tasks; the record marks theirs as needing a new assignee', async () => {
    const { student, base } = await family('Lea Leaving')
    const removed = await t.userWith({ roles: ['educator'] })
    const demoted = await t.userWith({ roles: ['educator'] })
    for (const member of [removed, demoted]) await addToTeam(t.db, student.id, member.id)
    const call = await createTask(t.db, student.id, {
      createdById: educator.id,
      title: 'Call family about aid appeal',
      assigneeId: removed.id,
      dueDate: '2026-12-01',
    })
    await createTask(t.db, student.id, {
      createdById: educator.id,
      title: 'Check FAFSA',
      assigneeId: demoted.id,
    })
    const assignedTo = async (person: SignedIn, scope = 'assigned') =>
      titles(await get(`/api/v1/tasks/mine?scope=${scope}`, person.cookie))
    expect(await assignedTo(removed)).toEqual(['Call family about aid appeal'])
    expect(await assignedTo(demoted)).toEqual(['Check FAFSA'])

    const left = await send(
      'DELETE',
      `/api/v1/students/${student.id}/team-members/${removed.id}`,
      admin.cookie,
    )
    expect(left.statusCode).toBe(204)
    expect(
      (await send('PATCH', `/api/v1/users/${demoted.id}`, admin.cookie, { educator: false })).statusCode,
    ).toBe(200)
    // An edit made after they left reaches neither of them.
    await send('PATCH', `${base}/${call}`, educator.cookie, { title: 'Appeal: new figures' })
    for (const person of [removed, demoted]) {
      expect(await assignedTo(person)).toEqual([])
      expect(await assignedTo(person, 'students')).toEqual([])
      expect((await get(base, person.cookie)).statusCode).toBe(404)
    }

    const onRecord = (await get(base, educator.cookie)).json().tasks as Array<{
      uuid: string
      title: string
      needsNewAssignee: boolean
    }>
    expect(onRecord.filter((task) => task.needsNewAssignee).map((task) => task.title)).toEqual([
      'Appeal: new figures',
      'Check FAFSA',
    ])
    const reassigned = await send('PATCH', `${base}/${call}`, educator.cookie, { assigneeUUID: educator.id })
    expect(reassigned.json()).toMatchObject({ assignee: { uuid: educator.id }, needsNewAssignee: false })
  })
})

describe('tasks per record are capped', () => {
  it(`refuses a task past the cap of ${RECORD_CAPS.tasks} with 409, writing nothing and no audit event`, async () => {
    const { student, base } = await family('Cap Tasks')
    await t.db.execute(sql`insert into tasks (student_id, title, assignee_id, created_by_id)
      select ${student.id}, 'Filled ' || g, ${student.id}, ${student.id} from generate_series(1, ${RECORD_CAPS.tasks}) g`)
    const refused = await send('POST', base, educator.cookie, { title: 'One too many' })
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({
      code: 'too-many-tasks',
      detail: `This record already has ${RECORD_CAPS.tasks} tasks, the most it can hold. Delete done tasks first.`,
    })
    const [counted] = await selectRows<{ tasks: number; events: number }>(
      t.db,
      sql`select (select count(*)::int from tasks where student_id = ${student.id}) as tasks,
        (select count(*)::int from audit_events where student_id = ${student.id}) as events`,
    )
    expect(counted).toEqual({ tasks: RECORD_CAPS.tasks, events: 0 })
  })
})
