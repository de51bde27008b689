import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { studentFamily } from '../helpers/family'
import { formBody } from '../helpers/practice-forms'
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink'
import { createTestApp, type SignedIn, TEST_ORIGIN, type TestApp } from '../helpers/test-app'

/**
 * Someone given a task by another person hears of it at once (docs/product.md#tasks): a new task,
 * a reassignment and an assigned practice test each email the new assignee, after the write, once.
 * The routes send before they answer, so after `sink.idle()` a wrongly sent mail would be here.
 */
let t: TestApp
let sink: SmtpSink
let admin: SignedIn
let educator: SignedIn
let fao: SignedIn

beforeAll(async () => {
  sink = await startSmtpSink()
  t = await createTestApp({ SMTP_URL: sink.url })
  admin = await t.userWith({ roles: ['admin'], name: 'Ada Admin' })
  educator = await t.userWith({ roles: ['educator'], name: 'Eve Educator' })
  fao = await t.userWith({ roles: ['fao'], name: 'Fay Aid' })
})
afterAll(async () => {
  await t.close()
  await sink.close()
})

const send = async (method: 'POST' | 'PATCH', url: string, who: SignedIn, payload: object) => {
  const response = await t.request({ method, url, cookie: who.cookie, payload })
  return { status: response.statusCode, body: response.json() }
}

/** The mails that arrived since the last call, after every send the routes made has finished. */
async function received() {
  await sink.idle()
  const mails = [...sink.messages]
  sink.messages.length = 0
  return mails
}

