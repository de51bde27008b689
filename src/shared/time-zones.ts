import { z } from 'zod'

export const DEFAULT_TIME_ZONE = 'America/New_York'

/** The zones `Intl.supportedValuesOf` lists, which never change while the process runs. */
let canonicalZones: Set<string> | undefined

/** Whether `Intl` knows this IANA time zone name (as the browser and the server's ICU do). */
export function isTimeZone(name: string): boolean {
  // Names only (Area/Location, or UTC): no offsets such as +05:00, whose meaning differs by tool.
  if (!/^(?:[A-Za-z][A-Za-z0-9_+-]*\/)*[A-Za-z][A-Za-z0-9_+-]*$/.test(name) || name.length > 64) return false
  // Most names are the runtime's canonical ones: a set lookup. Others (UTC, aliases such as
  // Asia/Kolkata where the runtime lists Asia/Calcutta, and mistakes) ask a formatter, about
  // 0.15 ms each on the server. The list is made on first use: in the browser, at load, it would
  // set up the locale data (ADR 057).
  canonicalZones ??= new Set(Intl.supportedValuesOf?.('timeZone') ?? [])
  if (canonicalZones.has(name)) return true
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name })
    return true
  } catch {
    return false
  }
}

export const timeZoneField = z
  .string()
  .trim()
  .refine(isTimeZone, 'Use a time zone name such as America/New_York.')
