import { describe, expect, it } from 'vitest'
import { localDate, seriesStarts, shiftByWallClock } from '../../src/server/modules/sessions/series'

const NEW_YORK = 'America/New_York'

describe('weekly series in a zone (ADR 050)', () => {
  it('reads the local date of an instant in the zone', () => {
    // 01:30 UTC on the 10th is still the 9th in New York.
    expect(localDate(new Date('2027-03-10T01:30:00Z'), NEW_YORK)).toBe('2027-03-09')
    expect(localDate(new Date('2027-03-10T01:30:00Z'), 'UTC')).toBe('2027-03-10')
  })

  it('keeps the wall-clock time; a time the spring change skips becomes the hour after', () => {
    // 02:30 does not exist in New York on 2027-03-14.
    const starts = seriesStarts(new Date('2027-03-07T02:30:00-05:00'), NEW_YORK, { everyWeeks: 1, count: 3 })
    expect(starts.map((start) => start.toISOString())).toEqual([
      '2027-03-07T07:30:00.000Z',
      '2027-03-14T07:30:00.000Z',
      '2027-03-21T06:30:00.000Z',
    ])
  })

  it('ends on the until date inclusive, read in the zone', () => {
    // 21:30 New York on Tuesdays is already Wednesday in UTC: the local date decides.
    const starts = seriesStarts(new Date('2027-06-01T21:30:00-04:00'), NEW_YORK, {
      everyWeeks: 2,
      until: '2027-06-29',
    })
    expect(starts.map((start) => localDate(start, NEW_YORK))).toEqual([
      '2027-06-01',
      '2027-06-15',
      '2027-06-29',
    ])
  })

  it('moves a later occurrence by the same local change, across the clocks and into a new zone', () => {
    const move = {
      from: new Date('2027-03-08T16:00:00-05:00'),
      fromZone: NEW_YORK,
      to: new Date('2027-03-09T17:00:00-05:00'),
      toZone: NEW_YORK,
    }
    expect(shiftByWallClock(new Date('2027-03-15T16:00:00-04:00'), NEW_YORK, move).toISOString()).toBe(
      '2027-03-16T21:00:00.000Z',
    )
    const toChicago = { ...move, to: new Date('2027-03-08T16:00:00-06:00'), toZone: 'America/Chicago' }
    expect(shiftByWallClock(new Date('2027-03-15T16:00:00-04:00'), NEW_YORK, toChicago).toISOString()).toBe(
      '2027-03-15T21:00:00.000Z',
    )
  })
})
