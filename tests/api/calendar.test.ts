import { TZDate } from '@date-fns/tz'
import { sql } from 'drizzle-orm'
import ICAL from 'ical.js'
import { foldLines as theirFold } from 'ical-generator'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { insertSession } from '../../src/server/db/seed/sessions'
import { foldLines } from '../../src/server/modules/calendar/feed'
import { vtimezone } from '../../src/server/modules/calendar/vtimezone'
import { wallClocks } from '../../src/server/modules/calendar/zoned-time'
import { addGuardian, addToTeam, createCollege, createTask } from '../factories'
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app'

let t: TestApp
let educator: SignedIn

beforeAll(async () => {
  t = await createTestApp()
  educator = await t.userWith({ roles: ['educator'], name: 'Eve Educator' })
})
afterAll(() => t.close())

const originalTz = process.env.TZ
afterEach(() => {
  // Files share their worker's process (vitest.config.ts): assigning undefined would leave "undefined".
  if (originalTz === undefined) delete process.env.TZ
  else process.env.TZ = originalTz
})

const get = (url: string, cookie = '') => t.request({ method: 'GET', url, cookie })
const send = (method: 'POST' | 'DELETE', url: string, cookie: string) =>
  t.request({ method, url, cookie, ...(method === 'POST' ? { payload: {} } : {}) })
/** The feed's path from the URL the settings page shows once. */
const feedPath = (url: string) => new URL(url).pathname

/** All-day events as a calendar app in the current TZ shows them: summary and local calendar date. */
function parseFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent)
    const start = event.startDate.toJSDate()
    const pad = (n: number) => String(n).padStart(2, '0')
    return {
      summary: event.summary,
      isDate: event.startDate.isDate,
      localDate: `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}`,
    }
  })
}

describe('the calendar feed', () => {
  it('carries my tasks, my students’ open tasks and college deadlines as all-day events on the right dates', async () => {
    const student = await t.userWith({ roles: ['student'], name: 'Kai Calendar' })
    await addToTeam(t.db, student.id, educator.id)
    await createTask(t.db, student.id, {
      createdById: educator.id,
      title: 'Essay draft',
      dueDate: '2026-12-01',
    })
    await createTask(t.db, student.id, { createdById: educator.id, title: 'No date' })
    await createTask(t.db, student.id, {
      createdById: educator.id,
      title: 'Finished',
      dueDate: '2026-12-02',
      status: 'done',
    })
    await createCollege(t.db, student.id, { name: 'Reed College', round: 'ED', deadline: '2026-11-15' })

    const turnedOn = await send('POST', '/api/v1/users/me/calendar', educator.cookie)
    expect(turnedOn.statusCode).toBe(200)
    const { url, enabled } = turnedOn.json()
    expect(enabled).toBe(true)
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/)
    expect((await get('/api/v1/users/me/calendar', educator.cookie)).json()).toMatchObject({ enabled: true })
    expect((await get('/api/v1/users/me/calendar', educator.cookie)).json().url).toBeUndefined()

    const response = await get(feedPath(url))
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/calendar')
    expect(response.headers['cache-control']).toContain('no-store')

    for (const zone of ['Pacific/Kiritimati', 'America/Los_Angeles']) {
      process.env.TZ = zone
      const events = parseFeed(response.body)
      expect(events, zone).toEqual([
        {
          summary: 'Reed College: Early Decision deadline (Kai Calendar)',
          isDate: true,
          localDate: '2026-11-15',
        },
        { summary: 'Essay draft (Kai Calendar)', isDate: true, localDate: '2026-12-01' },
      ])
    }
  })

  it('a guardian’s feed has their child’s deadlines; a student’s has their own', async () => {
    const student = await t.userWith({ roles: ['student'], name: 'Gia Guarded' })
    const guardian = await t.userWith({ roles: ['guardian'] })
    await addGuardian(t.db, student.id, guardian.id)
    await createCollege(t.db, student.id, { name: 'Tufts', round: 'EA', deadline: '2026-11-01' })
    await createTask(t.db, student.id, {
      createdById: student.id,
      title: 'Visit Tufts',
      dueDate: '2026-10-20',
    })
    for (const person of [guardian, student]) {
      const { url } = (await send('POST', '/api/v1/users/me/calendar', person.cookie)).json()
      const summaries = parseFeed((await get(feedPath(url))).body).map((e) => e.summary)
      expect(summaries).toEqual(['Visit Tufts (Gia Guarded)', 'Tufts: Early Action deadline (Gia Guarded)'])
    }
  })

  it('drops a student’s tasks and deadlines from the feed of staff who left the team or lost their staff role', async () => {
    const student = await t.userWith({ roles: ['student'], name: 'Lou Left' })
    const [removed, demoted] = await Promise.all([0, 1].map(() => t.userWith({ roles: ['educator'] })))
    await createCollege(t.db, student.id, { name: 'Bowdoin', round: 'RD', deadline: '2027-01-05' })
    const summaries = async (url: string) => parseFeed((await get(feedPath(url))).body).map((e) => e.summary)
    const urls: string[] = []
    for (const member of [removed!, demoted!]) {
      await addToTeam(t.db, student.id, member.id)
      await createTask(t.db, student.id, {
        createdById: educator.id,
        assigneeId: member.id,
        title: 'Call family about aid appeal',
        dueDate: '2026-12-03',
      })
      const url = (await send('POST', '/api/v1/users/me/calendar', member.cookie)).json().url
      expect(await summaries(url)).toContain('Call family about aid appeal (Lou Left)')
      urls.push(url)
    }
    await t.db.execute(sql`delete from team_members where member_id = ${removed!.id}`)
    await t.db.execute(sql`delete from educator_profiles where user_id = ${demoted!.id}`)
    for (const url of urls) expect(await summaries(url)).toEqual([])
  })

  it('a new link voids the old one; turning it off voids it too; unknown tokens answer 404', async () => {
    const person = await t.userWith({ roles: ['student'] })
    const first = (await send('POST', '/api/v1/users/me/calendar', person.cookie)).json().url
    const second = (await send('POST', '/api/v1/users/me/calendar', person.cookie)).json().url
    expect(second).not.toBe(first)
    expect((await get(feedPath(first))).statusCode).toBe(404)
    expect((await get(feedPath(second))).statusCode).toBe(200)
    expect((await send('DELETE', '/api/v1/users/me/calendar', person.cookie)).statusCode).toBe(204)
    expect((await get(feedPath(second))).statusCode).toBe(404)
    expect((await get('/api/v1/users/me/calendar', person.cookie)).json()).toEqual({
      enabled: false,
      createdAt: null,
    })
    expect((await get('/api/v1/calendar/short.ics')).statusCode).toBe(404)
    expect((await get(`/api/v1/calendar/${'a'.repeat(43)}.ics`)).statusCode).toBe(404)
    expect((await get(`/api/v1/calendar/${'a'.repeat(43)}`)).statusCode).toBe(404)
  })
})

