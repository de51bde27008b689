import { describe, expect, it } from 'vitest'
import type { CurrentUser } from '../../src/shared/users'
import { requiredText } from '../../src/shared/validation'
import { TESTS } from '../../src/web/features/students/score-tests'
import { onboardingIntro } from '../../src/web/features/users/onboarding-intro'

const person = (profiles: Partial<CurrentUser>): CurrentUser => ({
  name: '',
  uuid: '00000000-0000-4000-8000-000000000001',
  email: 'someone@example.test',
  ...profiles,
})

describe('words that fit the reader', () => {
  it('tells each role who will see their name at onboarding', () => {
    expect(onboardingIntro(person({ profileEducator: { bio: '' } }))).toContain(
      'Your students and their families',
    )
    expect(
      onboardingIntro(person({ profileStudent: { satScoresHistorical: [], actScoresHistorical: [] } })),
    ).toContain('Your educators will see it.')
    for (const other of [person({ profileAdmin: {} }), person({ profileFao: {} })]) {
      expect(onboardingIntro(other)).not.toContain('Your educators')
    }
    expect(onboardingIntro(person({ profileFao: {} }))).toContain('The students whose teams you join')
  })

  it('speaks to a student about their own scores, and asks no FAO to add one', () => {
    for (const test of [TESTS.sat, TESTS.act]) {
      expect(test.emptyText.self).not.toContain("the student's")
      expect(test.emptyText.self).not.toContain('the student has')
      expect(test.emptyText.reader).not.toMatch(/\bAdd\b/)
    }
    expect(TESTS.sat.emptyText.editor).toBe(
      "No SAT scores yet. Add the first one after the student's diagnostic.",
    )
  })
})

describe('required text', () => {
  const name = requiredText(100)
  const messages = (value: unknown) => name.safeParse(value).error?.issues.map((issue) => issue.message)

  it('says the length message for a long value, and the required message only for a missing one', () => {
    expect(messages('A'.repeat(420))).toEqual(['Use at most 100 characters.'])
    expect(messages('   ')).toEqual(['This field is required.'])
    expect(messages(undefined)).toEqual(['This field is required.'])
  })

  it('needs a character a reader can see', () => {
    for (const invisible of [
      '\u200B',
      '\u200B\u200C\u200D\u2060',
      '\uFEFF\u00AD',
      '\u3164\u3164',
      '\u2800',
    ]) {
      expect(messages(invisible)).toEqual(['Use at least one visible character.'])
    }
    expect(name.parse(' Zoë\u200B ')).toBe('Zoë\u200B')
    expect(name.parse('李')).toBe('李')
  })
})
