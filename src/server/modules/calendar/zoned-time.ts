import { tzOffset } from '@date-fns/tz'
import type { ICalTemporalPlainDateTimeStub, ICalTemporalZonedDateTimeStub } from 'ical-generator'
import { offsetChanges } from './vtimezone'

type WallClock = Pick<ICalTemporalPlainDateTimeStub, 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second'>

/**
 * Instants as wall-clock times in an IANA zone, in the shape ical-generator takes for a
 * `Temporal.ZonedDateTime`, so that it writes `DTSTART;TZID=<zone>:<local time>`. Inside `span`
 * the local time is the instant plus the zone's offset, read from the same changes of offset the
 * feed's VTIMEZONE lists (one scan per zone, so the two always agree, and no Intl call per
 * event); outside it, Intl.
 */
export function zonedTimes(span: {
  from: Date
  to: Date
}): (instant: Date, timeZone: string) => ICalTemporalZonedDateTimeStub {
  const formatters = new Map<string, Intl.DateTimeFormat>()
  const offsets = new Map<string, Array<{ from: number; offset: number }>>()
  const offsetAt = (instant: number, timeZone: string): number => {
    let table = offsets.get(timeZone)
    if (!table) {
      table = [
        { from: span.from.getTime(), offset: tzOffset(timeZone, span.from) },
        ...offsetChanges(timeZone, span.from, span.to).map((change) => ({
          from: change.date.getTime(),
          offset: change.offset,
        })),
      ]
      offsets.set(timeZone, table)
    }
    let offset = table[0]!.offset
    for (const entry of table) {
      if (entry.from > instant) break
      offset = entry.offset
    }
    return offset
  }
  const wallClock = (instant: Date, timeZone: string): WallClock => {
    const time = instant.getTime()
    if (time >= span.from.getTime() && time < span.to.getTime()) {
      const local = new Date(time + offsetAt(time, timeZone) * 60_000)
      return {
        year: local.getUTCFullYear(),
        month: local.getUTCMonth() + 1,
        day: local.getUTCDate(),
        hour: local.getUTCHours(),
        minute: local.getUTCMinutes(),
        second: local.getUTCSeconds(),
      }
    }
    let format = formatters.get(timeZone)
    if (!format) {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      })
      formatters.set(timeZone, format)
    }
    const parts: Record<string, number> = {}
    for (const part of format.formatToParts(instant)) parts[part.type] = Number(part.value)
    return {
      year: parts.year!,
      month: parts.month!,
      day: parts.day!,
      hour: parts.hour!,
      minute: parts.minute!,
      second: parts.second!,
    }
  }
  const zoned = (instant: Date, timeZone: string): ICalTemporalZonedDateTimeStub => {
    const clock = wallClock(instant, timeZone)
    const pad = (n: number, width = 2) => String(n).padStart(width, '0')
    const plainText = `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}T${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)}`
    const self: ICalTemporalZonedDateTimeStub = {
      ...clock,
      timeZoneId: timeZone,
      toInstant: () => ({
        epochMilliseconds: instant.getTime(),
        toJSON: () => instant.toISOString(),
        toString: () => instant.toISOString(),
        toZonedDateTimeISO: (zone: string) => zoned(instant, zone),
      }),
      toPlainDateTime: () => ({
        ...clock,
        toJSON: () => plainText,
        toString: () => plainText,
        toPlainDate: () => ({
          year: clock.year,
          month: clock.month,
          day: clock.day,
          toJSON: () => plainText.slice(0, 10),
          toString: () => plainText.slice(0, 10),
        }),
        toZonedDateTime: (zone: string) => (zone === timeZone ? self : zoned(instant, zone)),
      }),
      withTimeZone: (zone: string) => (zone === timeZone ? self : zoned(instant, zone)),
      toJSON: () => `${plainText}[${timeZone}]`,
      toString: () => `${plainText}[${timeZone}]`,
    }
    return self
  }
  return zoned
}
