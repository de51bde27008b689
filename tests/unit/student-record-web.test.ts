import { describe, expect, it } from 'vitest'
import { formatPlainDate, formatTimestamp } from '../../src/shared/dates'
import type { StudentDocument } from '../../src/shared/documents'
import type { SessionNote } from '../../src/shared/notes'
import { satScoreInputSchema } from '../../src/shared/scores'
import type { Student } from '../../src/shared/students'
import type { CurrentUser } from '../../src/shared/users'
import {
  formatDuration,
  localToday,
  noteFormDefaults,
  noteFormSchema,
} from '../../src/web/features/notes/note-form'
import { actScoreFormSchema, satScoreFormSchema, TESTS } from '../../src/web/features/scores/score-tests'
import {
  canAddDocument,
  canChangeDocument,
  canChangeScores,
  canDeleteNote,
  canEditNote,
  canFlagDocuments,
  canManageFamily,
  canManageTeam,
  canOpenGuardianProfile,
  canWriteNotes,
  type RecordAccess,
  recordAccess,
} from '../../src/web/lib/record-access'

const STUDENT = '00000000-0000-4000-8000-000000000001'
const EDUCATOR = '00000000-0000-4000-8000-000000000002'
const FAO = '00000000-0000-4000-8000-000000000003'
const PARENT = '00000000-0000-4000-8000-000000000004'
const OTHER_PARENT = '00000000-0000-4000-8000-000000000005'

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
  guardians: [
    { uuid: PARENT, name: 'Pat', relationship: 'Mother' },
    { uuid: OTHER_PARENT, name: 'Lee', relationship: 'Father' },
  ],
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
  file: null,
})

const admin = user('admin', { profileAdmin: {} })
const educator = user(EDUCATOR, { profileEducator: { bio: 'x' } })
const fao = user(FAO, { profileFao: {} })
const parent = user(PARENT, { profileGuardian: {} })

