import { offsetMinutes, wallClock } from '../../../shared/zone-clock'

/**
 * The time zones a person picks from: every IANA name the browser knows, grouped by region
 * ("America", "Europe") and named by their place with the offset it has today:
 * "New York (UTC−05:00)". The offset follows daylight saving, so it is worked out when shown.
 */
export interface TimeZoneOption {
  zone: string
  region: string
  place: string
  offset: string
  /** Minutes east of UTC today, for ordering. */
  minutes: number
  label: string
}

const MINUS = '\u2212'

/** "UTC−05:00" from the zone's long GMT offset today ("GMT-05:00"; "GMT" alone at UTC). */
export function utcOffset(zone: string, now: Date = new Date()): { text: string; minutes: number } {
  const clock = wallClock(now, zone)
  if (clock) return { text: offsetText(clock.offset), minutes: clock.offset }
  let minutes: number
  try {
    minutes = offsetMinutes(
      new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
        .formatToParts(now)
        .find((piece) => piece.type === 'timeZoneName')?.value,
    )
  } catch {
    // A zone this browser does not know (saved from another): shown without its offset.
    return { text: 'UTC?', minutes: 0 }
  }
  return { text: offsetText(minutes), minutes }
}

/** "UTC−05:00", "UTC+05:30", "UTC+00:00". */
function offsetText(minutes: number): string {
  const size = Math.abs(minutes)
  const hours = String(Math.floor(size / 60)).padStart(2, '0')
  return `UTC${minutes < 0 ? MINUS : '+'}${hours}:${String(size % 60).padStart(2, '0')}`
}

/** Places browsers still list by an old name (ICU keeps the first name as canonical). */
const RENAMED: Record<string, string> = {
  Calcutta: 'Kolkata',
  Katmandu: 'Kathmandu',
  Saigon: 'Ho Chi Minh',
  Rangoon: 'Yangon',
  Kiev: 'Kyiv',
  Godthab: 'Nuuk',
  Ulan_Bator: 'Ulaanbaatar',
}

export function timeZoneOption(zone: string, now: Date = new Date()): TimeZoneOption {
  const parts = zone.split('/')
  const region = parts.length > 1 ? parts[0]! : 'Other'
  const last = parts.at(-1)!
  const renamed = RENAMED[last] ? [...parts.slice(1, -1), RENAMED[last]] : parts.slice(1)
  const place = (parts.length > 1 ? renamed.join(' / ') : zone).replaceAll('_', ' ')
  const { text, minutes } = utcOffset(zone, now)
  return { zone, region, place, offset: text, minutes, label: `${place} (${text})` }
}

/** Options already worked out today: one formatter per zone is slow on a phone, so each is made once. */
const optionsMade = new Map<string, TimeZoneOption>()
const optionFor = (zone: string, now: Date) => {
  const key = `${now.toISOString().slice(0, 10)} ${zone}`
  let option = optionsMade.get(key)
  if (!option) {
    option = timeZoneOption(zone, now)
    optionsMade.set(key, option)
  }
  return option
}

/** Every zone the browser knows (and `current`, should it not), by region, each region by place. */
export function timeZoneGroups(current: string, now: Date = new Date()) {
  const names = Intl.supportedValuesOf?.('timeZone') ?? []
  const all = (names.includes(current) ? names : [current, ...names]).map((zone) => optionFor(zone, now))
  const groups = new Map<string, TimeZoneOption[]>()
  for (const option of all) groups.set(option.region, [...(groups.get(option.region) ?? []), option])
  return [...groups.entries()]
    .sort(([a], [b]) => (a === 'Other' ? 1 : b === 'Other' ? -1 : a.localeCompare(b)))
    .map(([region, options]) => ({ region, options: options.sort((a, b) => a.place.localeCompare(b.place)) }))
}

/** Zones worked out per task: about 7 ms on a desktop, well under a long task on a slow phone. */
const ZONES_PER_TASK = 40

/**
 * `timeZoneGroups`, built a slice of zones per task: the ~420 formatters take about 70 ms on a
 * desktop and four times that on a phone, which as one task after hydration blocked the settings
 * page. `done` gets the groups once all are made; the cleanup stops it.
 */
export function buildTimeZoneGroups(
  current: string,
  done: (groups: ReturnType<typeof timeZoneGroups>) => void,
  now: Date = new Date(),
): () => void {
  const names = Intl.supportedValuesOf?.('timeZone') ?? []
  const zones = names.includes(current) ? names : [current, ...names]
  let next = 0
  let timer: ReturnType<typeof setTimeout>
  const slice = () => {
    const end = Math.min(next + ZONES_PER_TASK, zones.length)
    for (; next < end; next++) optionFor(zones[next]!, now)
    if (next < zones.length) timer = setTimeout(slice, 0)
    else done(timeZoneGroups(current, now))
  }
  timer = setTimeout(slice, 0)
  return () => clearTimeout(timer)
}

const fold = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replaceAll('_', ' ').replace(MINUS, '-')

/**
 * The zones that match what was typed: a place or region ("york", "europe"), an IANA name
 * ("america/chicago") or an offset ("-05", "+5:30", "utc+1"); places that start with it first.
 */
export function searchTimeZones(groups: ReturnType<typeof timeZoneGroups>, query: string, limit = 8) {
  const words = fold(query)
    .trim()
    .replace(/^(utc|gmt)\s*/, '')
  if (!words) return []
  const offsetQuery = /^([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(words)
  const matches = groups
    .flatMap((group) => group.options)
    .filter((option) => {
      if (offsetQuery) {
        const [, sign, hours, mins] = offsetQuery
        return option.minutes === (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(mins ?? 0))
      }
      return fold(`${option.place} ${option.region} ${option.zone}`).includes(words)
    })
  const starts = (option: TimeZoneOption) => (fold(option.place).startsWith(words) ? 0 : 1)
  return matches.sort((a, b) => starts(a) - starts(b) || a.place.localeCompare(b.place)).slice(0, limit)
}
