import { sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '../../src/server/db/raw'
import { insertSession } from '../../src/server/db/seed/sessions'
import { createMailer, type Mailer } from '../../src/server/mail/mailer'
import {
  sendAttendanceDigests,
  sendSessionMail,
  sendSessionReminders,
} from '../../src/server/modules/sessions/reminders'
import { addGuardian, addToTeam } from '../factories'
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink'
import { createTestApp, type SignedIn, TEST_ORIGIN, type TestApp } from '../helpers/test-app'

let t: TestApp
let sink: SmtpSink
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
})
afterAll(async () => {
  for (const mailer of mailers) mailer.close()
  await t.close()
  await sink.close()
})

/** 2026-03-09 22:00 UTC: 18:00 in New York (daylight time began the day before). */
const NOW = new Date('2026-03-09T22:00:00Z')
/** 16:00 in New York the next day, 22 hours after NOW. */
const STARTS = new Date('2026-03-10T20:00:00Z')
const HOUR = 3_600_000

async function person(
  roles: Array<'student' | 'educator' | 'guardian'>,
  name: string,
  timeZone: string,
  sessionReminders = true,
) {
  const user = await t.userWith({ roles, name })
  await t.db.execute(
    sql`update users set time_zone = ${timeZone}, email_session_reminders = ${sessionReminders} where id = ${user.id}`,
  )
  return user
}

/** A student on the educator's team with one guardian, each in their own zone. */
async function family(
  educator: SignedIn,
  zones: { student?: string; guardian?: string } = {},
  options: { studentReminders?: boolean } = {},
) {
  const tag = Math.random().toString(36).slice(2, 7)
  const student = await person(
    ['student'],
    `Maya ${tag}`,
    zones.student ?? 'America/Los_Angeles',
    options.studentReminders ?? true,
  )
  const guardian = await person(['guardian'], `Lin ${tag}`, zones.guardian ?? 'Asia/Tokyo')
  await addToTeam(t.db, student.id, educator.id)
  await addGuardian(t.db, student.id, guardian.id)
  return { student, guardian }
}

const mailsTo = (email: string) => sink.messages.filter((m) => m.to.includes(email))
const session = (studentId: string, educator: SignedIn, startsAt = STARTS, extra = {}) =>
  insertSession(t.db, studentId, {
    educatorId: educator.id,
    createdById: educator.id,
    startsAt,
    timeZone: 'America/New_York',
    ...extra,
  })

