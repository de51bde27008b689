import { dateTimeFormat, MONTHS, timeWords, WEEKDAYS } from '../../shared/dates'
import { wallClock } from '../../shared/zone-clock'

/**
 * Session times on screen: instants shown in the viewer's zone, with the session's own zone named
 * when it differs (docs/product.md#sessions). Words through Intl, or by hand from the page's zone
 * clock when it has the zone's (ADR 059); the arithmetic of zones is in `session-zones.ts`, apart,
 * so that a page that only shows sessions does not load date-fns.
 */

const dayFormat = (timeZone: string) =>
  dateTimeFormat({ weekday: 'short', month: 'short', day: 'numeric', timeZone })
const timeFormat = (timeZone: string, zoneName = false) =>
  dateTimeFormat({
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    ...(zoneName ? { timeZoneName: 'short' } : {}),
  })

/** "Tue, Mar 10" in `timeZone`. */
function dayIn(at: Date, timeZone: string): string {
  const clock = wallClock(at, timeZone)
  if (!clock) return dayFormat(timeZone).format(at)
  return `${WEEKDAYS[clock.weekday]}, ${MONTHS[clock.month]} ${clock.day}`
}

/** "4:00 PM", or with the zone's short name "4:00 PM EST", in `timeZone`. */
function timeIn(at: Date, timeZone: string, zoneName = false): string {
  const clock = wallClock(at, timeZone)
  if (!clock) return timeFormat(timeZone, zoneName).format(at)
  const time = timeWords(clock.hours, clock.minutes)
  return zoneName ? `${time} ${clock.name}` : time
}

/** "America/New_York" as "New York". */
export const zoneCity = (timeZone: string) => (timeZone.split('/').pop() ?? timeZone).replaceAll('_', ' ')

/** Whether two zones show different wall-clock times at this instant. */
export function zonesDiffer(instant: string, a: string, b: string): boolean {
  if (a === b) return false
  // Both through `Intl`: a clock's names are the server's, which may not be this browser's.
  const at = new Date(instant)
  return timeFormat(a, true).format(at) !== timeFormat(b, true).format(at)
}

export interface SessionWhen {
  /** "Tue, Mar 10" in the viewer's zone. */
  day: string
  /** "4:00 PM – 5:00 PM EDT" in the viewer's zone. */
  time: string
  /** "7:00 PM in New York, where it was scheduled", when the session's zone shows another time. */
  sessionZone: string | null
}

export function sessionWhen(
  session: { startsAt: string; endsAt: string; timeZone: string },
  viewerZone: string,
): SessionWhen {
  const start = new Date(session.startsAt)
  const end = new Date(session.endsAt)
  const differs = zonesDiffer(session.startsAt, viewerZone, session.timeZone)
  return {
    day: dayIn(start, viewerZone),
    time: `${timeIn(start, viewerZone)} – ${timeIn(end, viewerZone, true)}`,
    sessionZone: differs
      ? `${timeIn(start, session.timeZone, true)} in ${zoneCity(session.timeZone)}, where it was scheduled`
      : null,
  }
}

/** An instant in `timeZone`, with the zone named: "Tue, Mar 10, 4:00 PM EDT". */
export const instantWords = (instant: string, timeZone: string) =>
  `${dayIn(new Date(instant), timeZone)}, ${timeIn(new Date(instant), timeZone, true)}`

/** A plain day (YYYY-MM-DD) in words: "Mon, Mar 9". */
export const plainDayWords = (day: string) => dayFormat('UTC').format(new Date(`${day}T00:00:00Z`))

/** Hours as words: 12.5 → "12.5 hours", 1 → "1 hour". */
export const hoursWords = (hours: number) =>
  `${Number(hours.toFixed(2))} ${Math.abs(hours) === 1 ? 'hour' : 'hours'}`
