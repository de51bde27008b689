import { afterEach, describe, expect, it } from 'vitest'
import { formatTimestamp } from '../../src/shared/dates'
import { todayIn } from '../../src/shared/tasks'
import { rememberZoneClock, wallClock, zoneClockFor } from '../../src/shared/zone-clock'
import { messageTime } from '../../src/web/features/messages/message-rules'
import { utcOffset } from '../../src/web/features/settings/time-zone-options'
import { sessionWhen } from '../../src/web/lib/session-time'

const NOW = Date.UTC(2026, 11, 6, 22, 0)
const HOUR = 3_600_000

// What the words are held to: Intl's own en-US words, made here without the zone clock.
const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', options)

afterEach(() => rememberZoneClock(null))

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
        const when = sessionWhen(
          { startsAt: instant.toISOString(), endsAt: end.toISOString(), timeZone: zone },
          zone,
        )
        const label = `${zone} at ${instant.toISOString()}`
        // The words below come from the clock, not from Intl.
        expect(wallClock(instant, zone), label).not.toBeNull()
        expect(when.day, label).toBe(day.format(instant))
        expect(when.time, label).toBe(`${time.format(instant).replace(/ \S+$/, '')} – ${time.format(end)}`)
        expect(messageTime(instant.toISOString(), zone), label).toBe(message.format(instant))
        expect(formatTimestamp(instant, zone), label).toBe(date.format(instant))
        const ymd = Object.fromEntries(parts.formatToParts(instant).map((part) => [part.type, part.value]))
        expect(todayIn(zone, instant), label).toBe(`${ymd.year}-${ymd.month}-${ymd.day}`)
        const gmt = longOffset.formatToParts(instant).find((part) => part.type === 'timeZoneName')!.value
        const [, sign = '+', hours = '00', minutes = '00'] = /GMT([+-])(\d{2}):(\d{2})/.exec(gmt) ?? []
        expect(utcOffset(zone, instant).text, label).toBe(
          `UTC${sign === '-' ? '\u2212' : '+'}${hours}:${minutes}`,
        )
      }
    }
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
    // Outside the window, Intl answers as before.
    expect(formatTimestamp(new Date(Date.UTC(2020, 0, 1, 3)), 'America/New_York')).toBe('Dec 31, 2019')
  })

  it('refuses a zone Intl does not know', () => {
    expect(() => zoneClockFor('Mars/Olympus_Mons', NOW)).toThrow(RangeError)
  })
})
