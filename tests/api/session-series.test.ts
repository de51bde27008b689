import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '../../src/server/db/raw'
import type { Session } from '../../src/shared/tutoring'
import { addGuardian, addToTeam } from '../factories'
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink'
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app'

/**
 * Weekly series (docs/product.md#sessions): each occurrence at the same local wall-clock time in
 * the series' zone across the US daylight-saving changes, `until` inclusive or a count, at most
 * 52; changes to one occurrence or to it and all that follow.
 */
let t: TestApp
let sink: SmtpSink
let admin: SignedIn
let educator: SignedIn
let student: SignedIn
let guardian: SignedIn

beforeAll(async () => {
  sink = await startSmtpSink()
  t = await createTestApp({ SMTP_URL: sink.url })
  admin = await t.userWith({ roles: ['admin'] })
  educator = await t.userWith({ roles: ['educator'], name: 'Erin Educator' })
  student = await t.userWith({ roles: ['student'], name: 'Rosa Student' })
  guardian = await t.userWith({ roles: ['guardian'] })
  await addToTeam(t.db, student.id, educator.id)
  await addGuardian(t.db, student.id, guardian.id)
})
afterAll(async () => {
  await t.close()
  await sink.close()
})

const NEW_YORK = 'America/New_York'
const sessionsUrl = () => `/api/v1/students/${student.id}/sessions`

/** "Mon 16:00": an instant's weekday and time in New York. */
const local = (instant: string, timeZone = NEW_YORK) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date(instant))
    .replace(',', '')

async function series(startsAt: string, repeat: object, extra: object = {}): Promise<Session[]> {
  const answer = await t.request({
    method: 'POST',
    url: sessionsUrl(),
    cookie: educator.cookie,
    payload: {
      educatorUUID: educator.id,
      service: 'tutoring',
      startsAt,
      durationMinutes: 60,
      timeZone: NEW_YORK,
      location: { kind: 'in-person', place: 'Main St office' },
      repeat,
      ...extra,
    },
  })
  expect(answer.statusCode, answer.body).toBe(201)
  return answer.json().sessions
}

const patch = (who: SignedIn, sessionId: string, payload: object) =>
  t.request({ method: 'PATCH', url: `${sessionsUrl()}/${sessionId}`, cookie: who.cookie, payload })

async function current(ids: string[]): Promise<Session[]> {
  // Every session of the record, by days (the first page holds only the next ten).
  const list = await t.request({
    method: 'GET',
    url: `${sessionsUrl()}?from=2000-01-01`,
    cookie: admin.cookie,
  })
  const all = list.json().sessions as Session[]
  return ids.map((id) => all.find((session) => session.uuid === id)!)
}

describe('a weekly series', () => {
  it('stays at 16:00 New York time across the change in March', async () => {
    // The US clocks go forward on Sunday 2027-03-14.
    const made = await series('2027-03-01T16:00:00-05:00', { everyWeeks: 1, count: 4 })
    expect(made.map((session) => session.startsAt)).toEqual([
      '2027-03-01T21:00:00.000Z',
      '2027-03-08T21:00:00.000Z',
      '2027-03-15T20:00:00.000Z',
      '2027-03-22T20:00:00.000Z',
    ])
    expect(made.map((session) => local(session.startsAt))).toEqual(Array(4).fill('Mon 16:00'))
    expect(new Set(made.map((session) => session.seriesUUID)).size).toBe(1)
    expect(made[0]!.seriesUUID).not.toBeNull()
    const [row] = await selectRows<{ every_weeks: number; occurrences: number; time_zone: string }>(
      t.db,
      sql`select every_weeks, occurrences, time_zone from session_series where id = ${made[0]!.seriesUUID}`,
    )
    expect(row).toEqual({ every_weeks: 1, occurrences: 4, time_zone: NEW_YORK })
  })

  it('stays at 16:00 across the change in November, until a date (inclusive), every two weeks too', async () => {
    // The US clocks go back on Sunday 2027-11-07.
    const made = await series('2027-10-25T16:00:00-04:00', { everyWeeks: 1, until: '2027-11-15' })
    expect(made.map((session) => session.startsAt)).toEqual([
      '2027-10-25T20:00:00.000Z',
      '2027-11-01T20:00:00.000Z',
      '2027-11-08T21:00:00.000Z',
      '2027-11-15T21:00:00.000Z',
    ])
    expect(made.map((session) => local(session.startsAt))).toEqual(Array(4).fill('Mon 16:00'))
    const fortnightly = await series('2027-10-26T16:00:00-04:00', { everyWeeks: 2, until: '2027-11-22' })
    // The 23rd is after the 22nd: two occurrences.
    expect(fortnightly.map((session) => session.startsAt)).toEqual([
      '2027-10-26T20:00:00.000Z',
      '2027-11-09T21:00:00.000Z',
    ])
  })

  it('holds at most 52 occurrences: a later until is refused naming it', async () => {
    const made = await series('2028-01-03T16:00:00-05:00', { everyWeeks: 1, until: '2028-12-25' })
    expect(made).toHaveLength(52)
    const tooMany = await t.request({
      method: 'POST',
      url: sessionsUrl(),
      cookie: educator.cookie,
      payload: {
        educatorUUID: educator.id,
        service: 'essays',
        startsAt: '2029-01-01T16:00:00-05:00',
        durationMinutes: 60,
        timeZone: NEW_YORK,
        location: { kind: 'in-person', place: 'Main St office' },
        repeat: { everyWeeks: 1, until: '2029-12-31' },
      },
    })
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().errors[0].path).toBe('repeat.until')
  })
})

