import { TZDate } from '@date-fns/tz'
import { addDays, addWeeks, format, startOfWeek } from 'date-fns'

/**
 * Dates and times typed in a zone, and the week of /schedule counted in the viewer's zone: zone
 * arithmetic through @date-fns/tz rather than offset rules of our own. The forms and the week grid
 * load it; a page that only shows sessions needs `session-time.ts` alone.
 */

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

/** Minutes since the day's midnight in `timeZone`, and that day (YYYY-MM-DD): where a session sits on the grid. */
export function gridPlace(instant: string, timeZone: string): { day: string; minutes: number } {
  const local = new TZDate(new Date(instant).getTime(), timeZone)
  return { day: format(local, 'yyyy-MM-dd'), minutes: local.getHours() * 60 + local.getMinutes() }
}
