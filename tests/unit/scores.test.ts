import { describe, expect, it } from 'vitest'
import {
  actComposite,
  actScoreInputSchema,
  latestEntry,
  latestOfficialEntry,
  latestScoreDate,
  satCumulative,
  satScoreInputSchema,
  scoreProgress,
  superscores,
  targetsInputSchema,
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

describe('superscores', () => {
  it('are null without entries', () => {
    expect(superscores([], [])).toEqual({ sat: null, act: null })
  })

  it('take the best SAT section of each test and add them', () => {
    const sat = [
      { date: '2024-10-05', english: 700, math: 600 },
      { date: '2025-03-08', english: 640, math: 720 },
    ]
    expect(superscores(sat, []).sat).toEqual({ english: 700, math: 720, cumulative: 1420 })
  })

  it("apply the newest ACT's composite rule to the best sections", () => {
    const before = { date: '2025-06-14', english: 30, math: 28, reading: 31, science: 35 }
    const after = { date: '2025-10-25', english: 33, math: 29, reading: 30, science: 20 }
    // Best sections 33, 29, 31, 35: the enhanced rule (newest test) leaves science out: (33+29+31)/3 = 31.
    expect(superscores([], [before, after]).act).toEqual({
      english: 33,
      math: 29,
      reading: 31,
      science: 35,
      cumulative: 31,
    })
    // With only the older test the four-section rule holds: (30+28+31+35)/4 = 31.
    expect(superscores([], [before]).act?.cumulative).toBe(31)
    // Order of the list does not matter: the newest date decides.
    expect(superscores([], [after, before]).act?.cumulative).toBe(31)
  })

  it('round an exact half up under either rule', () => {
    // 4 sections summing to 98: 24.5 -> 25. 3 sections summing to 74: 24.67 -> 25; 73: 24.33 -> 24.
    expect(
      superscores([], [{ date: '2025-08-31', english: 24, math: 25, reading: 24, science: 25 }]).act
        ?.cumulative,
    ).toBe(25)
    expect(
      superscores([], [{ date: '2025-09-01', english: 24, math: 25, reading: 25, science: 1 }]).act
        ?.cumulative,
    ).toBe(25)
    expect(
      superscores([], [{ date: '2025-09-01', english: 24, math: 24, reading: 25, science: 36 }]).act
        ?.cumulative,
    ).toBe(24)
  })
})

describe('latestEntry', () => {
  it('is the last of a list kept oldest first, or null', () => {
    expect(latestEntry([])).toBeNull()
    expect(latestEntry([1, 2, 3])).toBe(3)
  })
})

describe('progress since the first diagnostic or practice test', () => {
  const entry = (date: string, cumulative: number, source?: 'official' | 'practice' | 'diagnostic') => ({
    date,
    cumulative,
    ...(source ? { source } : {}),
  })

  it('runs from the first diagnostic or practice entry to the newest entry', () => {
    const progress = scoreProgress([
      entry('2025-01-10', 1150, 'official'),
      entry('2025-02-01', 1100, 'diagnostic'),
      entry('2025-03-01', 1180, 'practice'),
      entry('2025-05-03', 1260, 'official'),
    ])
    expect(progress).toEqual({
      from: { date: '2025-02-01', total: 1100, source: 'diagnostic' },
      to: { date: '2025-05-03', total: 1260, source: 'official' },
      gain: 160,
    })
  })

  it('starts from the first entry when every entry is official (an entry without a source is official)', () => {
    expect(scoreProgress([entry('2025-01-10', 28), entry('2025-06-10', 31, 'official')])?.gain).toBe(3)
  })

  it('may go down, and is null with nothing after the starting point', () => {
    expect(scoreProgress([entry('2025-01-10', 1300, 'practice'), entry('2025-02-10', 1250)])?.gain).toBe(-50)
    expect(scoreProgress([])).toBeNull()
    expect(scoreProgress([entry('2025-01-10', 1300)])).toBeNull()
    // The only practice test is the newest entry: nothing after it yet.
    expect(scoreProgress([entry('2025-01-10', 1200), entry('2025-02-10', 1300, 'practice')])).toBeNull()
  })
})

describe('targets', () => {
  it('take an SAT total of 400-1600 in steps of 10 and an ACT composite of 1-36; null clears one', () => {
    expect(targetsInputSchema.safeParse({ sat: 1450, act: 33 }).success).toBe(true)
    expect(targetsInputSchema.safeParse({ sat: null }).success).toBe(true)
    expect(targetsInputSchema.safeParse({}).success).toBe(true)
    const refused = (body: object) =>
      targetsInputSchema
        .safeParse(body)
        .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    expect(refused({ sat: 1455 })).toEqual(['sat: SAT totals go in steps of 10.'])
    expect(refused({ sat: 390 })).toEqual(['sat: Use an SAT total from 400 to 1600.'])
    expect(refused({ act: 37 })).toEqual(['act: Use an ACT composite from 1 to 36.'])
    expect(refused({ act: 30.5 })).toEqual(['act: Use a whole number.'])
    expect(refused({ gpa: 4 })).toEqual([': Unknown field: gpa.'])
  })
})

describe('the enhanced ACT', () => {
  it('needs science before 2025-09-01 only, and leaves it out of the composite from then', () => {
    const body = { english: 30, math: 28, reading: 31 }
    expect(actScoreInputSchema.safeParse({ ...body, date: '2025-09-01' }).success).toBe(true)
    const before = actScoreInputSchema.safeParse({ ...body, date: '2025-08-31' })
    expect(before.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['science', 'Science is required for tests before 2025-09-01.'],
    ])
    expect(actComposite({ ...body, science: null }, '2025-09-01')).toBe(30)
    expect(superscores([], [{ ...body, science: null, date: '2025-09-13' }]).act).toEqual({
      ...body,
      science: null,
      cumulative: 30,
    })
  })
})

describe('latestOfficialEntry', () => {
  it('is the newest official entry, skipping practice and diagnostic ones; no source counts as official', () => {
    expect(latestOfficialEntry([])).toBeNull()
    expect(
      latestOfficialEntry([
        { date: '2025-01-01' },
        { date: '2025-03-01', source: 'official' as const },
        { date: '2025-05-01', source: 'practice' as const },
        { date: '2025-06-01', source: 'diagnostic' as const },
      ]),
    ).toEqual({ date: '2025-03-01', source: 'official' })
    expect(latestOfficialEntry([{ date: '2025-05-01', source: 'practice' as const }])).toBeNull()
  })
})
