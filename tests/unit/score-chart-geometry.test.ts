import { describe, expect, it } from 'vitest'
import {
  dayMs,
  linearScale,
  nearestIndex,
  pickLabelledTicks,
  timeDomain,
} from '../../src/web/features/scores/chart-geometry'

describe('score chart geometry', () => {
  it('maps a value onto pixels, the y axis upwards', () => {
    const y = linearScale([400, 1600], [192, 8])
    expect(y(400)).toBe(192)
    expect(y(1600)).toBe(8)
    expect(y(1000)).toBe(100)
  })

  it('gives a single test room either side, and several a little', () => {
    const one = dayMs('2025-03-08')
    expect(timeDomain([one])).toEqual([one - 15 * 86_400_000, one + 15 * 86_400_000])
    const [low, high] = timeDomain([0, 100])
    expect([low, high]).toEqual([-4, 104])
  })

  it('labels the first and last dates always, and those between that fit', () => {
    expect(pickLabelledTicks([0, 10, 20, 100, 200], 50, 10)).toEqual([0, 3, 4])
    expect(pickLabelledTicks([0, 300], 80, 12)).toEqual([0, 1])
    // Too close for two labels: the latest keeps its own.
    expect(pickLabelledTicks([0, 30], 80, 12)).toEqual([1])
    expect(pickLabelledTicks([5], 80, 12)).toEqual([0])
  })

  it('finds the test nearest the pointer', () => {
    expect(nearestIndex([10, 50, 90], 0)).toBe(0)
    expect(nearestIndex([10, 50, 90], 65)).toBe(1)
    expect(nearestIndex([10, 50, 90], 200)).toBe(2)
  })
})
