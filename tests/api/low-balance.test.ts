import { sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '../../src/server/db/raw'
import { insertSession } from '../../src/server/db/seed/sessions'
import { createMailer, type Mailer } from '../../src/server/mail/mailer'
import { syncSessionCharge } from '../../src/server/modules/hours/ledger'
import { sendLowBalanceMail } from '../../src/server/modules/hours/low-balance'
import type { SessionStatus } from '../../src/shared/tutoring'
import { addGuardian, addToTeam, createUser } from '../factories'
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink'
import { createTestApp, type SignedIn, TEST_ORIGIN, type TestApp } from '../helpers/test-app'

let t: TestApp
let sink: SmtpSink
let admin: SignedIn
let educator: SignedIn
let disabledAdmin: string
const log = pino({ level: 'silent' })
const mailers: Mailer[] = []
/** A mailer as a server instance has one: real SMTP to the sink. */
const newMailer = () => {
  const mailer = createMailer({ smtpUrl: sink.url, from: 'test@example.test', dataDir: t.dataDir, log })
  mailers.push(mailer)
  return mailer
}
const run = () => sendLowBalanceMail(t.db, newMailer(), TEST_ORIGIN)

beforeAll(async () => {
  sink = await startSmtpSink()
  t = await createTestApp()
  admin = await t.userWith({ roles: ['admin'] })
  educator = await t.userWith({ roles: ['educator'] })
  disabledAdmin = (await createUser(t.db, { roles: ['admin'] })).id
  await t.db.execute(sql`update users set disabled_at = now() where id = ${disabledAdmin}`)
})
afterAll(async () => {
  for (const mailer of mailers) mailer.close()
  await t.close()
  await sink.close()
})

const mailsTo = (email: string) => sink.messages.filter((m) => m.to.includes(email))
const post = async (url: string, payload: object) => {
  const response = await t.request({ method: 'POST', url, cookie: admin.cookie, payload })
  expect(response.statusCode, response.body).toBe(201)
}

/** A student with a guardian, an educator and an FAO on the team, and a package of `hours`. */
async function studentWith(hours: number | null, name = 'Lou Lowe') {
  const student = await createUser(t.db, { roles: ['student'], name })
  const guardian = await createUser(t.db, { roles: ['guardian'] })
  await addGuardian(t.db, student.id, guardian.id)
  await addToTeam(t.db, student.id, educator.id)
  const base = `/api/v1/students/${student.id}`
  if (hours !== null) {
    await post(`${base}/packages`, { name: 'Tutoring', service: 'any', hours, purchasedOn: '2026-01-01' })
  }
  return { student, guardian, base }
}

/** A charged session, as the sessions API would mark it. */
async function charge(studentId: string, minutes: number, status: SessionStatus = 'attended') {
  const id = await insertSession(t.db, studentId, {
    educatorId: educator.id,
    createdById: educator.id,
    startsAt: new Date('2026-02-02T20:00:00Z'),
    durationMinutes: minutes,
  })
  await mark(id, status)
  return id
}
const mark = (id: string, status: SessionStatus) =>
  t.db.transaction(async (tx) => {
    await tx.execute(sql`update tutoring_sessions set status = ${status} where id = ${id}`)
    await syncSessionCharge(tx, id, educator.id)
  })

describe('the low-balance email', () => {
  it('goes once to each guardian and admin when the balance falls under the threshold, with two runners racing', async () => {
    const { student, guardian } = await studentWith(3, 'Rosa Lowe')
    await charge(student.id, 60)
    // 2 hours left is not under 2 hours.
    expect(await run()).toEqual([])
    await charge(student.id, 30, 'no-show')
    sink.messages.length = 0
    const [first, second] = await Promise.all([run(), run()])
    const sent = [...first, ...second].sort()
    expect(sent).toEqual([`${student.id}:${admin.id}`, `${student.id}:${guardian.id}`].sort())
    const mail = await sink.waitFor(guardian.email)
    expect(mail.text).toContain('Subject: Hours running low for Rosa Lowe')
    expect(mail.text).toContain('Rosa Lowe has 1.5 hours of sessions left.')
    expect(mail.text).toContain('under 2 hours')
    expect(mail.text).toContain(`${TEST_ORIGIN}/students/${student.id}`)
    await sink.waitFor(admin.email)
    // A restart, or the next minute: nothing again.
    expect(await run()).toEqual([])
    await sink.idle()
    expect(mailsTo(guardian.email)).toHaveLength(1)
    expect(mailsTo(admin.email)).toHaveLength(1)
    expect(mailsTo(student.email)).toHaveLength(0)
    expect(mailsTo(educator.email)).toHaveLength(0)
  })

  it('is once per fall: a rise to the threshold re-arms it, even when it falls again before the next pass', async () => {
    const { student, guardian, base } = await studentWith(2.5)
    const session = await charge(student.id, 60)
    expect(await run()).toHaveLength(2)
    // Lower still: the same fall.
    await post(`${base}/hours/adjustments`, { hours: -0.5, reason: 'Correction' })
    expect(await run()).toEqual([])
    // Back up with a new package, and down again before any pass: a new fall.
    await post(`${base}/packages`, { name: 'More', service: 'any', hours: 1, purchasedOn: '2026-02-01' })
    await post(`${base}/hours/adjustments`, { hours: -1, reason: 'Correction' })
    expect(await run()).toHaveLength(2)
    // Cancelling the charged session gives its hour back (2 hours): re-armed; the next charge is a new fall.
    await mark(session, 'cancelled')
    const [claims] = await selectRows<{ count: number }>(
      t.db,
      sql`select count(*)::int as count from mail_claims where subject_id = ${student.id}`,
    )
    expect(claims!.count).toBe(0)
    expect(await run()).toEqual([])
    await charge(student.id, 15)
    expect(await run()).toHaveLength(2)
    await sink.idle()
    expect(mailsTo(guardian.email)).toHaveLength(3)
  })

  it('follows a guardian’s late cancellation through the sessions API, and staff making it a free one re-arm it', async () => {
    const { student, guardian, base } = await studentWith(3)
    const soon = await insertSession(t.db, student.id, {
      educatorId: educator.id,
      createdById: educator.id,
      startsAt: new Date(Date.now() + 2 * 3_600_000),
      durationMinutes: 90,
    })
    const guardianCookie = await t.sessionFor(guardian.id)
    const patch = (cookie: string, payload: object) =>
      t.request({ method: 'PATCH', url: `${base}/sessions/${soon}`, cookie, payload })
    const cancelled = await patch(guardianCookie, { status: 'cancelled' })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(cancelled.json().sessions[0].status).toBe('late-cancelled')
    const sent = await run()
    expect(sent).toContain(`${student.id}:${guardian.id}`)
    const mail = await sink.waitFor(guardian.email)
    expect(mail.text).toContain('has 1.5 hours of sessions left.')
    // Staff make it a cancellation with notice: the hours come back and the email is re-armed.
    const freed = await patch(admin.cookie, { status: 'cancelled' })
    expect(freed.statusCode, freed.body).toBe(200)
    const [claims] = await selectRows<{ count: number }>(
      t.db,
      sql`select count(*)::int as count from mail_claims where subject_id = ${student.id}`,
    )
    expect(claims!.count).toBe(0)
  })

  it('never goes to a disabled account, about an archived student, the student, or about a student who bought no hours', async () => {
    const disabled = await studentWith(1)
    await t.db.execute(sql`update users set disabled_at = now() where id = ${disabled.guardian.id}`)
    const archived = await studentWith(1)
    await t.db.execute(
      sql`update student_profiles set archived_at = now() where user_id = ${archived.student.id}`,
    )
    const noHours = await studentWith(null)
    await charge(noHours.student.id, 60)
    const sent = await run()
    expect(sent).toEqual([`${disabled.student.id}:${admin.id}`])
    expect(sent.some((s) => s.endsWith(disabledAdmin))).toBe(false)
  })

  it('follows the admins’ threshold, and a failed send is tried again on the next pass', async () => {
    const { student, guardian } = await studentWith(5)
    expect(await run()).toEqual([])
    await t.db.execute(sql`insert into app_settings (key, value) values ('low_balance_hours', '6'::jsonb)`)
    const broken: Mailer = {
      send: () => Promise.reject(new Error('SMTP down')),
      close: () => {},
    }
    await expect(sendLowBalanceMail(t.db, broken, TEST_ORIGIN)).rejects.toThrow('SMTP down')
    const sent = await run()
    expect(sent).toContain(`${student.id}:${guardian.id}`)
    expect(sent).toContain(`${student.id}:${admin.id}`)
    const mail = await sink.waitFor(guardian.email)
    expect(mail.text).toContain(
      'has 5 hours of sessions left. We write when the hours left fall under 6 hours.',
    )
    // Lowered again: those now at or above it are re-armed.
    await t.db.execute(sql`delete from app_settings where key = 'low_balance_hours'`)
    await run()
    const [claims] = await selectRows<{ count: number }>(
      t.db,
      sql`select count(*)::int as count from mail_claims where subject_id = ${student.id}`,
    )
    expect(claims!.count).toBe(0)
  })
})
