import { describe, expect, it } from 'vitest'
import {
  actComposite,
  actScoreInputSchema,
  latestScoreDate,
  satCumulative,
  satScoreInputSchema,
} from '../../src/shared/scores'

const act = (english: number, math: number, reading: number, science: number) => ({
  english,
  math,
  reading,
  science,
})

describe('SAT', () => {
  it('adds the two sections', () => {
    expect(satCumulative({ english: 650, math: 720 })).toBe(1370)
  })

  it('accepts 200-800 in steps of 10 and explains refusals', () => {
    const ok = satScoreInputSchema.safeParse({ date: '2024-03-09', english: 800, math: 200 })
    expect(ok.success).toBe(true)
    const bad = satScoreInputSchema.safeParse({ date: '2024-03-09', english: 755, math: 190 })
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      'SAT section scores go in steps of 10.',
      'Use a score from 200 to 800.',
    ])
  })

  it('refuses dates before the 2005 SAT and says a missing field is required', () => {
    const early = satScoreInputSchema.safeParse({ date: '2005-02-28', english: 500, math: 500 })
    expect(early.error?.issues[0]?.message).toBe('Use a date on or after 2005-03-01.')
    const missing = satScoreInputSchema.safeParse({ date: '2024-03-09', english: 500 })
    expect(missing.error?.issues[0]).toMatchObject({ path: ['math'], message: 'This field is required.' })
  })
})

describe('ACT composite', () => {
  it('is the rounded mean of four sections before 2025-09-01', () => {
    expect(actComposite(act(30, 30, 30, 31), '2025-08-31')).toBe(30) // 30.25
    expect(actComposite(act(30, 30, 31, 31), '2025-08-31')).toBe(31) // 30.5 rounds half up
    expect(actComposite(act(30, 31, 31, 31), '2025-08-31')).toBe(31) // 30.75
  })

  it('leaves science out from 2025-09-01 (the enhanced ACT)', () => {
    expect(actComposite(act(30, 30, 31, 1), '2025-09-01')).toBe(30) // 30.33
    expect(actComposite(act(30, 31, 31, 1), '2025-09-01')).toBe(31) // 30.67
    expect(actComposite(act(1, 1, 2, 36), '2025-09-01')).toBe(1) // 1.33
    expect(actComposite(act(36, 36, 36, 1), '2025-09-01')).toBe(36)
  })

  it('rounds exact halves up at both ends', () => {
    expect(actComposite(act(1, 1, 2, 2), '2020-01-01')).toBe(2) // 1.5
    expect(actComposite(act(35, 35, 36, 36), '2020-01-01')).toBe(36) // 35.5
  })

  it('accepts 1-36 whole numbers only', () => {
    const bad = actScoreInputSchema.safeParse({
      date: '2024-06-08',
      english: 0,
      math: 37,
      reading: 20.5,
      science: 20,
    })
    expect(bad.error?.issues.map((i) => i.path[0])).toEqual(['english', 'math', 'reading'])
  })
})

describe('score dates', () => {
  it('allow today in the earliest time zone (UTC+14), not the day after', () => {
    const now = new Date('2026-03-01T12:00:00Z') // already 2026-03-02 in Kiribati
    expect(latestScoreDate(now)).toBe('2026-03-02')
    expect(latestScoreDate(new Date('2026-03-01T09:59:59Z'))).toBe('2026-03-01')
  })

  it('refuses a date in the future', () => {
    const future = satScoreInputSchema.safeParse({ date: '2999-01-01', english: 500, math: 500 })
    expect(future.error?.issues[0]?.message).toBe('The date cannot be in the future.')
  })
})
