import { sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMailer, type Mailer } from '../../src/server/mail/mailer'
import { dayBefore, reminderIsDue, sendDueReminders } from '../../src/server/modules/tasks/reminders'
import { addToTeam, createTask } from '../factories'
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink'
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app'

let t: TestApp
let sink: SmtpSink
let educatorId: string
const log = pino({ level: 'silent' })
const mailers: Mailer[] = []
/** A mailer as a server instance has one: real SMTP to the sink. */
const newMailer = () => {
  const mailer = createMailer({ smtpUrl: sink.url, from: 'test@example.test', dataDir: t.dataDir, log })
  mailers.push(mailer)
  return mailer
}

beforeAll(async () => {
  sink = await startSmtpSink()
  t = await createTestApp()
  educatorId = (await t.userWith({ roles: ['educator'] })).id
})
afterAll(async () => {
  for (const mailer of mailers) mailer.close()
  await t.close()
  await sink.close()
})

/** 2026-03-09 16:30 UTC: 08:30 in Los Angeles (PDT began the day before) and 06:30 on 2026-03-10 in Kiritimati. */
const NOW = new Date('2026-03-09T16:30:00Z')

async function studentIn(timeZone: string, settings: { reminders?: boolean } = {}) {
  const student = await t.userWith({ roles: ['student'] })
  await t.db.execute(
    sql`update users set time_zone = ${timeZone}, email_task_reminders = ${settings.reminders ?? true} where id = ${student.id}`,
  )
  await addToTeam(t.db, student.id, educatorId)
  return student
}
const mailsTo = (email: string) => sink.messages.filter((m) => m.to.includes(email))

describe('reminderIsDue', () => {
  it('is due from 08:00 on the day before, in the assignee’s zone, until the day itself', () => {
    expect(dayBefore('2026-03-01')).toBe('2026-02-28')
    expect(reminderIsDue('2026-03-10', 'America/Los_Angeles', NOW)).toBe(true)
    expect(reminderIsDue('2026-03-10', 'America/Los_Angeles', new Date('2026-03-09T14:59:00Z'))).toBe(false)
    expect(reminderIsDue('2026-03-10', 'America/Los_Angeles', new Date('2026-03-09T15:00:00Z'))).toBe(true)
    expect(reminderIsDue('2026-03-10', 'America/Los_Angeles', new Date('2026-03-10T08:00:00Z'))).toBe(false)
    // In Kiritimati it is already 06:30 on the 10th: a task due the 11th is not due for a reminder yet.
    expect(reminderIsDue('2026-03-11', 'Pacific/Kiritimati', NOW)).toBe(false)
    expect(reminderIsDue('2026-03-11', 'Pacific/Kiritimati', new Date('2026-03-09T18:00:00Z'))).toBe(true)
  })
})

