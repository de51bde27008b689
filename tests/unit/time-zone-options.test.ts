import { describe, expect, it } from 'vitest'
import {
  buildTimeZoneGroups,
  searchTimeZones,
  timeZoneGroups,
  timeZoneOption,
  utcOffset,
} from '../../src/web/features/settings/time-zone-options'

const winter = new Date('2026-01-15T12:00:00Z')
const summer = new Date('2026-07-15T12:00:00Z')

describe('time zones as people pick them', () => {
  it('names a zone by its place with its offset that day, daylight saving included', () => {
    expect(timeZoneOption('America/New_York', winter).label).toBe('New York (UTC\u221205:00)')
    expect(timeZoneOption('America/New_York', summer).label).toBe('New York (UTC\u221204:00)')
    expect(timeZoneOption('Asia/Kolkata', winter).label).toBe('Kolkata (UTC+05:30)')
    expect(utcOffset('UTC', winter)).toEqual({ text: 'UTC+00:00', minutes: 0 })
    expect(timeZoneOption('America/Argentina/Buenos_Aires', winter)).toMatchObject({
      region: 'America',
      place: 'Argentina / Buenos Aires',
    })
  })

  it('groups every zone by region, places in order, a zone the browser lacks kept', () => {
    const groups = timeZoneGroups('Mars/Olympus_Mons', winter)
    const regions = groups.map((group) => group.region)
    expect(regions).toContain('America')
    expect(regions).toContain('Europe')
    const america = groups.find((group) => group.region === 'America')!.options.map((option) => option.place)
    expect(america).toEqual([...america].sort((a, b) => a.localeCompare(b)))
    expect(
      groups.flatMap((group) => group.options).some((option) => option.label === 'Olympus Mons (UTC?)'),
    ).toBe(true)
  })

  it('finds zones by place, region, IANA name or offset, places that start with it first', () => {
    const groups = timeZoneGroups('America/New_York', winter)
    expect(searchTimeZones(groups, 'chicago').map((option) => option.zone)).toEqual(['America/Chicago'])
    expect(searchTimeZones(groups, 'America/Los_Angeles')[0]?.zone).toBe('America/Los_Angeles')
    expect(searchTimeZones(groups, 'new y')[0]?.zone).toBe('America/New_York')
    // Browsers list some places by an old name; they are shown and found by today's.
    const india = searchTimeZones(groups, 'utc+5:30').filter((option) => option.place === 'Kolkata')
    expect(india).toHaveLength(1)
    expect(searchTimeZones(groups, 'kolkata')[0]?.place).toBe('Kolkata')
    expect(searchTimeZones(groups, '\u221206').every((option) => option.minutes === -360)).toBe(true)
    expect(searchTimeZones(groups, 'europe', 8)).toHaveLength(8)
    expect(searchTimeZones(groups, '   ')).toEqual([])
  })

  it('builds the same groups a slice per task, and stops when cleaned up', async () => {
    const built = await new Promise<ReturnType<typeof timeZoneGroups>>((resolve) => {
      buildTimeZoneGroups('Mars/Olympus_Mons', resolve, summer)
    })
    expect(built).toEqual(timeZoneGroups('Mars/Olympus_Mons', summer))

    let called = false
    const stop = buildTimeZoneGroups('America/New_York', () => {
      called = true
    })
    stop()
    // Longer than the slices take to finish when nothing stops them.
    await new Promise<ReturnType<typeof timeZoneGroups>>((resolve) => buildTimeZoneGroups('UTC', resolve))
    expect(called).toBe(false)
  })
})