describe('which controls a viewer sees (docs/product.md#permissions)', () => {
  const self = user(STUDENT, { profileStudent: { satScoresHistorical: [], actScoresHistorical: [] } })

  it('works out the access the server decides', () => {
    expect(recordAccess(admin, student).kind).toBe('admin')
    expect(recordAccess(educator, student).kind).toBe('editor')
    expect(recordAccess(fao, student).kind).toBe('reader')
    expect(recordAccess(self, student).kind).toBe('self')
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

const note = (author: string): SessionNote => ({
  uuid: 'n',
  studentUUID: STUDENT,
  author: { uuid: author, name: author },
  date: '2026-03-01',
  durationMinutes: 60,
  visibility: 'shared',
  body: 'Worked on algebra.',
  sessionUUID: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
})

describe('a guardian on the record (as the server decides: read as the student does)', () => {
  it('is the guardian access only when linked and holding the guardian profile', () => {
    expect(recordAccess(parent, student).kind).toBe('guardian')
    // Not linked to this student: the server would not have answered; the least is a reader.
    expect(recordAccess(user('someone', { profileGuardian: {} }), student).kind).toBe('reader')
    // Linked but without the profile (it was never granted): no family rights.
    expect(recordAccess(user(PARENT, {}), student).kind).toBe('reader')
  })

  it('gives staff on the team their own access when they are also a guardian', () => {
    const educatorParent = user(EDUCATOR, { profileEducator: { bio: 'x' }, profileGuardian: {} })
    expect(
      recordAccess(educatorParent, {
        ...student,
        guardians: [{ uuid: EDUCATOR, name: 'Eve', relationship: 'Aunt' }],
      }).kind,
    ).toBe('editor')
  })

  it('adds documents without the staff flags and changes only their own visible ones', () => {
    expect(canAddDocument('guardian')).toBe(true)
    expect(canFlagDocuments('guardian')).toBe(false)
    expect(canChangeDocument('guardian', parent, document(PARENT))).toBe(true)
    expect(canChangeDocument('guardian', parent, document(PARENT, true))).toBe(false)
    expect(canChangeDocument('guardian', parent, document(STUDENT))).toBe(false)
  })

  it('never changes scores, the team, the family or notes', () => {
    expect(
      [canChangeScores, canManageTeam, canManageFamily, canWriteNotes].map((can) => can('guardian')),
    ).toEqual([false, false, false, false])
    expect(canEditNote('guardian', parent, note(PARENT))).toBe(false)
    expect(canDeleteNote('guardian', parent, note(PARENT))).toBe(false)
  })

  it('opens their own profile, not the other guardians’ (the server would answer 404)', () => {
    expect(canOpenGuardianProfile('guardian', parent, PARENT)).toBe(true)
    expect(canOpenGuardianProfile('guardian', parent, OTHER_PARENT)).toBe(false)
    expect(canOpenGuardianProfile('self', user(STUDENT, {}), OTHER_PARENT)).toBe(true)
    expect(canOpenGuardianProfile('reader', fao, OTHER_PARENT)).toBe(true)
  })
})

describe('an archived record', () => {
  const archived = { ...student, archived: true }
  const self = user(STUDENT, { profileStudent: { satScoresHistorical: [], actScoresHistorical: [] } })

  it('is read-only for the student and their guardians; staff keep their controls', () => {
    const family = [recordAccess(self, archived), recordAccess(parent, archived)]
    for (const access of family) {
      expect(access.archived).toBe(true)
      expect([canChangeScores, canAddDocument].map((can) => can(access))).toEqual([false, false])
      expect(canChangeDocument(access, parent, document(PARENT))).toBe(false)
    }
    const staff = recordAccess(educator, archived)
    expect([canChangeScores, canAddDocument, canWriteNotes].map((can) => can(staff))).toEqual([
      true,
      true,
      true,
    ])
  })
})

describe('who manages the family and writes notes', () => {
  const accesses: RecordAccess[] = ['admin', 'editor', 'reader', 'self', 'guardian']

  it('lets admins and educators on the team invite and remove guardians', () => {
    expect(accesses.map(canManageFamily)).toEqual([true, true, false, false, false])
  })

  it('lets staff (FAOs too) and admins write notes; the family reads', () => {
    expect(accesses.map(canWriteNotes)).toEqual([true, true, true, false, false])
  })

  it('lets the author edit; the author or an admin delete', () => {
    expect(canEditNote('editor', educator, note(EDUCATOR))).toBe(true)
    expect(canEditNote('editor', educator, note(FAO))).toBe(false)
    expect(canEditNote('admin', admin, note(EDUCATOR))).toBe(false)
    expect(canDeleteNote('admin', admin, note(EDUCATOR))).toBe(true)
    expect(canDeleteNote('reader', fao, note(FAO))).toBe(true)
    expect(canDeleteNote('reader', fao, note(EDUCATOR))).toBe(false)
  })
})

describe('the note form', () => {
  it('starts internal, dated today in the viewer’s zone', () => {
    const defaults = noteFormDefaults(null)
    expect(defaults.visibility).toBe('internal')
    expect(defaults.date).toBe(localToday())
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05')
  })

  it('reads the duration as an optional number with the shared rules', () => {
    const values = { date: '2026-03-01', visibility: 'shared', body: 'x' }
    expect(noteFormSchema.parse({ ...values, durationMinutes: '' }).durationMinutes).toBeUndefined()
    expect(noteFormSchema.parse({ ...values, durationMinutes: ' 45 ' }).durationMinutes).toBe(45)
    const bad = noteFormSchema.safeParse({ ...values, durationMinutes: '601', body: '  ' })
    expect(bad.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([
      'durationMinutes: Use 1 to 600 minutes.',
      'body: This field is required.',
    ])
  })

  it('fills in a note to edit and says durations in words', () => {
    expect(noteFormDefaults(note(EDUCATOR))).toEqual({
      date: '2026-03-01',
      durationMinutes: '60',
      visibility: 'shared',
      body: 'Worked on algebra.',
    })
    expect([45, 60, 90].map(formatDuration)).toEqual(['45 min', '1 h', '1 h 30 min'])
  })
})

describe('score progress and the enhanced ACT in words', () => {
  it('says which way, by how much and since which test; the overview signs its medians', async () => {
    const { progressWords, signedGain, TESTS, actScoreFormSchema } = await import(
      '../../src/web/features/scores/score-tests'
    )
    expect(
      progressWords(TESTS.sat, {
        from: { date: '2025-02-01', total: 1100, source: 'diagnostic' },
        to: { date: '2025-05-03', total: 1260, source: 'official' },
        gain: 160,
      }),
    ).toBe(
      `Up 160 points since the diagnostic of ${formatPlainDate('2025-02-01')}: total 1100 then, 1260 on the official test of ${formatPlainDate('2025-05-03')}.`,
    )
    expect(
      progressWords(TESTS.act, {
        from: { date: '2025-06-14', total: 31, source: 'official' },
        to: { date: '2025-10-25', total: 30, source: 'practice' },
        gain: -1,
      }),
    ).toBe(
      `Down 1 point since the first test of ${formatPlainDate('2025-06-14')}: composite 31 then, 30 on a practice test of ${formatPlainDate('2025-10-25')}.`,
    )
    expect(progressWords(TESTS.sat, null)).toBeNull()
    expect([signedGain(110), signedGain(-2.5), signedGain(0)]).toEqual(['+110', '−2.5', '0'])

    // The form: empty Science is fine from 2025-09-01, and named as missing before.
    const form = { english: '30', math: '28', reading: '31', science: '', source: 'official', note: '' }
    expect(actScoreFormSchema.safeParse({ ...form, date: '2025-09-01' }).data?.science).toBeNull()
    const before = actScoreFormSchema.safeParse({ ...form, date: '2025-08-31' })
    expect(before.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['science'])
  })
})

describe('words that fit the reader', () => {
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

describe('words about each test', () => {
  it("gives each test's form an example of its own, and writes the enhanced ACT's date as the product does", async () => {
    const { ACT_COMPOSITE_NOTE } = await import('../../src/web/features/scores/score-tests')
    expect(TESTS.sat.noteExample).toContain('Bluebook')
    expect(TESTS.act.noteExample).not.toContain('Bluebook')
    expect(ACT_COMPOSITE_NOTE).toContain(`for tests from ${formatPlainDate('2025-09-01')} (the enhanced ACT)`)
    expect(ACT_COMPOSITE_NOTE).not.toContain('2025-09-01')
  })
})

describe('a record the reader cannot see', () => {
  it('tells staff to ask for the team, a guardian about the family invite, and nobody else about a team', async () => {
    const { recordNotFoundHelp } = await import('../../src/web/features/students/record-summary')
    const none = { profileEducator: null, profileFao: null, profileGuardian: null }
    expect(recordNotFoundHelp({ ...none, profileEducator: { bio: '' } })).toContain("to the student's team")
    expect(recordNotFoundHelp({ ...none, profileFao: {} })).toContain("to the student's team")
    const guardian = recordNotFoundHelp({ ...none, profileGuardian: {} })
    expect(guardian).toContain('family invite')
    expect(guardian).not.toContain('team')
    expect(recordNotFoundHelp(none)).not.toContain('team')
  })
})
