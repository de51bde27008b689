/**
 * The score charts' arithmetic, apart from drawing: where a value lands on a plot and which dates
 * the time axis can label without their labels running into each other.
 */

/** A straight map from a domain onto pixels (a scale; the y one runs upwards, so its range is reversed). */
export function linearScale(domain: readonly [number, number], range: readonly [number, number]) {
  const [d0, d1] = domain
  const [r0, r1] = range
  const span = d1 - d0 || 1
  return (value: number) => r0 + ((value - d0) / span) * (r1 - r0)
}

const DAY_MS = 86_400_000

/** The time axis' ends: a little room either side of the first and last test, more for a single day. */
export function timeDomain(times: readonly number[]): [number, number] {
  const min = Math.min(...times)
  const max = Math.max(...times)
  const pad = max === min ? 15 * DAY_MS : (max - min) * 0.04
  return [min - pad, max + pad]
}

/**
 * Which of the dates' positions get a label: the first and the last always (at phone widths the
 * first was the one a chart library dropped), and those between that keep `minGap` pixels from
 * their neighbours. A label is `labelWidth` wide, centred on its date.
 */
export function pickLabelledTicks(
  positions: readonly number[],
  labelWidth: number,
  minGap: number,
): number[] {
  if (positions.length <= 1) return positions.map((_, index) => index)
  const step = labelWidth + minGap
  const last = positions.length - 1
  // Two dates too close to both carry a label: the latest one is the more useful.
  if (positions[last]! - positions[0]! < step) return [last]
  const picked = [0]
  for (let index = 1; index < last; index++) {
    const fromPrevious = positions[index]! - positions[picked.at(-1)!]!
    const toLast = positions[last]! - positions[index]!
    if (fromPrevious >= step && toLast >= step) picked.push(index)
  }
  picked.push(last)
  return picked
}

/** The index of the position nearest to `x` (positions sorted ascending, at least one). */
export function nearestIndex(positions: readonly number[], x: number): number {
  let best = 0
  for (let index = 1; index < positions.length; index++) {
    if (Math.abs(positions[index]! - x) < Math.abs(positions[best]! - x)) best = index
  }
  return best
}

/** A `YYYY-MM-DD` test date as a time on the axis (UTC midnight, so no zone moves it a day). */
export const dayMs = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`)
