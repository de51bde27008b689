import { describe, expect, it } from 'vitest'
import {
  blankWords,
  clockWords,
  scaledWords,
  scoreParts,
} from '../../src/web/features/practice/practice-words'

/** The answer sheet's and the results' words (docs/product.md#practice-tests). */
describe('practice test words', () => {
  it('show a scaled score as one score, or a range as the range', () => {
    expect(scaledWords({ scaledLow: 610, scaledHigh: 610 })).toBe('610')
    expect(scaledWords({ scaledLow: 600, scaledHigh: 630 })).toBe('600–630')
  })

  it('count the blanks for the submit confirmation', () => {
    expect(blankWords(0)).toBe('No question is blank.')
    expect(blankWords(1)).toBe('1 question is blank.')
    expect(blankWords(46)).toBe('46 questions are blank.')
  })

  it('show the time left, never below zero', () => {
    expect(clockWords(35 * 60_000)).toBe('35:00')
    expect(clockWords(64 * 60_000)).toBe('1:04:00')
    expect(clockWords(61_500)).toBe('1:02')
    expect(clockWords(2 * 3_600_000 + 5_000)).toBe('2:00:05')
    expect(clockWords(-5_000)).toBe('0:00')
  })

  it('put a submitted attempt’s total and sections on one line, a range as a range', () => {
    const section = (label: string, scaledLow: number, scaledHigh: number) => ({
      section: 'math' as const,
      label,
      raw: 0,
      of: 0,
      scaledLow,
      scaledHigh,
      score: scaledLow,
    })
    const attempt = {
      form: { uuid: 'f', name: 'Practice Test 4', test: 'SAT' as const, format: null },
      scores: { total: 840, sections: [section('Reading and Writing', 600, 630), section('Math', 220, 220)] },
    }
    expect(scoreParts(attempt as never)).toEqual(['SAT total 840', 'Reading and Writing 600–630', 'Math 220'])
    expect(scoreParts({ ...attempt, scores: null } as never)).toBeNull()
  })
})
