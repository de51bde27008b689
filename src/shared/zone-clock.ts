/**
 * A time zone's offsets over a window of days, so that a page can tell an instant's wall-clock
 * time in the viewer's zone without `Intl` (ADR 059). A page's first `Intl` formatter sets up the
 * browser's locale data: a task of 35-50 ms on a desktop and four times that on a phone, and
 * every page that shows a session, a message or "today" in the viewer's zone used to pay it
 * while it loaded. The server, whose `Intl` is set up once per process, works the viewer's zone
 * out when it serves a page and puts it beside the first screen's answers; the browser uses it
 * for instants inside the window and `Intl` for the rest.
 */
export interface ZoneClock {
  zone: string
  /** The window, in epoch milliseconds: `[from, until)`. */
  from: number
  until: number
  /** Each stretch of one offset: its start (epoch ms), its offset (minutes east of UTC) and its short name ("EST", "GMT+5:30"). */
  spans: Array<[start: number, offsetMinutes: number, name: string]>
}

/** The wall clock at an instant in a zone, as the words are built from. */
export interface WallClock {
  year: number
  /** 0-11. */
  month: number
  day: number
  /** 0 (Sunday) to 6. */
  weekday: number
  hours: number
  minutes: number
  /** Minutes east of UTC. */
  offset: number
  /** The zone's short name at that instant, as en-US writes it ("EST", "GMT+5:30"). */
  name: string
}

const DAY = 86_400_000
const MINUTE = 60_000
/** The window either side of now: recent messages and activity behind, the coming sessions ahead. */
const WINDOW_DAYS = 200
/**
 * Offsets are read a week apart and each change is then found to the minute. No zone's rules
 * change its offset and back within a week; the unit test compares a year of every zone with `Intl`.
 */
const STEP = 7 * DAY

/** Minutes east of UTC from a long GMT name ("GMT-05:00"; "GMT" alone at UTC). */
function offsetMinutes(longName: string | undefined): number {
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(longName ?? '')
  if (!match) return 0
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]))
}

const part = (format: Intl.DateTimeFormat, at: number) =>
  format.formatToParts(at).find((piece) => piece.type === 'timeZoneName')?.value

/**
 * The zone's clock for `WINDOW_DAYS` either side of `now`, worked out with `Intl`: the server's
 * part. Throws the `RangeError` `Intl` throws for a zone it does not know.
 */
export function zoneClockFor(zone: string, now: number = Date.now()): ZoneClock {
  const longNames = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
  // The short name as a session's time shows it ("4:00 PM EST").
  const shortNames = new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: zone,
    timeZoneName: 'short',
  })
  const offsetAt = (at: number) => offsetMinutes(part(longNames, at))
  const nameAt = (at: number) => part(shortNames, at) ?? ''
  const from = Math.floor((now - WINDOW_DAYS * DAY) / MINUTE) * MINUTE
  const until = from + 2 * WINDOW_DAYS * DAY
  const spans: ZoneClock['spans'] = [[from, offsetAt(from), nameAt(from)]]
  for (let at = from; at < until; at += STEP) {
    const next = Math.min(at + STEP, until)
    const before = spans.at(-1)![1]
    if (offsetAt(next) === before) continue
    // The first minute of the new offset, between `at` (old) and `next` (new).
    let low = at
    let high = next
    while (high - low > MINUTE) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE
      if (offsetAt(middle) === before) low = middle
      else high = middle
    }
    spans.push([high, offsetAt(high), nameAt(high)])
  }
  return { zone, from, until, spans }
}

/** The viewer's zone clock, once the page has been given one (in the browser; the server never keeps one). */
let known: ZoneClock | null = null

export function rememberZoneClock(clock: ZoneClock | null): void {
  known = clock
}

/** Whether the page's zone clock is that of `zone` (a name `Intl` knew when the server worked it out). */
export const knowsZone = (zone: string | undefined): boolean => known !== null && known.zone === zone

/**
 * The wall clock of `instant` in `zone` from the page's zone clock, or `null` when the page has
 * none for that zone or the instant lies outside its window (the caller then asks `Intl`).
 */
export function wallClock(instant: Date | number, zone: string | undefined): WallClock | null {
  const clock = known
  const at = typeof instant === 'number' ? instant : instant.getTime()
  if (!clock || clock.zone !== zone || !(at >= clock.from && at < clock.until)) return null
  let span = clock.spans[0]!
  for (const next of clock.spans) {
    if (next[0] > at) break
    span = next
  }
  const local = new Date(at + span[1] * MINUTE)
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth(),
    day: local.getUTCDate(),
    weekday: local.getUTCDay(),
    hours: local.getUTCHours(),
    minutes: local.getUTCMinutes(),
    offset: span[1],
    name: span[2],
  }
}