/** Timed events as a calendar app in `process.env.TZ` shows them. */
function parseSessions(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  const pad = (n: number) => String(n).padStart(2, '0')
  return calendar
    .getAllSubcomponents('vevent')
    .filter((vevent) => !new ICAL.Event(vevent).startDate.isDate)
    .map((vevent) => {
      const event = new ICAL.Event(vevent)
      const start = event.startDate.toJSDate()
      const end = event.endDate.toJSDate()
      return {
        uid: event.uid,
        summary: event.summary,
        tzid: vevent.getFirstProperty('dtstart')?.getParameter('tzid'),
        status: vevent.getFirstPropertyValue('status'),
        location: event.location,
        local: `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())} ${pad(start.getHours())}:${pad(start.getMinutes())}`,
        minutes: (end.getTime() - start.getTime()) / 60_000,
        instant: start.getTime(),
      }
    })
}

/** The second Sunday of the next March still ahead (US daylight time begins), as [year, day of month]. */
function nextUsSpringForward(now = new Date()): [number, number] {
  for (const year of [now.getUTCFullYear(), now.getUTCFullYear() + 1]) {
    const firstSunday = 1 + ((7 - new Date(Date.UTC(year, 2, 1)).getUTCDay()) % 7)
    const day = firstSunday + 7
    if (Date.UTC(year, 2, day) > now.getTime() + 7 * 86_400_000) return [year, day]
  }
  throw new Error('unreachable')
}

