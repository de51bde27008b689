import { describe, expect, it } from 'vitest'
import type { CurrentUser } from '../../src/shared/users'
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
})