describe('sendDueReminders', () => {
  it('two runners racing send exactly one email per task; a restart sends nothing again', async () => {
    const students = await Promise.all([0, 1, 2].map(() => studentIn('America/Los_Angeles')))
    for (const student of students) {
      await createTask(t.db, student.id, {
        createdById: educatorId,
        title: `Essay for ${student.name}`,
        details: 'Draft 3, under **650** words.\nBring it printed.',
        dueDate: '2026-03-10',
      })
    }
    sink.messages.length = 0
    const [first, second] = await Promise.all([
      sendDueReminders(t.db, newMailer(), TEST_ORIGIN, NOW),
      sendDueReminders(t.db, newMailer(), TEST_ORIGIN, NOW),
    ])
    // Each task was claimed by exactly one of the two runners.
    expect(first.length + second.length).toBe(3)
    expect(new Set([...first, ...second]).size).toBe(3)
    for (const student of students) {
      const mail = await sink.waitFor(student.email)
      expect(mail.text).toContain(`Essay for ${student.name}`)
      // Theirs, who added it, what it says (as typed), the plan and how to stop these.
      expect(mail.text).toContain('This task on your plan is due tomorrow')
      expect(mail.text).toMatch(/Added by .+\./)
      expect(mail.text).toMatch(/> Draft 3, under \*\*650\*\* words\.\r?\n> Bring it printed\./)
      expect(mail.text).toContain(`${TEST_ORIGIN}/students/${student.id}?section=plan`)
      expect(mail.text).toContain(`${TEST_ORIGIN}/settings`)
    }
    // "Restart": a new runner with a new mailer, later the same morning.
    await sendDueReminders(t.db, newMailer(), TEST_ORIGIN, new Date(NOW.getTime() + 3_600_000))
    await sink.idle()
    for (const student of students) expect(mailsTo(student.email)).toHaveLength(1)
  })

  it('follows each assignee’s time zone, and a changed due date gets a new reminder', async () => {
    const westerner = await studentIn('America/Los_Angeles')
    const islander = await studentIn('Pacific/Kiritimati')
    const west = await createTask(t.db, westerner.id, { createdById: educatorId, dueDate: '2026-03-10' })
    await createTask(t.db, islander.id, { createdById: educatorId, dueDate: '2026-03-11' })
    sink.messages.length = 0
    const sent = await sendDueReminders(t.db, newMailer(), TEST_ORIGIN, NOW)
    expect(sent).toContain(west)
    await sink.waitFor(westerner.email)
    expect(mailsTo(islander.email)).toHaveLength(0)
    // Two hours later it is 08:30 in Kiritimati on the 10th.
    await sendDueReminders(t.db, newMailer(), TEST_ORIGIN, new Date('2026-03-09T18:30:00Z'))
    await sink.waitFor(islander.email)

    const response = await t.request({
      method: 'PATCH',
      url: `/api/v1/students/${westerner.id}/tasks/${west}`,
      cookie: westerner.cookie,
      payload: { status: 'open' },
    })
    expect(response.statusCode).toBe(200)
    await t.db.execute(
      sql`update tasks set due_date = '2026-03-11', reminded_due_date = null where id = ${west}`,
    )
    await sendDueReminders(t.db, newMailer(), TEST_ORIGIN, new Date('2026-03-10T16:00:00Z'))
    await sink.idle()
    expect(mailsTo(westerner.email)).toHaveLength(2)
  })

  it('never emails a disabled account, about an archived student, someone who opted out, or for a done task', async () => {
    const disabled = await studentIn('America/Los_Angeles')
    const archived = await studentIn('America/Los_Angeles')
    const optedOut = await studentIn('America/Los_Angeles', { reminders: false })
    const finished = await studentIn('America/Los_Angeles')
    for (const student of [disabled, archived, optedOut]) {
      await createTask(t.db, student.id, { createdById: educatorId, dueDate: '2026-03-10' })
    }
    await createTask(t.db, finished.id, { createdById: educatorId, dueDate: '2026-03-10', status: 'done' })
    await t.db.execute(sql`update users set disabled_at = now() where id = ${disabled.id}`)
    await t.db.execute(sql`update student_profiles set archived_at = now() where user_id = ${archived.id}`)
    sink.messages.length = 0
    const sent = await sendDueReminders(t.db, newMailer(), TEST_ORIGIN, NOW)
    expect(sent).toEqual([])
    await sink.idle()
    expect(sink.messages).toHaveLength(0)
  })

  it('never emails staff who left the student’s team or lost their staff role about that student’s tasks', async () => {
    const student = await studentIn('America/New_York')
    const [stays, removed, demoted] = await Promise.all(
      [0, 1, 2].map(() => t.userWith({ roles: ['educator'] })),
    )
    const taskFor = async (member: { id: string }) => {
      await addToTeam(t.db, student.id, member.id)
      return createTask(t.db, student.id, {
        createdById: educatorId,
        assigneeId: member.id,
        dueDate: '2026-03-10',
      })
    }
    const [kept, ofRemoved, ofDemoted] = [
      await taskFor(stays!),
      await taskFor(removed!),
      await taskFor(demoted!),
    ]
    await t.db.execute(sql`delete from team_members where member_id = ${removed!.id}`)
    await t.db.execute(sql`delete from educator_profiles where user_id = ${demoted!.id}`)
    const sent = await sendDueReminders(t.db, newMailer(), TEST_ORIGIN, NOW)
    expect(sent).toContain(kept)
    expect(sent).not.toContain(ofRemoved)
    expect(sent).not.toContain(ofDemoted)
    await sink.waitFor(stays!.email)
  })

  it('releases the claim when the email cannot be sent, so the next run tries again', async () => {
    const student = await studentIn('America/Los_Angeles')
    const id = await createTask(t.db, student.id, { createdById: educatorId, dueDate: '2026-03-10' })
    const broken: Mailer = {
      send: async () => {
        throw new Error('SMTP down')
      },
      close: () => {},
    }
    await expect(sendDueReminders(t.db, broken, TEST_ORIGIN, NOW)).rejects.toThrow('SMTP down')
    const sent = await sendDueReminders(t.db, newMailer(), TEST_ORIGIN, NOW)
    expect(sent).toContain(id)
  })
})
