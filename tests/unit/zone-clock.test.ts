import { afterEach, describe, expect, it } from 'vitest'
import { formatTimestamp, timeWords } from '../../src/shared/dates'
import { todayIn } from '../../src/shared/tasks'
import { rememberZoneClock, wallClock, zoneClockFor } from '../../src/shared/zone-clock'
import { messageTime } from '../../src/web/features/messages/message-rules'
import { utcOffset } from '../../src/web/features/settings/time-zone-options'
import { sessionWhen } from '../../src/web/lib/session-time'

const NOW = Date.UTC(2026, 11, 6, 22, 0)
const HOUR = 3_600_000
const timeWordsOf = (clock: { hours: number; minutes: number }) => timeWords(clock.hours, clock.minutes)

// What the words are held to: Intl's own en-US words, made here without the zone clock.
const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', options)

afterEach(() => rememberZoneClock(null))

/** Runs `words` with `Intl`'s date formatter refusing to be made: what it writes comes from the clock. */
function withoutIntl<T>(words: () => T): T {
  const real = Intl.DateTimeFormat
  Intl.DateTimeFormat = (() => {
    throw new Error('Intl asked while the zone clock should answer')
  }) as unknown as typeof Intl.DateTimeFormat
  try {
    return words()
  } finally {
    Intl.DateTimeFormat = real
  }
}

describe("the viewer's zone clock", () => {
  it('writes every zone’s times exactly as Intl does, across each change of clock in its window', () => {
    const zones = Intl.supportedValuesOf('timeZone')
    expect(zones.length).toBeGreaterThan(300)
    for (const zone of zones) {
      const clock = zoneClockFor(zone, NOW)
      rememberZoneClock(clock)
      const day = intl({ weekday: 'short', month: 'short', day: 'numeric', timeZone: zone })
      const time = intl({ hour: 'numeric', minute: '2-digit', timeZone: zone, timeZoneName: 'short' })
      const message = intl({
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone: zone,
      })
      const date = intl({ month: 'short', day: 'numeric', year: 'numeric', timeZone: zone })
      const parts = intl({ year: 'numeric', month: '2-digit', day: '2-digit', timeZone: zone })
      const longOffset = intl({ timeZone: zone, timeZoneName: 'longOffset' })
      // Every 157 hours (each hour of the day in turn) through the window, and the minutes either
      // side of each change.
      const instants: number[] = []
      for (let at = clock.from; at < clock.until; at += 157 * HOUR) instants.push(at)
      for (const [start] of clock.spans.slice(1)) instants.push(start - 60_000, start, start + 60_000)
      for (const at of instants) {
        const instant = new Date(at)
        const end = new Date(at + HOUR)
        const label = `${zone} at ${instant.toISOString()}`
        const written = withoutIntl(() => ({
          when: sessionWhen(
            { startsAt: instant.toISOString(), endsAt: end.toISOString(), timeZone: zone },
            zone,
          ),
          message: messageTime(instant.toISOString(), zone),
          date: formatTimestamp(instant, zone),
          today: todayIn(zone, instant),
          offset: utcOffset(zone, instant).text,
        }))
        const ymd = Object.fromEntries(parts.formatToParts(instant).map((part) => [part.type, part.value]))
        const gmt = longOffset.formatToParts(instant).find((part) => part.type === 'timeZoneName')!.value
        const [, sign = '+', hours = '00', minutes = '00'] = /GMT([+-])(\d{2}):(\d{2})/.exec(gmt) ?? []
        expect(written, label).toEqual({
          when: {
            day: day.format(instant),
            time: `${time.format(instant).replace(/ \S+$/, '')} – ${time.format(end)}`,
            sessionZone: null,
          },
          message: message.format(instant),
          date: date.format(instant),
          today: `${ymd.year}-${ymd.month}-${ymd.day}`,
          offset: `UTC${sign === '-' ? '\u2212' : '+'}${hours}:${minutes}`,
        })
      }
    }
  })

  it('misses no change of clock: every hour of the window in zones with unusual rules', () => {
    // Half-hour daylight saving (Lord Howe), a 45-minute offset (Chatham), Ramadan's suspension
    // (Casablanca), the south's summer (Santiago, Auckland), and Europe's and the US's changes.
    for (const zone of [
      'Australia/Lord_Howe',
      'Pacific/Chatham',
      'Africa/Casablanca',
      'America/Santiago',
      'Pacific/Auckland',
      'Europe/London',
      'America/New_York',
    ]) {
      const clock = zoneClockFor(zone, NOW)
      rememberZoneClock(clock)
      const time = intl({ hour: 'numeric', minute: '2-digit', timeZone: zone, timeZoneName: 'short' })
      for (let at = clock.from; at < clock.until; at += HOUR) {
        const expected = time.format(at)
        const written = wallClock(at, zone)!
        expect(`${timeWordsOf(written)} ${written.name}`, `${zone} at ${new Date(at).toISOString()}`).toBe(
          expected,
        )
      }
    }
  })

  it('finds a change of name at the same offset', () => {
    // Whitehorse kept UTC−7 from November 2020, and its name went from PDT to GMT-7.
    const whitehorse = zoneClockFor('America/Whitehorse', Date.UTC(2020, 9, 1))
    expect(
      whitehorse.spans.map(([start, offset, name]) => [new Date(start).toISOString(), offset, name]),
    ).toEqual([
      [new Date(whitehorse.from).toISOString(), -420, 'PDT'],
      ['2020-11-01T07:00:00.000Z', -420, 'GMT-7'],
    ])
  })

  it('finds the US changes of clock to the minute, and answers only for its zone and window', () => {
    const clock = zoneClockFor('America/New_York', NOW)
    const changes = clock.spans
      .slice(1)
      .map(([start, offset, name]) => [new Date(start).toISOString(), offset, name])
    expect(changes).toEqual([
      ['2026-11-01T06:00:00.000Z', -300, 'EST'],
      ['2027-03-14T07:00:00.000Z', -240, 'EDT'],
    ])
    expect(clock.spans[0]).toEqual([clock.from, -240, 'EDT'])

    rememberZoneClock(clock)
    expect(wallClock(NOW, 'America/New_York')).toMatchObject({ hours: 17, minutes: 0, name: 'EST' })
    expect(wallClock(NOW, 'America/Chicago')).toBeNull()
    expect(wallClock(clock.until, 'America/New_York')).toBeNull()
    expect(wallClock(clock.from - 1, 'America/New_York')).toBeNull()
    // A session scheduled in another zone: its own time still comes from Intl, as without a clock.
    const inChicago = {
      startsAt: '2026-12-07T21:00:00.000Z',
      endsAt: '2026-12-07T22:00:00.000Z',
      timeZone: 'America/Chicago',
    }
    const withClock = sessionWhen(inChicago, 'America/New_York')
    rememberZoneClock(null)
    expect(withClock).toEqual(sessionWhen(inChicago, 'America/New_York'))
    expect(withClock).toEqual({
      day: 'Mon, Dec 7',
      time: '4:00 PM – 5:00 PM EST',
      sessionZone: '3:00 PM CST in Chicago, where it was scheduled',
    })
    rememberZoneClock(clock)
    // Outside the window, Intl answers as before.
    expect(formatTimestamp(new Date(Date.UTC(2020, 0, 1, 3)), 'America/New_York')).toBe('Dec 31, 2019')
  })

  it('refuses a zone Intl does not know', () => {
    expect(() => zoneClockFor('Mars/Olympus_Mons', NOW)).toThrow(RangeError)
  })
})
