/**
 * Timestamps are instants: shown as 'Mon D, YYYY' in the viewer's time zone (docs/product.md#dates-on-screen).
 * Plain dates (score dates) are calendar days: formatted in UTC so they never shift a day.
 */
const timestampFormat = (timeZone?: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone })

export function formatTimestamp(value: string | Date, timeZone?: string): string {
  return timestampFormat(timeZone).format(typeof value === 'string' ? new Date(value) : value)
}

export function formatPlainDate(isoDate: string): string {
  return timestampFormat('UTC').format(new Date(`${isoDate}T00:00:00Z`))
}

/** Today's calendar date in a fixed UTC offset, as YYYY-MM-DD. */
export function todayAtOffset(offsetHours: number, now: Date = new Date()): string {
  return new Date(now.getTime() + offsetHours * 3_600_000).toISOString().slice(0, 10)
}
