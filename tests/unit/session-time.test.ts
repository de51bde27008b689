import { describe, expect, it } from 'vitest'
import type { Session } from '../../src/shared/tutoring'
import {
  meetingLinkHelp,
  plannedHours,
  sessionFormDefaults,
  toSessionInput,
  toSessionPatch,
} from '../../src/web/features/sessions/session-form'
import {
  gridStatusWords,
  insideNoticeWindow,
  noticeHours,
  staffStatusChoices,
  statusSetWords,
  statusWords,
} from '../../src/web/features/sessions/session-words'
import { sessionWhen } from '../../src/web/lib/session-time'
import {
  gridPlace,
  shiftWeek,
  weekDays,
  weekStart,
  zonedInstant,
  zonedParts,
} from '../../src/web/lib/session-zones'

const NY = 'America/New_York'

const session = (over: Partial<Session> = {}): Session => ({
  uuid: '00000000-0000-4000-8000-000000000001',
  studentUUID: '00000000-0000-4000-8000-000000000002',
  studentName: 'Rosa Student',
  educator: { name: 'Eli Educator', uuid: '00000000-0000-4000-8000-000000000003' },
  service: 'tutoring',
  startsAt: '2026-03-09T20:00:00.000Z',
  endsAt: '2026-03-09T21:00:00.000Z',
  durationMinutes: 60,
  timeZone: NY,
  location: { kind: 'online', meetingUrl: 'https://meet.example.com/a' },
  agenda: null,
  status: 'scheduled',
  statusSetBy: null,
  statusSetAt: null,
  awaitingAttendance: false,
  freeCancellationUntil: '2026-03-08T20:00:00.000Z',
  seriesUUID: null,
  noteUUID: null,
  createdBy: { name: 'Eli Educator', uuid: '00000000-0000-4000-8000-000000000003' },
  createdAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
  ...over,
})

describe('session times on screen', () => {
  it('types a wall-clock time in a zone as an instant with that day’s offset, across daylight saving', () => {
    expect(zonedInstant('2026-03-06', '16:00', NY)).toBe('2026-03-06T16:00:00-05:00')
    expect(zonedInstant('2026-03-09', '16:00', NY)).toBe('2026-03-09T16:00:00-04:00')
    expect(zonedInstant('2026-11-02', '16:00', NY)).toBe('2026-11-02T16:00:00-05:00')
    expect(zonedParts('2026-03-09T20:00:00.000Z', NY)).toEqual({ date: '2026-03-09', time: '16:00' })
  })

  it('shows the viewer’s time, and the session’s own when its zone shows another', () => {
    expect(sessionWhen(session(), NY)).toEqual({
      day: 'Mon, Mar 9',
      time: '4:00 PM – 5:00 PM EDT',
      sessionZone: null,
    })
    const inLosAngeles = sessionWhen(session(), 'America/Los_Angeles')
    expect(inLosAngeles.time).toBe('1:00 PM – 2:00 PM PDT')
    expect(inLosAngeles.sessionZone).toBe('4:00 PM EDT in New York, where it was scheduled')
    // Another zone with the same clock says nothing more.
    expect(sessionWhen(session(), 'America/Toronto').sessionZone).toBeNull()
  })

  it('counts the week from Monday in the viewer’s zone, and places a session on its local day', () => {
    // Sunday 23:30 in New York is already Monday in UTC.
    expect(weekStart(new Date('2026-03-09T03:30:00Z'), NY)).toBe('2026-03-02')
    expect(weekStart(new Date('2026-03-09T03:30:00Z'), 'UTC')).toBe('2026-03-09')
    expect(weekDays('2026-03-02')).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
    ])
    expect(shiftWeek('2026-03-02', 1)).toBe('2026-03-09')
    expect(shiftWeek('2026-03-02', -1)).toBe('2026-02-23')
    expect(gridPlace('2026-03-09T03:30:00Z', NY)).toEqual({ day: '2026-03-08', minutes: 23 * 60 + 30 })
  })
})