describe('changing a series', () => {
  it('moves this and the following occurrences by the same local change, across the clocks', async () => {
    // Mondays from 2030-02-25; the clocks go forward on 2030-03-10.
    const made = await series('2030-02-25T16:00:00-05:00', { everyWeeks: 1, count: 4 })
    const ids = made.map((session) => session.uuid)
    // The second (Monday 2030-03-04) moves to Tuesday 17:00, and the two after it with it.
    const moved = await patch(educator, ids[1]!, {
      startsAt: '2030-03-05T17:00:00-05:00',
      scope: 'following',
    })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(moved.json().sessions).toHaveLength(3)
    const after = await current(ids)
    expect(after.map((session) => local(session.startsAt))).toEqual([
      'Mon 16:00',
      'Tue 17:00',
      'Tue 17:00',
      'Tue 17:00',
    ])
    expect(after.map((session) => session.startsAt).slice(1)).toEqual([
      '2030-03-05T22:00:00.000Z',
      '2030-03-12T21:00:00.000Z',
      '2030-03-19T21:00:00.000Z',
    ])
    expect(after.map((session) => session.seriesUUID)).toEqual(Array(4).fill(made[0]!.seriesUUID))
  })

  it('changes one occurrence with scope this (the default), keeping it in the series', async () => {
    const made = await series('2030-05-06T16:00:00-04:00', { everyWeeks: 1, count: 3 })
    const ids = made.map((session) => session.uuid)
    const one = await patch(educator, ids[1]!, { durationMinutes: 90, agenda: 'Longer: practice test' })
    expect(one.json().sessions).toHaveLength(1)
    const after = await current(ids)
    expect(after.map((session) => session.durationMinutes)).toEqual([60, 90, 60])
    expect(after[1]!.seriesUUID).toBe(made[0]!.seriesUUID)
    expect(after[1]!.endsAt).toBe(new Date(Date.parse(after[1]!.startsAt) + 90 * 60_000).toISOString())
  })

  it('cancels this and the following, leaving the ones already changed and telling people once', async () => {
    const made = await series('2030-09-02T16:00:00-04:00', { everyWeeks: 1, count: 4 })
    const ids = made.map((session) => session.uuid)
    await patch(educator, ids[3]!, { status: 'late-cancelled' })
    const before = sink.messages.filter((mail) => mail.to.includes(guardian.email)).length
    const cancelled = await patch(educator, ids[1]!, { status: 'cancelled', scope: 'following' })
    expect(cancelled.json().sessions.map((session: Session) => session.uuid)).toEqual([ids[1], ids[2]])
    const after = await current(ids)
    expect(after.map((session) => session.status)).toEqual([
      'scheduled',
      'cancelled',
      'cancelled',
      'late-cancelled',
    ])
    const mail = await sink.waitFor(guardian.email, before + 1)
    expect(mail.text).toContain('Erin Educator cancelled 2 sessions of Rosa Student with Erin Educator.')
    await sink.idle()
    expect(sink.messages.filter((m) => m.to.includes(guardian.email)).length).toBe(before + 1)
  })

  it('marks attendance one at a time, and refuses a move onto a clash whole', async () => {
    const made = await series('2031-01-06T16:00:00-05:00', { everyWeeks: 1, count: 3 })
    const ids = made.map((session) => session.uuid)
    const marked = await patch(educator, ids[0]!, { status: 'attended', scope: 'following' })
    expect(marked.statusCode).toBe(400)
    expect(marked.json().errors[0].path).toBe('scope')
    // Another student's lesson on the Tuesday of the third week, where the move would put the third.
    const other = await t.userWith({ roles: ['student'] })
    await addToTeam(t.db, other.id, educator.id)
    const blocking = await t.request({
      method: 'POST',
      url: `/api/v1/students/${other.id}/sessions`,
      cookie: admin.cookie,
      payload: {
        educatorUUID: educator.id,
        service: 'tutoring',
        startsAt: '2031-01-21T16:30:00-05:00',
        durationMinutes: 60,
        location: { kind: 'online', meetingUrl: 'https://meet.example.com/other' },
      },
    })
    expect(blocking.statusCode).toBe(201)
    const refused = await patch(educator, ids[0]!, {
      startsAt: '2031-01-07T16:00:00-05:00',
      scope: 'following',
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().clash).toMatchObject({
      uuid: blocking.json().sessions[0].uuid,
      requestedStartsAt: '2031-01-21T21:00:00.000Z',
    })
    const unchanged = await current(ids)
    expect(unchanged.map((session) => local(session.startsAt))).toEqual(Array(3).fill('Mon 16:00'))
  })

  it('moves the following into a new zone, keeping their wall-clock time there', async () => {
    const made = await series('2031-03-03T16:00:00-05:00', { everyWeeks: 1, count: 3 })
    const ids = made.map((session) => session.uuid)
    const moved = await patch(educator, ids[0]!, {
      timeZone: 'America/Chicago',
      startsAt: '2031-03-03T16:00:00-06:00',
      scope: 'following',
    })
    expect(moved.statusCode, moved.body).toBe(200)
    const after = await current(ids)
    expect(after.map((session) => session.timeZone)).toEqual(Array(3).fill('America/Chicago'))
    expect(after.map((session) => local(session.startsAt, 'America/Chicago'))).toEqual(
      Array(3).fill('Mon 16:00'),
    )
    const [row] = await selectRows<{ time_zone: string }>(
      t.db,
      sql`select time_zone from session_series where id = ${made[0]!.seriesUUID}`,
    )
    expect(row!.time_zone).toBe('America/Chicago')
  })
})
