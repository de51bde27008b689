import { wallClock } from './zone-clock'

/**
 * Timestamps are instants: shown as 'Mon D, YYYY' in the viewer's time zone (docs/product.md#dates-on-screen).
 * Plain dates (score dates) are calendar days: written from their own digits so they never shift a day.
 *
 * Dates in the browser's own zone and plain dates are written without `Intl` (ADR 057): a page's
 * first `Intl` formatter sets up the browser's locale data, a task of 35-50 ms on this machine
 * and four times that on a phone, and these are the dates every first screen shows. The words are
 * `Intl`'s en-US ones (a unit test holds them to it). A date in another zone is written from the
 * page's zone clock when it has that zone's (ADR 059), and otherwise goes through `Intl`, which
 * alone knows the zones.
 */
export const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const
export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const

const monthDayYear = (year: number, monthIndex: number, day: number) =>
  `${MONTHS[monthIndex]} ${day}, ${year}`

/** "4:05 PM", "12:00 AM": a time of day as en-US writes it. */
export const timeWords = (hours: number, minutes: number) =>
  `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`

/** The instant `value` names; one that is not a date throws the `RangeError` `Intl` threw. */
function instantOf(value: string | Date): Date {
  const date = typeof value === 'string' ? new Date(value) : value
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value')
  return date
}

/**
 * An en-US `Intl.DateTimeFormat` with these options, made once per page (or server process) and
 * reused: building one costs far more than formatting with it, and a list of sessions or messages
 * formats several times a row.
 */
const formats = new Map<string, Intl.DateTimeFormat>()
export function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options)
  let format = formats.get(key)
  if (!format) {
    // Zones come from people's settings on the server too: a bound, however they are spelled.
    if (formats.size >= 500) formats.clear()
    format = new Intl.DateTimeFormat('en-US', options)
    formats.set(key, format)
  }
  return format
}

export function formatTimestamp(value: string | Date, timeZone?: string): string {
  const date = instantOf(value)
  if (timeZone === undefined) return monthDayYear(date.getFullYear(), date.getMonth(), date.getDate())
  const clock = wallClock(date, timeZone)
  if (clock) return monthDayYear(clock.year, clock.month, clock.day)
  return dateTimeFormat({ month: 'short', day: 'numeric', year: 'numeric', timeZone }).format(date)
}

/** "10:04 AM": an instant's time of day in the viewer's own zone, as en-US writes it. */
export function formatTimeOfDay(value: string | Date): string {
  const date = instantOf(value)
  return timeWords(date.getHours(), date.getMinutes())
}

/** "Mar 1, 2026" for "2026-03-01". */
export function formatPlainDate(isoDate: string): string {
  const date = instantOf(`${isoDate}T00:00:00Z`)
  return monthDayYear(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate())
}

/** Today's calendar date in a fixed UTC offset, as YYYY-MM-DD. */
export function todayAtOffset(offsetHours: number, now: Date = new Date()): string {
  return new Date(now.getTime() + offsetHours * 3_600_000).toISOString().slice(0, 10)
}