describe('a task given by someone else', () => {
  it('emails the student a new task on their plan, with who, when and the link; not what they add themself', async () => {
    const { student } = await studentFamily(t, [educator, fao], { name: 'Gil Given' })
    const base = `/api/v1/students/${student.id}/tasks`
    await received()
    const created = await send('POST', base, educator, {
      title: 'Draft the Common App essay',
      details: 'Aim for 650 words.\nBring it to Thursday’s session.',
      dueDate: '2026-12-18',
    })
    expect(created.status).toBe(201)
    const mails = await received()
    expect(mails.map((m) => m.to)).toEqual([[student.email]])
    const text = mails[0]!.text
    expect(text).toContain('Subject: New task: Draft the Common App essay')
    expect(text).toContain('Eve Educator gave you a task on your plan:')
    expect(text).toContain('> Aim for 650 words.')
    expect(text).toContain('It is due Dec 18, 2026.')
    expect(text).toContain(`${TEST_ORIGIN}/students/${student.id}?section=plan`)
    expect(text).toContain('"Email me about tasks given to me"')

    expect((await send('POST', base, student, { title: 'Practice test 4' })).status).toBe(201)
    expect(await received()).toEqual([])
  })

  it('emails a new assignee on a reassignment only, naming whose plan; a refused write sends nothing', async () => {
    const { student } = await studentFamily(t, [educator, fao], { name: 'Rae Reassigned' })
    const base = `/api/v1/students/${student.id}/tasks`
    const task = (await send('POST', base, educator, { title: 'Review aid letters' })).body
    await received()
    const url = `${base}/${task.uuid}`
    // Sending the same assignee back with an edit is no reassignment.
    await send('PATCH', url, educator, { title: 'Review the aid letters', assigneeUUID: student.id })
    expect(await received()).toEqual([])

    expect((await send('PATCH', url, admin, { assigneeUUID: fao.id })).status).toBe(200)
    const mails = await received()
    expect(mails.map((m) => m.to)).toEqual([[fao.email]])
    expect(mails[0]!.text).toContain("Ada Admin gave you a task on Rae Reassigned's plan:")
    expect(mails[0]!.text).toContain('It has no due date.')

    // Given back to the one who reassigns it: no one else to tell.
    await send('PATCH', url, educator, { assigneeUUID: educator.id })
    const refused = await send('PATCH', url, educator, { assigneeUUID: admin.id })
    expect(refused.status).toBe(400)
    expect(await received()).toEqual([])
  })

  it('sends nothing for a done task, to someone who turned task emails off, or on an archived record', async () => {
    const { student } = await studentFamily(t, [educator], { name: 'Ona Optout' })
    const base = `/api/v1/students/${student.id}/tasks`
    expect((await send('POST', base, educator, { title: 'Already done', status: 'done' })).status).toBe(201)
    expect(await received()).toEqual([])

    expect((await send('PATCH', '/api/v1/users/me', student, { emailTaskReminders: false })).status).toBe(200)
    expect((await send('POST', base, educator, { title: 'Quiet task' })).status).toBe(201)
    expect(await received()).toEqual([])

    await send('PATCH', '/api/v1/users/me', student, { emailTaskReminders: true })
    expect((await send('PATCH', `/api/v1/students/${student.id}`, admin, { archived: true })).status).toBe(
      200,
    )
    expect((await send('POST', base, admin, { title: 'On an archived record' })).status).toBe(201)
    expect(await received()).toEqual([])
  })

  it('sends nothing to a disabled account, nor to a team member who may no longer read the record', async () => {
    const leaver = await t.userWith({ roles: ['educator'], name: 'Lee Leaver' })
    const { student } = await studentFamily(t, [educator, leaver], { name: 'Dee Disabled' })
    const base = `/api/v1/students/${student.id}/tasks`
    const task = (await send('POST', base, educator, { title: 'Plan the essays', assigneeUUID: educator.id }))
      .body
    await received()
    // Still on the team, but no longer staff: the task may be theirs, the record is not to read.
    await t.db.execute(sql`delete from educator_profiles where user_id = ${leaver.id}`)
    expect((await send('PATCH', `${base}/${task.uuid}`, admin, { assigneeUUID: leaver.id })).status).toBe(200)
    expect(await received()).toEqual([])

    await t.db.execute(sql`update users set disabled_at = now() where id = ${student.id}`)
    expect((await send('PATCH', `${base}/${task.uuid}`, admin, { assigneeUUID: student.id })).status).toBe(
      200,
    )
    expect(await received()).toEqual([])
  })

  it('writes the task when its email cannot be sent', async () => {
    const { student } = await studentFamily(t, [educator], { name: 'Ray Refused' })
    const base = `/api/v1/students/${student.id}/tasks`
    sink.refused.add(student.email)
    try {
      const created = await send('POST', base, educator, { title: 'Read chapter 3' })
      expect(created.status).toBe(201)
      expect(await received()).toEqual([])
      const listed = await t.request({ method: 'GET', url: base, cookie: educator.cookie })
      expect(listed.json().tasks.map((task: { uuid: string }) => task.uuid)).toContain(created.body.uuid)
    } finally {
      sink.refused.delete(student.email)
    }
  })
})

describe('an assigned practice test', () => {
  it('emails the student a link to the answer sheet', async () => {
    const { student } = await studentFamily(t, [educator], { name: 'Pia Practice' })
    const form = await send('POST', '/api/v1/practice-tests', admin, formBody('SAT', null, 'Mail Test'))
    expect(form.status).toBe(201)
    await received()
    const attempts = `/api/v1/students/${student.id}/practice-attempts`
    const attempt = await send('POST', attempts, educator, {
      formUUID: form.body.uuid,
      dueDate: '2026-12-19',
    })
    expect(attempt.status).toBe(201)
    const mails = await received()
    expect(mails.map((m) => m.to)).toEqual([[student.email]])
    const text = mails[0]!.text
    expect(text).toContain('Subject: Practice test: Take Mail Test')
    expect(text).toContain('Eve Educator gave you a practice test on your plan:')
    expect(text).toContain('It is due Dec 19, 2026.')
    expect(text).toContain(`${TEST_ORIGIN}/students/${student.id}/practice/${attempt.body.uuid}`)
  })
})