describe('the schedule form', () => {
  const preset = { studentUUID: 'student', educatorUUID: 'educator' }

  it('sends a weekly series in the viewer’s zone, with the zone named', () => {
    const values = {
      ...sessionFormDefaults(NY, { date: '2026-03-02', time: '16:00' }, null, preset),
      meetingUrl: ' https://meet.example.com/a ',
      repeat: true,
      everyWeeks: '2',
      count: '6',
    }
    expect(toSessionInput(values, NY, false)).toEqual({
      educatorUUID: 'educator',
      service: 'tutoring',
      startsAt: '2026-03-02T16:00:00-05:00',
      durationMinutes: 60,
      timeZone: NY,
      location: { kind: 'online', meetingUrl: 'https://meet.example.com/a' },
      agenda: null,
      repeat: { everyWeeks: 2, count: 6 },
    })
    expect(plannedHours(values)).toBe(6)
    expect(plannedHours({ ...values, ends: 'until', until: '2026-03-30' })).toBe(3)
    expect(toSessionInput({ ...values, repeat: false }, NY, true).allowStudentClash).toBe(true)
  })

  it('sends only what a reschedule changed, with the scope inside a series', () => {
    const inSeries = session({ seriesUUID: '00000000-0000-4000-8000-000000000009' })
    const values = sessionFormDefaults(NY, null, inSeries, preset)
    expect(toSessionPatch(values, inSeries, NY, false)).toEqual({ scope: 'this' })
    expect(toSessionPatch({ ...values, time: '17:30', scope: 'following' }, inSeries, NY, false)).toEqual({
      startsAt: '2026-03-09T17:30:00-04:00',
      timeZone: NY,
      scope: 'following',
    })
    expect(toSessionPatch({ ...values, durationMinutes: '45' }, session(), NY, false)).toEqual({
      durationMinutes: 45,
    })
  })

  it('says whose meeting link a session handed to another educator still holds, until it is changed', () => {
    const educators = [{ uuid: 'cole', name: 'Cole Coach' }]
    const admin = 'admin'
    const eli = session().educator.uuid
    const values = sessionFormDefaults(NY, null, session(), preset)
    const usual = 'An https:// link the student and the educator open.'
    expect(meetingLinkHelp(values, session(), educators, admin)).toBe(usual)
    const handedOver = { ...values, educatorUUID: 'cole' }
    expect(meetingLinkHelp(handedOver, session(), educators, admin)).toBe(
      'This is the link Eli Educator used. If Cole Coach has their own room, put its link here.',
    )
    expect(meetingLinkHelp(handedOver, session(), educators, eli)).toBe(
      'This is the link you used. If Cole Coach has their own room, put its link here.',
    )
    expect(meetingLinkHelp(handedOver, session(), educators, 'cole')).toBe(
      'This is the link Eli Educator used. If you have your own room, put its link here.',
    )
    const changed = { ...handedOver, meetingUrl: 'https://meet.example.com/cole' }
    expect(meetingLinkHelp(changed, session(), educators, admin)).toBe(usual)
    const inPerson = session({ location: { kind: 'in-person', place: 'Library' } })
    expect(meetingLinkHelp(handedOver, inPerson, educators, admin)).toBe(usual)
    expect(meetingLinkHelp(values, null, educators, admin)).toBe(usual)
  })
})

describe('session words', () => {
  it('names the status, the window and whether cancelling now is charged', () => {
    expect(statusWords(session({ awaitingAttendance: true }))).toBe('Awaiting attendance')
    expect(statusWords(session({ status: 'late-cancelled' }))).toBe('Cancelled late (charged)')
    // A week grid's block is narrow: shorter words, the charge still said.
    expect(gridStatusWords(session({ status: 'late-cancelled' }))).toBe('Late, charged')
    expect(gridStatusWords(session({ awaitingAttendance: true }))).toBe('To be marked')
    expect(gridStatusWords(session({ status: 'cancelled' }))).toBe('Cancelled')
    expect(noticeHours(session())).toBe(24)
    expect(insideNoticeWindow(session(), Date.parse('2026-03-08T19:59:59Z'))).toBe(false)
    // Exactly at the boundary is inside the window, as the server decides.
    expect(insideNoticeWindow(session(), Date.parse('2026-03-08T20:00:00Z'))).toBe(true)
  })

  it('offers staff attended and no-show only once the session has started', () => {
    const choices = (overrides: Partial<Session>, now: string) =>
      staffStatusChoices(session(overrides), Date.parse(now)).map((choice) => choice.status)
    const start = session().startsAt
    const before = new Date(Date.parse(start) - 1000).toISOString()
    expect(choices({}, before)).toEqual(['cancelled', 'late-cancelled'])
    expect(choices({}, start)).toEqual(['attended', 'no-show', 'cancelled', 'late-cancelled'])
    // Marked already (a cancelled session moved back): its own mark stays, and "Scheduled" undoes it.
    expect(choices({ status: 'cancelled' }, before)).toEqual(['cancelled', 'late-cancelled', 'scheduled'])
  })

  it('says who cancelled or marked a session and when, in the viewer’s zone', () => {
    const laura = { name: 'Laura Chen', uuid: '00000000-0000-4000-8000-000000000009' }
    const cancelled = session({
      status: 'cancelled',
      statusSetBy: laura,
      statusSetAt: '2026-03-08T14:05:00.000Z',
    })
    expect(statusSetWords(cancelled, { uuid: 'someone-else', zone: NY })).toBe(
      'Cancelled by Laura Chen on Sun, Mar 8, 10:05 AM EDT',
    )
    // Across the world the same instant is the next day; the reader sees "you" for their own change.
    expect(statusSetWords(cancelled, { uuid: laura.uuid, zone: 'Asia/Tokyo' })).toBe(
      'Cancelled by you on Sun, Mar 8, 11:05 PM GMT+9',
    )
    const marked = session({
      status: 'no-show',
      statusSetBy: { ...laura, name: '' },
      statusSetAt: cancelled.statusSetAt,
    })
    expect(statusSetWords(marked, { uuid: 'x', zone: NY })).toMatch(/^Marked by someone no longer here on /)
    // Scheduled again, or changed before this was kept: nothing to say.
    expect(
      statusSetWords(session({ statusSetBy: laura, statusSetAt: cancelled.statusSetAt }), {
        uuid: 'x',
        zone: NY,
      }),
    ).toBeNull()
    expect(statusSetWords(session({ status: 'attended' }), { uuid: 'x', zone: NY })).toBeNull()
  })
})