describe('session reminders', () => {
  it('two runners racing send one email to each person; a later pass and a restart send nothing again', async () => {
    const educator = await person(['educator'], 'Eve Stone', 'America/New_York')
    const { student, guardian } = await family(educator)
    const id = await session(student.id, educator, STARTS, {
      location: { kind: 'online', meetingUrl: 'https://meet.example.com/maya-sat' },
    })
    sink.messages.length = 0
    const [first, second] = await Promise.all([
      sendSessionReminders(t.db, newMailer(), TEST_ORIGIN, NOW),
      sendSessionReminders(t.db, newMailer(), TEST_ORIGIN, NOW),
    ])
    expect([...first, ...second]).toEqual([id])
    await sink.idle()
    for (const who of [student, guardian, educator]) expect(mailsTo(who.email)).toHaveLength(1)

    // The guardian in Tokyo reads their own time (05:00 the day after), with the zone named.
    const toGuardian = mailsTo(guardian.email)[0]!.text
    expect(toGuardian).toContain('Wednesday, March 11, 2026 at 5:00 AM (Japan Standard Time)')
    expect(toGuardian).toContain(
      '(Tuesday, March 10, 2026 at 4:00 PM in Eastern Daylight Time, where it was scheduled.)',
    )
    expect(toGuardian).toContain(`Maya`)
    expect(toGuardian).toContain('https://meet.example.com/maya-sat')
    expect(toGuardian).toContain(`${TEST_ORIGIN}/students/${student.id}`)
    expect(toGuardian).toContain(`${TEST_ORIGIN}/settings`)
    expect(mailsTo(student.email)[0]!.text).toContain(
      'Tuesday, March 10, 2026 at 1:00 PM (Pacific Daylight Time)',
    )
    const toEducator = mailsTo(educator.email)[0]!.text
    expect(toEducator).toContain('Tuesday, March 10, 2026 at 4:00 PM (Eastern Daylight Time)')
    expect(toEducator).not.toContain('where it was scheduled')
    expect(toEducator).toContain(`Tutoring with ${student.name}`)

    // A later pass, and a "restart" (new runner, new mailer): nothing more.
    await sendSessionReminders(t.db, newMailer(), TEST_ORIGIN, new Date(NOW.getTime() + HOUR))
    await sendSessionMail(t.db, newMailer(), TEST_ORIGIN, new Date(NOW.getTime() + 2 * HOUR))
    await sink.idle()
    for (const who of [student, guardian, educator]) expect(mailsTo(who.email)).toHaveLength(1)

    // Rescheduled: a reminder is due again, for the new time.
    await t.db.execute(sql`update tutoring_sessions set starts_at = starts_at + interval '2 hours',
      ends_at = ends_at + interval '2 hours' where id = ${id}`)
    expect(
      await sendSessionReminders(t.db, newMailer(), TEST_ORIGIN, new Date(NOW.getTime() + 3 * HOUR)),
    ).toEqual([id])
    await sink.idle()
    expect(mailsTo(guardian.email)[1]!.text).toContain('7:00 AM (Japan Standard Time)')
  })

  it('goes out only inside the window before the start (admin setting), and never after the start', async () => {
    const educator = await person(['educator'], 'Ann Window', 'America/New_York')
    const { student } = await family(educator)
    const farOff = await session(student.id, educator, new Date(NOW.getTime() + 30 * HOUR))
    const started = await session(student.id, educator, new Date(NOW.getTime() - 10 * 60_000))
    const inFive = await session(student.id, educator, new Date(NOW.getTime() + 5 * HOUR))
    const inTwenty = await session(student.id, educator, new Date(NOW.getTime() + 20 * HOUR))
    // A start finer than a millisecond (written by SQL, not the API) is claimed all the same.
    await t.db.execute(sql`update tutoring_sessions set starts_at = starts_at + interval '123 microseconds',
      ends_at = ends_at + interval '123 microseconds' where id = ${inFive}`)
    await t.db.execute(
      sql`insert into app_settings (key, value) values ('session_reminder_hours', '6'::jsonb)`,
    )
    try {
      const sent = await sendSessionReminders(t.db, newMailer(), TEST_ORIGIN, NOW)
      expect(sent).toContain(inFive)
      for (const id of [farOff, started, inTwenty]) expect(sent).not.toContain(id)
    } finally {
      await t.db.execute(sql`delete from app_settings where key = 'session_reminder_hours'`)
    }
    const later = await sendSessionReminders(t.db, newMailer(), TEST_ORIGIN, NOW)
    expect(later).toContain(inTwenty)
    expect(later).not.toContain(farOff)
    expect(later).not.toContain(started)
    await sink.idle()
  })

  it('none for a cancelled session or an archived student; a disabled or opted-out person is skipped and the others still get theirs', async () => {
    const educator = await person(['educator'], 'Cy Skip', 'America/Chicago')
    const cancelledFamily = await family(educator)
    const archivedFamily = await family(educator)
    const optedOut = await family(educator, {}, { studentReminders: false })
    const disabled = await family(educator)
    const cancelled = await session(cancelledFamily.student.id, educator, STARTS, { status: 'cancelled' })
    const lateCancelled = await session(
      cancelledFamily.student.id,
      educator,
      new Date(STARTS.getTime() + HOUR),
      {
        status: 'late-cancelled',
      },
    )
    const archived = await session(archivedFamily.student.id, educator)
    const partlyOut = await session(optedOut.student.id, educator)
    const partlyDisabled = await session(disabled.student.id, educator)
    await t.db.execute(
      sql`update student_profiles set archived_at = now() where user_id = ${archivedFamily.student.id}`,
    )
    await t.db.execute(sql`update users set disabled_at = now() where id = ${disabled.guardian.id}`)
    sink.messages.length = 0
    const sent = await sendSessionReminders(t.db, newMailer(), TEST_ORIGIN, NOW)
    for (const id of [cancelled, lateCancelled, archived]) expect(sent).not.toContain(id)
    expect(sent).toEqual(expect.arrayContaining([partlyOut, partlyDisabled]))
    await sink.idle()
    for (const who of [cancelledFamily, archivedFamily]) {
      expect(mailsTo(who.student.email)).toHaveLength(0)
      expect(mailsTo(who.guardian.email)).toHaveLength(0)
    }
    expect(mailsTo(optedOut.student.email)).toHaveLength(0)
    expect(mailsTo(optedOut.guardian.email)).toHaveLength(1)
    expect(mailsTo(disabled.guardian.email)).toHaveLength(0)
    expect(mailsTo(disabled.student.email)).toHaveLength(1)
    // The educator: one per session that went out.
    expect(mailsTo(educator.email)).toHaveLength(2)
  })

  it('a guardian whose link was removed, or an educator who left the team, gets none', async () => {
    const educator = await person(['educator'], 'Di Left', 'America/New_York')
    const { student, guardian } = await family(educator)
    await session(student.id, educator)
    await t.db.execute(sql`delete from guardian_links where guardian_id = ${guardian.id}`)
    await t.db.execute(sql`delete from team_members where member_id = ${educator.id}`)
    sink.messages.length = 0
    await sendSessionReminders(t.db, newMailer(), TEST_ORIGIN, NOW)
    await sink.idle()
    expect(mailsTo(student.email)).toHaveLength(1)
    expect(mailsTo(guardian.email)).toHaveLength(0)
    expect(mailsTo(educator.email)).toHaveLength(0)
  })

  it('a failed send releases the claim: the next pass sends only to whoever missed theirs', async () => {
    const educator = await person(['educator'], 'Fay Retry', 'America/New_York')
    const { student, guardian } = await family(educator)
    const id = await session(student.id, educator)
    sink.messages.length = 0
    sink.refused.add(guardian.email)
    try {
      await expect(sendSessionReminders(t.db, newMailer(), TEST_ORIGIN, NOW)).rejects.toThrow()
    } finally {
      sink.refused.delete(guardian.email)
    }
    await sink.idle()
    expect(mailsTo(student.email)).toHaveLength(1)
    expect(mailsTo(educator.email)).toHaveLength(1)
    expect(mailsTo(guardian.email)).toHaveLength(0)
    expect(await sendSessionReminders(t.db, newMailer(), TEST_ORIGIN, NOW)).toEqual([id])
    await sink.idle()
    for (const who of [student, guardian, educator]) expect(mailsTo(who.email)).toHaveLength(1)
    const [left] = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from mail_claims where subject_id = ${id}`,
    )
    expect(left!.n).toBe(0)
  })

  it('the preference is a setting of one’s own: PATCH /users/me emailSessionReminders', async () => {
    const user = await t.userWith({ roles: ['guardian'] })
    const me = () => t.request({ method: 'GET', url: '/api/v1/users/me', cookie: user.cookie })
    expect((await me()).json()).toMatchObject({ emailSessionReminders: true })
    const changed = await t.request({
      method: 'PATCH',
      url: '/api/v1/users/me',
      cookie: user.cookie,
      payload: { emailSessionReminders: false },
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.json()).toMatchObject({ emailSessionReminders: false })
    expect((await me()).json()).toMatchObject({ emailSessionReminders: false })
    const bad = await t.request({
      method: 'PATCH',
      url: '/api/v1/users/me',
      cookie: user.cookie,
      payload: { emailSessionReminders: 'sometimes' },
    })
    expect(bad.statusCode).toBe(400)
    expect(JSON.stringify(bad.json())).toContain('emailSessionReminders')
  })
})

describe('the attendance digest', () => {
  /** 2026-03-09 15:30 UTC is 08:30 in Los Angeles; 14:30 UTC is 07:30 there. */
  const MORNING = new Date('2026-03-09T15:30:00Z')

  it('lists the sessions awaiting attendance once per educator per local day, from 08:00 in their zone', async () => {
    const educator = await person(['educator'], 'Gus Digest', 'America/Los_Angeles')
    const one = await family(educator)
    const two = await family(educator)
    const yesterday = new Date('2026-03-08T23:00:00Z')
    await session(one.student.id, educator, yesterday)
    await session(two.student.id, educator, new Date('2026-03-07T18:00:00Z'))
    // Marked, ongoing and ahead: not listed.
    await session(one.student.id, educator, new Date('2026-03-06T18:00:00Z'), { status: 'attended' })
    await session(two.student.id, educator, new Date(MORNING.getTime() - 30 * 60_000))
    await session(two.student.id, educator, new Date(MORNING.getTime() + 5 * HOUR))
    sink.messages.length = 0

    expect(
      await sendAttendanceDigests(t.db, newMailer(), TEST_ORIGIN, new Date(MORNING.getTime() - HOUR)),
    ).not.toContain(educator.id)
    const [a, b] = await Promise.all([
      sendAttendanceDigests(t.db, newMailer(), TEST_ORIGIN, MORNING),
      sendAttendanceDigests(t.db, newMailer(), TEST_ORIGIN, MORNING),
    ])
    expect([...a, ...b].filter((id) => id === educator.id)).toHaveLength(1)
    await sink.idle()
    expect(mailsTo(educator.email)).toHaveLength(1)
    const digest = mailsTo(educator.email)[0]!.text
    expect(digest).toContain('2 sessions awaiting attendance')
    // In the educator's zone: 16:00 Los Angeles on Sunday the 8th (daylight time began that morning).
    expect(digest).toContain(`${one.student.name}, tutoring, Sun, Mar 8, 4:00 PM (Pacific Daylight Time)`)
    expect(digest).toContain(`${two.student.name}, tutoring, Sat, Mar 7, 10:00 AM (Pacific Standard Time)`)
    expect(digest).toContain(`${TEST_ORIGIN}/students/${one.student.id}`)

    // Later that day: nothing more. The next morning, still unmarked: another.
    await sendAttendanceDigests(t.db, newMailer(), TEST_ORIGIN, new Date(MORNING.getTime() + 6 * HOUR))
    await sink.idle()
    expect(mailsTo(educator.email)).toHaveLength(1)
    await sendAttendanceDigests(t.db, newMailer(), TEST_ORIGIN, new Date(MORNING.getTime() + 24 * HOUR))
    await sink.idle()
    expect(mailsTo(educator.email)).toHaveLength(2)
  })

  it('none for an educator who turned session emails off, or whose sessions are all marked', async () => {
    const quiet = await person(['educator'], 'Hal Quiet', 'America/Los_Angeles', false)
    const done = await person(['educator'], 'Ida Done', 'America/Los_Angeles')
    const { student } = await family(quiet)
    await addToTeam(t.db, student.id, done.id)
    await session(student.id, quiet, new Date('2026-03-08T18:00:00Z'))
    await session(student.id, done, new Date('2026-03-08T20:00:00Z'), { status: 'no-show' })
    sink.messages.length = 0
    const sent = await sendAttendanceDigests(t.db, newMailer(), TEST_ORIGIN, MORNING)
    expect(sent).not.toContain(quiet.id)
    expect(sent).not.toContain(done.id)
    await sink.idle()
    expect(mailsTo(quiet.email)).toHaveLength(0)
    expect(mailsTo(done.email)).toHaveLength(0)
  })
})
