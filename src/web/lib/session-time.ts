import { TZDate } from '@date-fns/tz'
import { addDays, addWeeks, format, startOfWeek } from 'date-fns'
import { dateTimeFormat, MONTHS, timeWords, WEEKDAYS } from '../../shared/dates'
import { wallClock } from '../../shared/zone-clock'

/**
 * Session times on screen: instants shown in the viewer's zone, with the session's own zone named
 * when it differs (docs/product.md#sessions), and the week of /schedule counted in the viewer's
 * zone. Zone arithmetic goes through @date-fns/tz; words through Intl, or by hand from the page's
 * zone clock when it has the zone's (ADR 059).
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

/** A date (YYYY-MM-DD) and wall-clock time (HH:mm) in `timeZone`, as an instant with its offset. */
export function zonedInstant(date: string, time: string, timeZone: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const [hour, minute] = time.split(':').map(Number) as [number, number]
  const local = new TZDate(year, month - 1, day, hour, minute, 0, timeZone)
  return format(local, "yyyy-MM-dd'T'HH:mm:ssXXX")
}

/** An instant's date (YYYY-MM-DD) and time (HH:mm) in `timeZone`: the form's fields. */
export function zonedParts(instant: string | Date, timeZone: string): { date: string; time: string } {
  const local = new TZDate(new Date(instant).getTime(), timeZone)
  return { date: format(local, 'yyyy-MM-dd'), time: format(local, 'HH:mm') }
}

/** The Monday (YYYY-MM-DD) of the week holding `instant` in `timeZone`. */
export function weekStart(instant: Date, timeZone: string): string {
  return format(startOfWeek(new TZDate(instant.getTime(), timeZone), { weekStartsOn: 1 }), 'yyyy-MM-dd')
}

/** The seven days (YYYY-MM-DD) of the week starting on `monday`. */
export function weekDays(monday: string): string[] {
  const first = new Date(`${monday}T12:00:00Z`)
  return Array.from({ length: 7 }, (_, index) => format(addDays(first, index), 'yyyy-MM-dd'))
}

/** The Monday `weeks` weeks from `monday`. */
export function shiftWeek(monday: string, weeks: number): string {
  return format(addWeeks(new Date(`${monday}T12:00:00Z`), weeks), 'yyyy-MM-dd')
}

/** A plain day (YYYY-MM-DD) in words: "Mon, Mar 9". */
export const plainDayWords = (day: string) => dayFormat('UTC').format(new Date(`${day}T00:00:00Z`))

/** Minutes since the day's midnight in `timeZone`, and that day (YYYY-MM-DD): where a session sits on the grid. */
export function gridPlace(instant: string, timeZone: string): { day: string; minutes: number } {
  const local = new TZDate(new Date(instant).getTime(), timeZone)
  return { day: format(local, 'yyyy-MM-dd'), minutes: local.getHours() * 60 + local.getMinutes() }
}

/** Hours as words: 12.5 → "12.5 hours", 1 → "1 hour". */
export const hoursWords = (hours: number) =>
  `${Number(hours.toFixed(2))} ${Math.abs(hours) === 1 ? 'hour' : 'hours'}`
