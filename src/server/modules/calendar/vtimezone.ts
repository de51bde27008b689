import { tzName, tzOffset, tzScan } from '@date-fns/tz'

/**
 * A VTIMEZONE component (RFC 5545 §3.6.5) for an IANA zone, so that a calendar app reads each
 * `DTSTART;TZID=…` the way the server meant it. ical-generator has no time zone data of its own;
 * the offsets here come from the runtime's (Intl, through @date-fns/tz), the same data that writes
 * every time on screen and in email. Each change of offset between `from` and `to` is one
 * observance with its own DTSTART (no RRULE), which every client reads the same way; an
 * observance at `from` carries the offset in force before the first change.
 */
export function vtimezone(timeZone: string, from: Date, to: Date): string {
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`]
  const startOffset = tzOffset(timeZone, from)
  const changes = offsetChanges(timeZone, from, to)
  // A zone's standard offset is its lowest in the span: the others are daylight time.
  const standard = Math.min(startOffset, ...changes.map((change) => change.offset))
  const observance = (at: Date, offsetFrom: number, offsetTo: number) => {
    const kind = offsetTo > standard ? 'DAYLIGHT' : 'STANDARD'
    lines.push(
      `BEGIN:${kind}`,
      // The onset as a local time in the offset before the change (RFC 5545).
      `DTSTART:${localStamp(at, offsetFrom)}`,
      `TZOFFSETFROM:${offsetText(offsetFrom)}`,
      `TZOFFSETTO:${offsetText(offsetTo)}`,
      `TZNAME:${tzName(timeZone, at, 'short')}`,
      `END:${kind}`,
    )
  }
  observance(from, startOffset, startOffset)
  let before = startOffset
  for (const change of changes) {
    observance(change.date, before, change.offset)
    before = change.offset
  }
  lines.push('END:VTIMEZONE')
  return lines.join('\r\n')
}

/**
 * The zone's changes of offset between two instants, each at its exact minute. `tzScan` steps an
 * hour at a time from `from` and answers the step after each change; the change itself is found
 * here by halving that hour.
 */
export function offsetChanges(timeZone: string, from: Date, to: Date): Array<{ date: Date; offset: number }> {
  return tzScan(timeZone, { start: from, end: to }).map((change) => {
    let before = Math.max(from.getTime(), change.date.getTime() - 3_600_000)
    let after = change.date.getTime()
    while (after - before > 60_000) {
      const middle = before + Math.floor((after - before) / 120_000) * 60_000
      if (tzOffset(timeZone, new Date(middle)) === change.offset) after = middle
      else before = middle
    }
    return { date: new Date(after - (after % 60_000)), offset: change.offset }
  })
}

/** An instant as the wall clock reads it at a UTC offset: 20270314T020000. */
function localStamp(at: Date, offsetMinutes: number): string {
  const local = new Date(at.getTime() + offsetMinutes * 60_000)
  return local.toISOString().slice(0, 19).replaceAll('-', '').replaceAll(':', '')
}

/** Minutes east of UTC as ±HHMM. */
function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+'
  const abs = Math.abs(minutes)
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`
}
