import { describe, expect, it } from 'vitest'
import { practiceFormInputSchema } from '../../src/shared/practice'
import { answerIsRight, sprMatches, sprProblem } from '../../src/shared/practice-answers'
import { layoutOf } from '../../src/shared/practice-layouts'
import { practiceActComposite, rangeScore, scoreAttempt } from '../../src/shared/practice-scoring'
import { answersFor, formBody } from '../helpers/practice-forms'

describe('student-produced responses', () => {
  it('takes equal numbers as the same answer', () => {
    for (const typed of ['3/4', '.75', '0.75', '6/8', '00.75', '0.750'])
      expect(sprMatches(typed, '3/4'), typed).toBe(true)
    for (const typed of ['-3/4', '3/5', '.7', '7.5']) expect(sprMatches(typed, '3/4'), typed).toBe(false)
    expect(sprMatches('-.5', '-1/2')).toBe(true)
    expect(sprMatches('-1/2', '-0.5')).toBe(true)
    expect(sprMatches('.5', '-1/2')).toBe(false)
    expect(sprMatches('7/2', '3.5')).toBe(true)
    expect(sprMatches('4', '4.0')).toBe(true)
    expect(sprMatches('-0', '0')).toBe(true)
  })

  it('takes a value too long for the space as a decimal filling it, cut or rounded', () => {
    for (const typed of ['.6666', '.6667', '0.666', '0.667', '2/3', '4/6'])
      expect(sprMatches(typed, '2/3'), typed).toBe(true)
    for (const typed of ['.666', '.667', '.67', '0.66', '0.6'])
      expect(sprMatches(typed, '2/3'), typed).toBe(false)
    for (const typed of ['-.6666', '-.6667', '-0.666', '-0.667'])
      expect(sprMatches(typed, '-2/3'), typed).toBe(true)
    expect(sprMatches('-.666', '-2/3')).toBe(false)
    expect(sprMatches('.6666', '-2/3')).toBe(false)
  })

  it('refuses what is not a number or does not fit, and mixed numbers', () => {
    expect(sprProblem('3/4')).toBeNull()
    expect(sprProblem('-1234')).toBeNull()
    expect(sprProblem('123456')).toMatch(/at most 5/)
    expect(sprProblem('3 1/2')).toBe('Type a mixed number as a fraction: 7/2 for 3 1/2.')
    expect(sprProblem('-2 1/3')).toBe('Type a mixed number as a fraction: -7/3 for -2 1/3.')
    expect(sprProblem('1,5')).toBe('Use "." for a decimal point, not ",".')
    expect(sprProblem('A')).toMatch(/Type a number/)
    for (const bad of ['1/0', '.', '--1', '1/2/3', 'A', '1,5', ''])
      expect(sprProblem(bad), bad).not.toBeNull()
    expect(sprMatches('3 1/2', '7/2')).toBe(false)
  })

  it('reads letters in any case and responses by value', () => {
    expect(answerIsRight('choice', ['C'], 'c')).toBe(true)
    expect(answerIsRight('choice', ['C'], 'D')).toBe(false)
    expect(answerIsRight('spr', ['3/4', '-2/3'], '-.6667')).toBe(true)
  })
})

describe('scoring', () => {
  it('rounds a range to its midpoint to the nearest 10', () => {
    expect(rangeScore(530, 560)).toBe(550)
    expect(rangeScore(520, 540)).toBe(530)
    expect(rangeScore(600, 630)).toBe(620)
    expect(rangeScore(710, 710)).toBe(710)
  })

  it('takes the ACT composite by each format', () => {
    const sections = { english: 30, math: 28, reading: 31, science: 20 }
    expect(practiceActComposite('enhanced', sections)).toBe(30)
    expect(practiceActComposite('legacy', sections)).toBe(27)
  })

  it('scores a whole SAT: raw, the table, a range row, blanks and the total', () => {
    const body = practiceFormInputSchema.parse(formBody('SAT', null))
    const questions = body.sections.flatMap((s) => s.questions.map((q) => ({ ...q, section: s.section })))
    const scale = body.sections.flatMap((s) => s.scale.map((row) => ({ ...row, section: s.section })))
    const given = [
      ...answersFor('SAT', null, 'reading-writing', 45, 5),
      ...answersFor('SAT', null, 'math', 30, 10),
    ]
    const scored = scoreAttempt({ test: 'SAT', format: null, questions, scale }, given)
    // R&W raw 45 → 650-680 → 670; Math raw 30 → 500.
    expect(scored.sections.map((s) => [s.section, s.raw, s.of, s.scaledLow, s.scaledHigh, s.score])).toEqual([
      ['reading-writing', 45, 54, 650, 680, 670],
      ['math', 30, 44, 500, 500, 500],
    ])
    expect(scored.total).toBe(1170)
    expect(scored.results.filter((r) => r.result === 'blank')).toHaveLength(4 + 4)
    // Math's Algebra: questions 1, 5, … 41 (11); 1-29 right (8), 33, 37 wrong, 41 blank.
    const algebra = scored.skills.find((s) => s.section === 'math' && s.skill === 'Algebra')!
    expect(algebra).toEqual({
      section: 'math',
      skill: 'Algebra',
      questions: 11,
      right: 8,
      blank: 1,
      pointsLost: 30,
    })
  })

  it('refuses a form naming the section, question and row', () => {
    const body = formBody('ACT', 'enhanced')
    body.sections[0]!.questions.pop()
    body.sections[1]!.questions[2]!.skill = 'Poetry'
    body.sections[2]!.scale[10] = { raw: 10, scaled: 2 }
    const paths = practiceFormInputSchema.safeParse(body).error!.issues.map((issue) => issue.path.join('.'))
    expect(paths).toEqual(
      expect.arrayContaining([
        'sections.0.questions',
        'sections.1.questions.2.skill',
        'sections.2.scale.10.scaledLow',
      ]),
    )
    expect(layoutOf('ACT', 'legacy').map((l) => l.questions)).toEqual([75, 60, 40, 40])
  })
})
