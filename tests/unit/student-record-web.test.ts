import { describe, expect, it } from 'vitest'
import { formatPlainDate, formatTimestamp } from '../../src/shared/dates'
import type { StudentDocument } from '../../src/shared/documents'
import { satScoreInputSchema } from '../../src/shared/scores'
import type { Student } from '../../src/shared/students'
import type { CurrentUser } from '../../src/shared/users'
import {
  canAddDocument,
  canChangeDocument,
  canChangeScores,
  canFlagDocuments,
  canManageTeam,
  recordAccess,
} from '../../src/web/features/students/access'
import { actScoreFormSchema, satScoreFormSchema } from '../../src/web/features/students/score-tests'

const STUDENT = '00000000-0000-4000-8000-000000000001'
const EDUCATOR = '00000000-0000-4000-8000-000000000002'
const FAO = '00000000-0000-4000-8000-000000000003'

const user = (uuid: string, profiles: Partial<CurrentUser>): CurrentUser => ({
  uuid,
  name: uuid,
  email: `${uuid}@example.test`,
  ...profiles,
})

const student: Student = {
  uuid: STUDENT,
  name: 'Sam',
  archived: false,
  guardians: [],
  team: [
    { uuid: EDUCATOR, name: 'Eve', profileEducator: { bio: '' } },
    { uuid: FAO, name: 'Fay', profileFao: {} },
  ],
  documents: [],
  satScoresHistorical: [],
  actScoresHistorical: [],
  superscores: { sat: null, act: null },
}

const document = (creator: string, hidden = false): StudentDocument => ({
  uuid: 'd',
  studentUUID: STUDENT,
  creator: { uuid: creator, name: creator },
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  hidden,
  pinned: false,
  name: 'Essay',
  url: 'https://example.com',
})

describe('which controls a viewer sees (docs/product.md#permissions)', () => {
  const admin = user('admin', { profileAdmin: {} })
  const educator = user(EDUCATOR, { profileEducator: { bio: 'x' } })
  const fao = user(FAO, { profileFao: {} })
  const self = user(STUDENT, { profileStudent: { satScoresHistorical: [], actScoresHistorical: [] } })

  it('works out the access the server decides', () => {
    expect(recordAccess(admin, student)).toBe('admin')
    expect(recordAccess(educator, student)).toBe('editor')
    expect(recordAccess(fao, student)).toBe('reader')
    expect(recordAccess(self, student)).toBe('self')
  })

  it('gives staff on the team everything but the team, an FAO nothing, the student their own', () => {
    expect(
      [canChangeScores, canAddDocument, canFlagDocuments, canManageTeam].map((can) => can('admin')),
    ).toEqual([true, true, true, true])
    expect(
      [canChangeScores, canAddDocument, canFlagDocuments, canManageTeam].map((can) => can('editor')),
    ).toEqual([true, true, true, false])
    expect(
      [canChangeScores, canAddDocument, canFlagDocuments, canManageTeam].map((can) => can('reader')),
    ).toEqual([false, false, false, false])
    expect(
      [canChangeScores, canAddDocument, canFlagDocuments, canManageTeam].map((can) => can('self')),
    ).toEqual([true, true, false, false])
    expect(canChangeDocument('editor', educator, document(STUDENT))).toBe(true)
    expect(canChangeDocument('reader', fao, document(FAO))).toBe(false)
    expect(canChangeDocument('self', self, document(STUDENT))).toBe(true)
    expect(canChangeDocument('self', self, document(EDUCATOR))).toBe(false)
    expect(canChangeDocument('self', self, document(STUDENT, true))).toBe(false)
  })
})

describe('the add-score forms', () => {
  it('give a missing or malformed date one message (the shared schema, as the API uses it)', () => {
    for (const date of ['', '2025-13-45']) {
      const result = satScoreInputSchema.safeParse({ date, english: 600, math: 600 })
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([
        date === '' ? 'This field is required.' : 'Use a date as YYYY-MM-DD.',
      ])
    }
  })

  it('read text fields as numbers with the shared rules and messages', () => {
    expect(satScoreFormSchema.parse({ date: '2025-03-08', english: '650', math: ' 700 ' })).toEqual({
      date: '2025-03-08',
      english: 650,
      math: 700,
    })
    const empty = satScoreFormSchema.safeParse({ date: '', english: '', math: '' })
    expect(empty.error?.issues.map((issue) => issue.message)).toEqual([
      'This field is required.',
      'This field is required.',
      'This field is required.',
    ])
    const bad = actScoreFormSchema.safeParse({
      date: '1989-12-31',
      english: 'ten',
      math: '37',
      reading: '20.5',
      science: '20',
    })
    expect(bad.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([
      'date: Use a date on or after 1990-01-01.',
      'english: Enter a number.',
      'math: Use a score from 1 to 36.',
      'reading: Use a whole number.',
    ])
  })
})

describe('dates on the record', () => {
  it('show a score date as the same day in every time zone, and a timestamp in the viewer’s', () => {
    expect(formatPlainDate('2025-03-08')).toBe('Mar 8, 2025')
    expect(formatTimestamp('2025-03-08T03:00:00Z', 'America/Los_Angeles')).toBe('Mar 7, 2025')
    expect(formatTimestamp('2025-03-08T20:00:00Z', 'Asia/Tokyo')).toBe('Mar 9, 2025')
  })
})
