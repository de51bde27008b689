import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '../../src/server/db/raw'
import type { PracticeAttemptDetail, PracticeForm } from '../../src/shared/practice'
import type { ActFormat, PracticeSection, PracticeTest } from '../../src/shared/practice-layouts'
import { studentFamily } from '../helpers/family'
import { answersFor, formBody, wrongOf } from '../helpers/practice-forms'
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app'

/**
 * Practice tests scored end to end through the API, each figure computed by hand from the forms
 * of tests/helpers/practice-forms.ts (their keys and tables are written out there).
 */
let t: TestApp
let admin: SignedIn
let educator: SignedIn
let student: SignedIn
let guardian: SignedIn
let base: string

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.userWith({ roles: ['admin'], name: 'Ada Admin' })
  educator = await t.userWith({ roles: ['educator'], name: 'Eve Educator' })
  ;({ student, guardian } = await studentFamily(t, [educator], { name: 'Sam Student' }))
  base = `/api/v1/students/${student.id}/practice-attempts`
})
afterAll(() => t.close())

const send = async (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  cookie: string,
  payload?: object,
  status = 200,
) => {
  const response = await t.request({ method, url, cookie, ...(payload ? { payload } : {}) })
  expect(response.statusCode, response.body).toBe(status)
  return response.json()
}

async function form(test: PracticeTest, format: ActFormat | null, name: string, science = true) {
  return (await send(
    'POST',
    '/api/v1/practice-tests',
    admin.cookie,
    formBody(test, format, name, { science }),
    201,
  )) as PracticeForm
}

async function assign(formId: string, dueDate?: string) {
  return send('POST', base, educator.cookie, { formUUID: formId, ...(dueDate ? { dueDate } : {}) }, 201)
}

type Answer = { section: PracticeSection; number: number; answer: string | null }
const save = (attemptId: string, answers: Answer[], cookie = student.cookie) =>
  send('PUT', `${base}/${attemptId}/answers`, cookie, { answers })
const submit = (attemptId: string, cookie = student.cookie) =>
  send('POST', `${base}/${attemptId}/submit`, cookie, {}) as Promise<PracticeAttemptDetail>

const record = () => send('GET', `/api/v1/students/${student.id}`, educator.cookie)

