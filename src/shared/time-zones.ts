import { z } from 'zod'

export const DEFAULT_TIME_ZONE = 'America/New_York'

/** Whether `Intl` knows this IANA time zone name (as the browser and the server's ICU do). */
export function isTimeZone(name: string): boolean {
  // Names only (Area/Location, or UTC): no offsets such as +05:00, whose meaning differs by tool.
  if (!/^(?:[A-Za-z][A-Za-z0-9_+-]*\/)*[A-Za-z][A-Za-z0-9_+-]*$/.test(name) || name.length > 64) return false
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
