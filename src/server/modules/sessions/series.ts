import { TZDate } from '@date-fns/tz'
import { addWeeks } from 'date-fns'
import { SERIES_MAX_OCCURRENCES } from '../../../shared/tutoring'
import { fieldError } from '../../problems'

/**
 * The wall-clock arithmetic of weekly series (docs/decisions/050-dates-and-zones-with-date-fns-tz.md):
 * an occurrence is the first one's local date plus whole weeks, at the same local time in the
 * series' zone, so a 16:00 New York lesson stays at 16:00 when the clocks change.
 */

/** The local calendar date of an instant in a zone, as YYYY-MM-DD. */
export function localDate(instant: Date, timeZone: string): string {
  const local = new TZDate(instant.getTime(), timeZone)
  const month = String(local.getMonth() + 1).padStart(2, '0')
  const day = String(local.getDate()).padStart(2, '0')
  return `${local.getFullYear()}-${month}-${day}`
}

/**
 * The starts of a series: `first`, then every `everyWeeks` weeks at the same local time in
 * `timeZone`, while the local date is on or before `until` (inclusive), or `count` of them.
 * More than the maximum is refused, naming the field that asked for it.
 */
export function seriesStarts(
  first: Date,
  timeZone: string,
  repeat: { everyWeeks: number; until?: string | undefined; count?: number | undefined },
): Date[] {
  const start = new TZDate(first.getTime(), timeZone)
  if (repeat.count !== undefined) {
    return Array.from({ length: repeat.count }, (_, index) => occurrence(start, index * repeat.everyWeeks))
  }
  const until = repeat.until!
  if (until < localDate(first, timeZone)) {
    throw fieldError('repeat.until', 'Use a date on or after the first session.')
  }
  const starts: Date[] = []
  for (let index = 0; ; index += 1) {
    const next = occurrence(start, index * repeat.everyWeeks)
    if (localDate(next, timeZone) > until) break
    if (starts.length === SERIES_MAX_OCCURRENCES) {
      throw fieldError(
        'repeat.until',
        `A series has at most ${SERIES_MAX_OCCURRENCES} sessions: choose an earlier date.`,
      )
    }
    starts.push(next)
  }
  return starts
}

/** `weeks` weeks after `start`, at its local wall-clock time (a plain Date: the instant). */
function occurrence(start: TZDate, weeks: number): Date {
  return new Date(addWeeks(start, weeks).getTime())
}

/** An instant's wall-clock reading in a zone, as milliseconds of a clock that has no zone. */
function wallClock(instant: Date, timeZone: string): number {
  const local = new TZDate(instant.getTime(), timeZone)
  return Date.UTC(
    local.getFullYear(),
    local.getMonth(),
    local.getDate(),
    local.getHours(),
    local.getMinutes(),
    local.getSeconds(),
    local.getMilliseconds(),
  )
}

/** The instant a zone-less wall-clock reading names in `timeZone`. */
function fromWallClock(wall: number, timeZone: string): Date {
  const fields = new Date(wall)
  const local = new TZDate(
    fields.getUTCFullYear(),
    fields.getUTCMonth(),
    fields.getUTCDate(),
    fields.getUTCHours(),
    fields.getUTCMinutes(),
    fields.getUTCSeconds(),
    fields.getUTCMilliseconds(),
    timeZone,
  )
  return new Date(local.getTime())
}

/**
 * A reschedule of "this and following": one occurrence moved from `from` (read in `fromZone`) to
 * `to` (read in `toZone`) is a change of local wall-clock time; each following occurrence moves
 * by that same change from its own local time, read in the new zone. A Monday 16:00 lesson moved
 * to Tuesday 17:00 makes every later Monday 16:00 a Tuesday 17:00, whatever the clocks did.
 */
export function shiftByWallClock(
  instant: Date,
  instantZone: string,
  move: { from: Date; fromZone: string; to: Date; toZone: string },
): Date {
  const change = wallClock(move.to, move.toZone) - wallClock(move.from, move.fromZone)
  return fromWallClock(wallClock(instant, instantZone) + change, move.toZone)
}
