import { tzOffset } from '@date-fns/tz'
import { offsetChanges } from './vtimezone'

interface WallClock {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

/**
 * Instants as iCalendar local date-times in an IANA zone (20261128T160000), as the feed writes
 * them under `DTSTART;TZID=<zone>:`. Inside `span` the local time is the instant plus the zone's
 * offset, read from the same changes of offset the feed's VTIMEZONE lists (one scan per zone, so
 * the two always agree, and no Intl call per event); outside it, Intl.
 */
export function localTimes(span: { from: Date; to: Date }): (instant: Date, timeZone: string) => string {
  const wallClock = wallClocks(span)
  return (instant, timeZone) => {
    const clock = wallClock(instant, timeZone)
    return `${pad(clock.year, 4)}${pad(clock.month)}${pad(clock.day)}T${pad(clock.hour)}${pad(clock.minute)}${pad(clock.second)}`
  }
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

/** The wall clock of an instant in a zone: the offset tables inside `span`, Intl outside it. */
export function wallClocks(span: { from: Date; to: Date }): (instant: Date, timeZone: string) => WallClock {
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
  return wallClock
}