describe('tutoring sessions in the calendar feed', () => {
  let tutor: SignedIn
  let student: SignedIn
  let guardian: SignedIn
  const feed = async (person: SignedIn) => {
    const { url } = (await send('POST', '/api/v1/users/me/calendar', person.cookie)).json()
    return () => get(feedPath(url)).then((response) => response.body)
  }

  beforeAll(async () => {
    tutor = await t.userWith({ roles: ['educator'], name: 'Ms. Xu' })
    student = await t.userWith({ roles: ['student'], name: 'Maya Chen' })
    guardian = await t.userWith({ roles: ['guardian'], name: 'Lin Chen' })
    await addToTeam(t.db, student.id, tutor.id)
    await addGuardian(t.db, student.id, guardian.id)
  })

  it('are timed events in the session’s zone: 16:00 in New York each week across the March change, read right in Los Angeles and Berlin', async () => {
    const [year, day] = nextUsSpringForward()
    // The Thursdays before and after US daylight time begins; Europe changes two weeks later.
    const before = new TZDate(year, 2, day - 3, 16, 0, 'America/New_York')
    const after = new TZDate(year, 2, day + 4, 16, 0, 'America/New_York')
    const ids: string[] = []
    for (const startsAt of [before, after]) {
      ids.push(
        await insertSession(t.db, student.id, {
          educatorId: tutor.id,
          createdById: tutor.id,
          startsAt,
          durationMinutes: 90,
          timeZone: 'America/New_York',
          location: { kind: 'in-person', place: 'Room 4, 12 Elm St' },
        }),
      )
    }
    const read = await feed(tutor)
    const text = await read()
    expect(text).toContain('BEGIN:VTIMEZONE')
    expect(text).toContain('TZID:America/New_York')
    expect(text).toContain(
      `DTSTART;TZID=America/New_York:${year}03${String(day - 3).padStart(2, '0')}T160000`,
    )
    const expected: Record<string, [string, string]> = {
      'America/New_York': ['16:00', '16:00'],
      'America/Los_Angeles': ['13:00', '13:00'],
      // 6 hours apart before the US change, 5 in the two weeks until Europe's.
      'Europe/Berlin': ['22:00', '21:00'],
    }
    for (const [zone, [first, second]] of Object.entries(expected)) {
      process.env.TZ = zone
      const events = parseSessions(text).filter((event) => ids.some((id) => event.uid.includes(id)))
      expect(
        events.map((event) => event.local.slice(11)),
        zone,
      ).toEqual([first, second])
      for (const event of events) {
        expect(event).toMatchObject({
          summary: 'Tutoring: Maya Chen',
          tzid: 'America/New_York',
          status: 'CONFIRMED',
          location: 'Room 4, 12 Elm St',
          minutes: 90,
        })
      }
    }
    await t.db.execute(sql`delete from tutoring_sessions where id in (${ids[0]}, ${ids[1]})`)
  })

  it('a rescheduled session keeps its UID; a cancelled or late-cancelled one is sent as cancelled; each person sees their own', async () => {
    const soon = new Date(Date.now() + 3 * 86_400_000)
    soon.setUTCMinutes(0, 0, 0)
    const session = await insertSession(t.db, student.id, {
      educatorId: tutor.id,
      createdById: tutor.id,
      startsAt: soon,
      timeZone: 'Asia/Tokyo',
      service: 'essays',
    })
    const lateCancelled = await insertSession(t.db, student.id, {
      educatorId: tutor.id,
      createdById: tutor.id,
      startsAt: new Date(soon.getTime() + 86_400_000),
      status: 'late-cancelled',
    })
    const other = await t.userWith({ roles: ['educator'] })
    await addToTeam(t.db, student.id, other.id)
    const readTutor = await feed(tutor)
    const readOther = await feed(other)
    const ofSession = (text: string, id: string) => parseSessions(text).find((e) => e.uid.includes(id))

    const first = ofSession(await readTutor(), session)!
    expect(first).toMatchObject({ tzid: 'Asia/Tokyo', summary: 'Essays: Maya Chen', status: 'CONFIRMED' })
    expect(first.location).toBe('https://meet.example.com/crestline')
    expect(ofSession(await readTutor(), lateCancelled)).toMatchObject({
      status: 'CANCELLED',
      summary: 'Cancelled: Tutoring: Maya Chen',
    })
    // A team member who does not teach it has none of it.
    expect(parseSessions(await readOther())).toEqual([])

    // Rescheduled an hour later: the same UID, the new time.
    await t.db.execute(sql`update tutoring_sessions set starts_at = starts_at + interval '1 hour',
      ends_at = ends_at + interval '1 hour', updated_at = now() + interval '5 seconds' where id = ${session}`)
    const moved = ofSession(await readTutor(), session)!
    expect(moved.uid).toBe(first.uid)
    expect(moved.instant - first.instant).toBe(3_600_000)
    expect(first.instant).toBe(soon.getTime())

    await t.db.execute(sql`update tutoring_sessions set status = 'cancelled', updated_at = now() + interval '10 seconds'
      where id = ${session}`)
    const readStudent = await feed(student)
    const readGuardian = await feed(guardian)
    expect(ofSession(await readTutor(), session)).toMatchObject({ uid: first.uid, status: 'CANCELLED' })
    expect(ofSession(await readStudent(), session)).toMatchObject({
      status: 'CANCELLED',
      summary: 'Cancelled: Essays with Ms. Xu',
    })
    expect(ofSession(await readGuardian(), session)).toMatchObject({
      status: 'CANCELLED',
      summary: 'Cancelled: Maya Chen: essays with Ms. Xu',
    })
    // Outside the window (more than a year ahead, more than 60 days ago): not in the feed.
    const far = await insertSession(t.db, student.id, {
      educatorId: tutor.id,
      createdById: tutor.id,
      startsAt: new Date(Date.now() + 400 * 86_400_000),
    })
    const old = await insertSession(t.db, student.id, {
      educatorId: tutor.id,
      createdById: tutor.id,
      startsAt: new Date(Date.now() - 61 * 86_400_000),
      status: 'attended',
    })
    const uids = parseSessions(await readTutor()).map((event) => event.uid)
    expect(uids.some((uid) => uid.includes(far) || uid.includes(old))).toBe(false)
    // An archived student's sessions leave every feed.
    await t.db.execute(sql`update student_profiles set archived_at = now() where user_id = ${student.id}`)
    expect(parseSessions(await readGuardian())).toEqual([])
    await t.db.execute(sql`update student_profiles set archived_at = null where user_id = ${student.id}`)
  })
})

