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
 * Offsets and names are read a week apart and each change is then found to the minute, the scan
 * going on from it. No zone's rules change and change back within a week; the unit test compares
 * every zone's window with `Intl`.
 */
const STEP = 7 * DAY

/** Minutes east of UTC from a long GMT name ("GMT-05:00"; "GMT" alone at UTC). */
export function offsetMinutes(longName: string | undefined): number {
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
  // Whether `at` still has the offset and the name of `span` (a name can change alone: Whitehorse
  // went from PDT to GMT-7 at the same offset in 2020).
  const within = (at: number, span: ZoneClock['spans'][number]) =>
    offsetAt(at) === span[1] && nameAt(at) === span[2]
  let at = from
  while (at < until) {
    const next = Math.min(at + STEP, until)
    const current = spans.at(-1)!
    if (within(next, current)) {
      at = next
      continue
    }
    // The first minute of the next span, between `at` (in the current one) and `next` (not).
    let low = at
    let high = next
    while (high - low > MINUTE) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE
      if (within(middle, current)) low = middle
      else high = middle
    }
    spans.push([high, offsetAt(high), nameAt(high)])
    // On from the change, so a second one in the same week is found too.
    at = high
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