describe('a whole SAT', () => {
  let formId: string
  let attemptId: string

  it('is assigned with its task, answered as given (equivalent responses, blanks) and scored by hand', async () => {
    formId = (await form('SAT', null, 'Practice Test 4')).uuid
    const attempt = await assign(formId, '2030-03-01')
    attemptId = attempt.uuid
    expect(attempt).toMatchObject({ status: 'assigned', dueDate: '2030-03-01', scores: null })
    const tasks = await send('GET', `/api/v1/students/${student.id}/tasks`, student.cookie)
    expect(tasks.tasks ?? tasks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          uuid: attempt.taskUUID,
          title: 'Take Practice Test 4',
          dueDate: '2030-03-01',
          practiceAttemptUUID: attempt.uuid,
        }),
      ]),
    )
    // Reading and Writing: 45 right, 5 wrong, 4 never answered.
    expect(await save(attemptId, answersFor('SAT', null, 'reading-writing', 45, 5))).toEqual({
      saved: 50,
      status: 'in-progress',
    })
    // Math: 30 right (responses typed .75, 0.75, 6/8), 10 wrong, 41 cleared, 42-43 blank, 44 -.6667 for -2/3.
    const math = answersFor('SAT', null, 'math', 30, 10).map((entry) => {
      const typed: Record<number, string> = { 4: '.75', 8: '0.75', 12: '6/8' }
      return { ...entry, answer: typed[entry.number] ?? entry.answer }
    })
    await save(attemptId, [...math, { section: 'math', number: 41, answer: 'A' }])
    await save(
      attemptId,
      [
        { section: 'math', number: 41, answer: null },
        { section: 'math', number: 44, answer: '-.6667' },
      ],
      educator.cookie,
    )
    const sheet = (await send('GET', `${base}/${attemptId}`, student.cookie)) as PracticeAttemptDetail
    expect(sheet.sections.map((s) => [s.section, s.left])).toEqual([
      ['reading-writing', 4],
      ['math', 3],
    ])
    expect(sheet.review).toBeNull()

    const scored = await submit(attemptId)
    // R&W raw 45 → 650-680, midpoint 665 → 670; Math raw 31 → 510; total 1180.
    expect(scored.scores).toEqual({
      total: 1180,
      sections: [
        {
          section: 'reading-writing',
          label: 'Reading and Writing',
          raw: 45,
          of: 54,
          scaledLow: 650,
          scaledHigh: 680,
          score: 670,
        },
        { section: 'math', label: 'Math', raw: 31, of: 44, scaledLow: 510, scaledHigh: 510, score: 510 },
      ],
    })
    expect(scored.review!.filter((row) => row.result === 'blank')).toHaveLength(4 + 3)
    expect(scored.review!.find((row) => row.section === 'math' && row.number === 12)).toMatchObject({
      answer: '6/8',
      correct: ['3/4'],
      result: 'right',
    })
    const misses = (await send(
      'GET',
      `${base}/${attemptId}?review=misses`,
      guardian.cookie,
    )) as PracticeAttemptDetail
    expect(misses.review).toHaveLength(54 + 44 - 76)
    expect(misses.skills!.find((s) => s.section === 'math' && s.skill === 'Algebra')).toMatchObject({
      questions: 11,
      right: 8,
      percent: 73,
    })

    const { satScoresHistorical, superscores } = await record()
    const entry = satScoresHistorical.find((s: { uuid: string }) => s.uuid === scored.scoreUUID)
    expect(entry).toMatchObject({
      english: 670,
      math: 510,
      cumulative: 1180,
      source: 'practice',
      note: 'Practice Test 4',
    })
    expect(superscores.sat).toBeNull()
    const done = await send('GET', `/api/v1/students/${student.id}/tasks`, student.cookie)
    expect((done.tasks ?? done).find((task: { uuid: string }) => task.uuid === scored.taskUUID).status).toBe(
      'done',
    )
    await send('POST', `${base}/${attemptId}/submit`, student.cookie, {}, 409)
    await send(
      'PUT',
      `${base}/${attemptId}/answers`,
      student.cookie,
      { answers: [{ section: 'math', number: 1, answer: 'A' }] },
      409,
    )
  })

  it('rescores after a key correction: the attempt, its history entry and the audit log', async () => {
    const corrected = formBody('SAT', null, 'Practice Test 4')
    // Question 31 of Math was keyed wrong: the answer the student gave was the right one.
    corrected.sections[1]!.questions[30]!.answers = [wrongOf('SAT', null, 'math', 31)]
    const saved = (await send(
      'PUT',
      `/api/v1/practice-tests/${formId}`,
      admin.cookie,
      corrected,
    )) as PracticeForm & { rescoredAttempts: number }
    expect(saved.attempts).toBe(1)
    expect(saved.rescoredAttempts).toBe(1)
    const attempt = (await send('GET', `${base}/${attemptId}`, educator.cookie)) as PracticeAttemptDetail
    expect(attempt.scores!.total).toBe(1190)
    const { satScoresHistorical } = await record()
    expect(satScoresHistorical.find((s: { uuid: string }) => s.uuid === attempt.scoreUUID)).toMatchObject({
      math: 520,
      cumulative: 1190,
    })
    const events = await selectRows<{
      action: string
      before: { total?: number } | null
      after: { total?: number; rescoredAttempts?: number }
    }>(
      t.db,
      sql`select action, before, after from audit_events where subject_id in (${formId}, ${attemptId}) order by created_at, action`,
    )
    expect(events.map((e) => e.action)).toEqual([
      'practice-form.created',
      'practice-attempt.assigned',
      'practice-attempt.submitted',
      'practice-attempt.rescored',
      'practice-form.updated',
    ])
    expect(events[3]).toMatchObject({ before: { total: 1180 }, after: { total: 1190 } })
    expect(events[4]!.after.rescoredAttempts).toBe(1)
    // Saved again as it is: no score moved, so none is reported or logged as rescored.
    const again = (await send('PUT', `/api/v1/practice-tests/${formId}`, admin.cookie, corrected)) as {
      rescoredAttempts: number
    }
    expect(again.rescoredAttempts).toBe(0)
    const rescores = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_events where subject_id = ${attemptId} and action = 'practice-attempt.rescored'`,
    )
    expect(rescores[0]!.n).toBe(1)
    await send(
      'PUT',
      `/api/v1/practice-tests/${formId}`,
      admin.cookie,
      formBody('ACT', 'enhanced', 'Practice Test 4'),
      409,
    )
    await send('DELETE' as 'GET', `/api/v1/practice-tests/${formId}`, admin.cookie, undefined, 409)
  })
})

describe('the ACT', () => {
  it('scores an enhanced ACT without science by its composite (science left out)', async () => {
    const { uuid } = await form('ACT', 'enhanced', 'ACT E1', false)
    const attempt = await assign(uuid)
    await save(attempt.uuid, [
      ...answersFor('ACT', 'enhanced', 'english', 40, 5),
      ...answersFor('ACT', 'enhanced', 'math', 30, 0),
    ])
    await save(attempt.uuid, answersFor('ACT', 'enhanced', 'reading', 20, 16))
    const scored = await submit(attempt.uuid)
    // English 40/50 → ceil(28.8) = 29; Math 30/45 → 24; Reading 20/36 → 20; (29+24+20)/3 = 24.33 → 24.
    expect(scored.scores!.sections.map((s) => [s.section, s.raw, s.score])).toEqual([
      ['english', 40, 29],
      ['math', 30, 24],
      ['reading', 20, 20],
    ])
    expect(scored.scores!.total).toBe(24)
    const { actScoresHistorical } = await record()
    expect(actScoresHistorical.find((s: { uuid: string }) => s.uuid === scored.scoreUUID)).toMatchObject({
      english: 29,
      math: 24,
      reading: 20,
      science: null,
      cumulative: 24,
      source: 'practice',
    })
  })

  it('scores a legacy ACT with science in its composite', async () => {
    const { uuid } = await form('ACT', 'legacy', 'ACT L1')
    const attempt = await assign(uuid)
    await save(attempt.uuid, answersFor('ACT', 'legacy', 'english', 60, 15))
    await save(attempt.uuid, answersFor('ACT', 'legacy', 'math', 45, 5), admin.cookie)
    await save(attempt.uuid, [
      ...answersFor('ACT', 'legacy', 'reading', 30, 0),
      ...answersFor('ACT', 'legacy', 'science', 20, 20),
    ])
    const scored = await submit(attempt.uuid, educator.cookie)
    // 60/75 → 29; 45/60 → 27; 30/40 → 27; 20/40 → 18; (29+27+27+18)/4 = 25.25 → 25.
    expect(scored.scores!.sections.map((s) => s.score)).toEqual([29, 27, 27, 18])
    expect(scored.scores!.total).toBe(25)
    expect(scored.submittedBy).toEqual({ name: 'Eve Educator', uuid: educator.id })
  })
})

describe('bad input', () => {
  it('answers 400 naming the field, and saves nothing of a refused save', async () => {
    const { uuid } = await form('SAT', null, 'Practice Test 5')
    const attempt = await assign(uuid)
    const url = `${base}/${attempt.uuid}/answers`
    const refused = async (answers: unknown[], path: string) => {
      const body = await send('PUT', url, student.cookie, { answers }, 400)
      expect(body.errors.map((e: { path: string }) => e.path)).toContain(path)
    }
    await refused([{ section: 'math', number: 4, answer: '3 1/2' }], 'answers.0.answer')
    await refused(
      [
        { section: 'math', number: 1, answer: 'A' },
        { section: 'math', number: 4, answer: 'B' },
      ],
      'answers.1.answer',
    )
    await refused([{ section: 'reading-writing', number: 1, answer: 'F' }], 'answers.0.answer')
    await refused([{ section: 'reading-writing', number: 55, answer: 'A' }], 'answers.0.number')
    await refused([{ section: 'english', number: 1, answer: 'A' }], 'answers.0.number')
    await refused(
      [
        { section: 'math', number: 1, answer: 'A' },
        { section: 'math', number: 1, answer: 'B' },
      ],
      'answers.1.number',
    )
    await refused([{ section: 'math', number: 1, answer: 'A', extra: 1 }], 'answers.0')
    const sheet = (await send('GET', `${base}/${attempt.uuid}`, student.cookie)) as PracticeAttemptDetail
    expect(sheet.status).toBe('assigned')
    expect(sheet.sections[1]!.questions[0]!.answer).toBeNull()
    const badForm = formBody('SAT', null, 'Broken')
    badForm.sections[1]!.scale[20] = { raw: 20, scaledLow: 400, scaledHigh: 390 }
    const problem = await send('POST', '/api/v1/practice-tests', admin.cookie, badForm, 400)
    expect(problem.errors).toEqual([
      { path: 'sections.1.scale.20.scaledHigh', message: expect.stringContaining('Raw 20') },
    ])
    const assignBad = await send('POST', base, educator.cookie, { formUUID: 'nope' }, 400)
    expect(assignBad.errors[0].path).toBe('formUUID')
    await send('POST', base, educator.cookie, { formUUID: '00000000-0000-4000-8000-000000000000' }, 400)
  })
})