describe('folding', () => {
  it('folds long lines at 74 octets as ical-generator does, never inside a character', () => {
    const lines = [
      'SUMMARY:short',
      `DESCRIPTION:${'a'.repeat(200)}`,
      `LOCATION:${'Café Zoë, 12 rue de l’Église, '.repeat(5)}`,
      `SUMMARY:${'東京で数学の授業'.repeat(12)}`,
      `DESCRIPTION:${'tutoring 🎓 with Ms. Xu '.repeat(8)}`,
      'X'.repeat(74),
      'X'.repeat(75),
    ]
    const text = lines.join('\r\n')
    expect(foldLines(text)).toBe(theirFold(text))
  })
})

describe('wallClocks', () => {
  it('reads the same wall clock as Intl, every quarter hour for a year and more, also across half-hour changes', () => {
    const from = new Date('2026-09-01T00:46:13Z')
    const to = new Date('2027-12-01T00:00:00Z')
    const zoned = wallClocks({ from, to })
    for (const zone of ['America/New_York', 'Australia/Lord_Howe']) {
      const intl = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      })
      const mismatches: string[] = []
      for (let at = from.getTime(); at < to.getTime(); at += 15 * 60_000) {
        const time = zoned(new Date(at), zone)
        const parts = Object.fromEntries(
          intl.formatToParts(new Date(at)).map((p) => [p.type, Number(p.value)]),
        )
        if (
          [parts.year, parts.month, parts.day, parts.hour, parts.minute].join() !==
          [time.year, time.month, time.day, time.hour, time.minute].join()
        )
          mismatches.push(new Date(at).toISOString())
      }
      expect(mismatches, zone).toEqual([])
    }
  })
})

describe('vtimezone', () => {
  it('describes each change of offset in the span, and nothing but a standard time where there is none', () => {
    const ny = vtimezone(
      'America/New_York',
      new Date('2026-09-01T00:00:00Z'),
      new Date('2027-12-01T00:00:00Z'),
    )
    expect(ny).toContain(
      'BEGIN:DAYLIGHT\r\nDTSTART:20270314T020000\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400',
    )
    expect(ny).toContain(
      'BEGIN:STANDARD\r\nDTSTART:20261101T020000\r\nTZOFFSETFROM:-0400\r\nTZOFFSETTO:-0500',
    )
    // A span starting off the hour, in a zone half an hour off: each change at its own minute.
    const stJohns = vtimezone(
      'America/St_Johns',
      new Date('2026-09-01T00:46:13Z'),
      new Date('2027-12-01T00:00:00Z'),
    )
    expect(stJohns).toContain('DTSTART:20270314T020000\r\nTZOFFSETFROM:-0330\r\nTZOFFSETTO:-0230')
    expect(stJohns).toContain('DTSTART:20261101T020000\r\nTZOFFSETFROM:-0230\r\nTZOFFSETTO:-0330')
    const tokyo = vtimezone('Asia/Tokyo', new Date('2026-09-01T00:00:00Z'), new Date('2027-12-01T00:00:00Z'))
    expect(tokyo).not.toContain('DAYLIGHT')
    expect(tokyo.match(/BEGIN:STANDARD/g)).toHaveLength(1)
    expect(tokyo).toContain('TZOFFSETTO:+0900')
  })
})
