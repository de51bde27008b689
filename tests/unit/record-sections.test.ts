import { describe, expect, it } from 'vitest'
import { profileWords } from '../../src/web/features/students/components/record-overview'
import { scoreGapWords } from '../../src/web/features/students/record-summary'
import {
  chosenSection,
  RECORD_SECTIONS,
  recordSectionSearchSchema,
  visibleSections,
} from '../../src/web/lib/record-sections'

/** The record's sections and overview words (docs/product.md#the-records-overview-and-sections). */
describe("the record's sections", () => {
  it('keep a known section in the address and drop anything else', () => {
    expect(recordSectionSearchSchema.parse({ section: 'plan' })).toEqual({ section: 'plan' })
    expect(recordSectionSearchSchema.parse({ section: 'grades' })).toEqual({})
    expect(recordSectionSearchSchema.parse({ section: ['plan'] })).toEqual({})
    expect(recordSectionSearchSchema.parse({})).toEqual({})
  })

  it("keep the Messages section's conversation, family or staff, and drop anything else", () => {
    expect(recordSectionSearchSchema.parse({ section: 'messages', conversation: 'staff' })).toEqual({
      section: 'messages',
      conversation: 'staff',
    })
    expect(recordSectionSearchSchema.parse({ section: 'messages', conversation: 'team' })).toEqual({
      section: 'messages',
    })
  })

  it('show History to admins only, Sessions and Practice tests to all but an FAO, and fall back to Scores for what the viewer does not see', () => {
    const ids = (access: Parameters<typeof visibleSections>[0]) => visibleSections(access).map((s) => s.id)
    expect(ids('admin')).toEqual(RECORD_SECTIONS.map((section) => section.id))
    for (const access of ['editor', 'self', 'guardian'] as const) {
      expect(ids(access)).toEqual([
        'scores',
        'practice',
        'plan',
        'sessions',
        'notes',
        'messages',
        'documents',
        'family',
      ])
      expect(chosenSection(access, 'history').id).toBe('scores')
    }
    expect(ids('reader')).toEqual(['scores', 'plan', 'notes', 'messages', 'documents', 'family'])
    expect(chosenSection('reader', 'sessions').id).toBe('scores')
    expect(chosenSection('reader', 'practice').id).toBe('scores')
    expect(chosenSection('admin', 'history').id).toBe('history')
    expect(chosenSection('self', undefined).id).toBe('scores')
    expect(chosenSection('guardian', 'documents').label).toBe('Documents')
  })
})

describe("the overview's words", () => {
  it('say the gap to the target, or that it is reached or not set', () => {
    expect(scoreGapWords(1380, 1450)).toBe('Target 1450 · 70 to go')
    expect(scoreGapWords(1450, 1450)).toBe('Target 1450 · reached')
    expect(scoreGapWords(33, 31)).toBe('Target 31 · reached')
    expect(scoreGapWords(30, null)).toBe('No target set')
  })

  it('write the class year, school and next planned test when the record has them', () => {
    expect(profileWords({ classYear: 2027, school: 'Lincoln High School', nextTest: null })).toBe(
      'Class of 2027 · Lincoln High School',
    )
    expect(
      profileWords({ classYear: 2027, school: null, nextTest: { test: 'SAT', date: '2027-03-13' } }),
    ).toBe('Class of 2027 · SAT on Mar 13, 2027')
    expect(profileWords({ classYear: null, school: 'Lincoln High School', nextTest: null })).toBe(
      'Lincoln High School',
    )
    expect(profileWords({ classYear: null, school: '', nextTest: null })).toBeNull()
    expect(profileWords(undefined)).toBeNull()
  })
})
