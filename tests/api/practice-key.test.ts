import { afterAll, beforeAll, expect, it } from 'vitest'
import type { PracticeAttemptDetail } from '../../src/shared/practice'
import { addGuardian, addToTeam } from '../factories'
import { formBody } from '../helpers/practice-forms'
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app'

/**
 * The key never leaves the server while an attempt of its form is open (docs/product.md#practice-tests):
 * every GET route of the API, and the answers and submit routes, for every kind of caller, while
 * one attempt of the form is in progress and another was submitted before it opened. Only the
 * admin's own form read (editing forms) carries the key.
 *
 * The form's student-produced responses are keyed with values no answer gives (`8004/9` …), so
 * the raw text is searched for them; every object is also searched for a key field (`answers`
 * holding a key, a non-null `correct` or `result`).
 *
 * Then, in that order, a guardian: the review without the key while attempts are open, the answer
 * and submit routes refused, and the key once every attempt of the form is submitted.
 */
let t: TestApp
const callers: Record<string, SignedIn> = {}
const ids = { form: '', submitted: '', open: '', later: '', otherOpen: '', student: '', educator: '' }
const SPR_KEYS = new Set<string>()

beforeAll(async () => {
  t = await createTestApp()
  for (const [name, roles] of [
    ['admin', ['admin']],
    ['educator', ['educator']],
    ['fao', ['fao']],
    ['student', ['student']],
    ['guardian', ['guardian']],
    ['otherStudent', ['student']],
    ['otherEducator', ['educator']],
    ['otherGuardian', ['guardian']],
  ] as const) {
    callers[name] = await t.userWith({ roles: [...roles] })
  }
  const { admin, educator, fao, student, guardian, otherStudent, otherEducator, otherGuardian } = callers
  await addToTeam(t.db, student!.id, educator!.id)
  await addToTeam(t.db, student!.id, fao!.id)
  await addToTeam(t.db, otherStudent!.id, otherEducator!.id)
  await addGuardian(t.db, student!.id, guardian!.id)
  await addGuardian(t.db, otherStudent!.id, otherGuardian!.id)
  ids.student = student!.id
  ids.educator = educator!.id

  const body = formBody('SAT', null, 'Secret Test')
  for (const question of body.sections[1]!.questions) {
    if (question.kind !== 'spr') continue
    question.answers = [`${8000 + question.number}/9`]
    SPR_KEYS.add(question.answers[0]!)
  }
  const call = async (method: 'POST' | 'PUT', url: string, who: SignedIn, payload: object) => {
    const response = await t.request({ method, url, cookie: who.cookie, payload })
    expect(response.statusCode, response.body).toBeLessThan(300)
    return response.json()
  }
  ids.form = (await call('POST', '/api/v1/practice-tests', admin!, body)).uuid
  const attempts = `/api/v1/students/${student!.id}/practice-attempts`
  const assign = async () => (await call('POST', attempts, educator!, { formUUID: ids.form })).uuid as string
  const answer = (attempt: string) =>
    call('PUT', `${attempts}/${attempt}/answers`, student!, {
      answers: [
        { section: 'math', number: 1, answer: 'A' },
        { section: 'math', number: 4, answer: '1/2' },
      ],
    })
  ids.submitted = await assign()
  await answer(ids.submitted)
  await call('POST', `${attempts}/${ids.submitted}/submit`, student!, {})
  ids.open = await assign()
  await answer(ids.open)
  ids.later = await assign()
  // The other student's team has the same form open too.
  ids.otherOpen = (
    await call('POST', `/api/v1/students/${otherStudent!.id}/practice-attempts`, admin!, {
      formUUID: ids.form,
    })
  ).uuid
})
afterAll(() => t.close())

/** Where a key shows in a JSON answer, if anywhere. */
function keyIn(value: unknown, path = '$'): string | null {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = keyIn(item, `${path}[${index}]`)
      if (found) return found
    }
    return null
  }
  if (value === null || typeof value !== 'object') return null
  const object = value as Record<string, unknown>
  if (Array.isArray(object.answers) && object.answers.length > 0 && 'number' in object)
    return `${path}.answers`
  if (object.correct != null && 'number' in object) return `${path}.correct`
  if (object.result != null && 'number' in object) return `${path}.result`
  for (const [key, item] of Object.entries(object)) {
    const found = keyIn(item, `${path}.${key}`)
    if (found) return found
  }
  return null
}

function leak(body: string): string | null {
  for (const key of SPR_KEYS) if (body.includes(key)) return key
  try {
    return keyIn(JSON.parse(body))
  } catch {
    return null
  }
}

/** Every GET path of the API document, its parameters filled with this test's record, attempts and form. */
async function getUrls(): Promise<string[]> {
  const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>
  }
  const query: Record<string, string> = {
    '/api/v1/skills': `?educator=${ids.educator}&from=2000-01-01&to=2000-12-31`,
    '/api/v1/schedule': `?educator=${ids.educator}&from=2030-01-01&to=2030-01-07`,
  }
  const urls: string[] = []
  for (const [path, operations] of Object.entries(document.paths)) {
    if (!path.startsWith('/api/v1/') || !('get' in operations)) continue
    const attemptIds = path.includes('{attemptId}') ? [ids.submitted, ids.open] : ['']
    for (const attempt of attemptIds) {
      const url = path
        .replace('{id}', ids.student)
        .replace('{formId}', ids.form)
        .replace('{attemptId}', attempt)
      if (/\{\w+\}/.test(url)) continue
      urls.push(url + (query[path] ?? ''))
      if (attempt) urls.push(`${url}?review=misses`)
    }
  }
  return urls
}

it('sends no correct answer of a form with an open attempt, on any route, to any caller', async () => {
  const urls = await getUrls()
  expect(urls).toEqual(
    expect.arrayContaining([`/api/v1/practice-tests/${ids.form}`, '/api/v1/practice-tests']),
  )
  const leaks: string[] = []
  for (const [name, caller] of Object.entries(callers)) {
    for (const url of urls) {
      const response = await t.request({ method: 'GET', url, cookie: caller.cookie })
      const found = leak(response.body)
      const adminEditing = name === 'admin' && url === `/api/v1/practice-tests/${ids.form}`
      if (adminEditing) expect(found, 'the admin edits the key').not.toBeNull()
      else if (found) leaks.push(`${name} GET ${url}: ${found}`)
    }
    const attempts = `/api/v1/students/${ids.student}/practice-attempts`
    const save = await t.request({
      method: 'PUT',
      url: `${attempts}/${ids.open}/answers`,
      cookie: caller.cookie,
      payload: { answers: [{ section: 'math', number: 2, answer: 'B' }] },
    })
    if (leak(save.body)) leaks.push(`${name} PUT answers: ${leak(save.body)}`)
  }
  // Submitting while another attempt of the form is open: scores, but no key in the review.
  const submitted = await t.request({
    method: 'POST',
    url: `/api/v1/students/${ids.student}/practice-attempts/${ids.later}/submit`,
    cookie: callers.student!.cookie,
    payload: {},
  })
  expect(submitted.statusCode, submitted.body).toBe(200)
  expect(submitted.json()).toMatchObject({ status: 'submitted', keyWithheld: true })
  if (leak(submitted.body)) leaks.push(`student POST submit: ${leak(submitted.body)}`)
  expect(leaks).toEqual([])
})

it('lets a guardian read the review, without the key while an attempt is open, and never answer', async () => {
  const guardian = callers.guardian!
  const attempts = `/api/v1/students/${ids.student}/practice-attempts`
  const read = async (attempt: string) => {
    const response = await t.request({
      method: 'GET',
      url: `${attempts}/${attempt}`,
      cookie: guardian.cookie,
    })
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as PracticeAttemptDetail
  }
  const math4 = (attempt: PracticeAttemptDetail) =>
    attempt.review?.find((row) => row.section === 'math' && row.number === 4)

  // The attempts of the form still open (this student's and the other student's) keep the key back.
  const withheld = await read(ids.submitted)
  expect(withheld).toMatchObject({ status: 'submitted', keyWithheld: true })
  expect(withheld.scores?.total).toBeGreaterThan(0)
  expect(math4(withheld)).toEqual({
    section: 'math',
    number: 4,
    skill: expect.any(String),
    answer: '1/2',
    correct: null,
    result: null,
  })
  const open = await read(ids.open)
  expect(open).toMatchObject({ status: 'in-progress', review: null, skills: null, keyWithheld: false })

  for (const [method, path, payload] of [
    ['PUT', 'answers', { answers: [{ section: 'math', number: 3, answer: 'C' }] }],
    ['POST', 'submit', {}],
  ] as const) {
    const refused = await t.request({
      method,
      url: `${attempts}/${ids.open}/${path}`,
      cookie: guardian.cookie,
      payload,
    })
    expect(refused.statusCode, refused.body).toBe(403)
    expect(refused.json().detail).toBe('Guardians read practice results but do not take the test.')
  }

  // Once every attempt of the form is submitted, the guardian reads the key and the results.
  for (const [student, attempt] of [
    [ids.student, ids.open],
    [callers.otherStudent!.id, ids.otherOpen],
  ] as const) {
    const submitted = await t.request({
      method: 'POST',
      url: `/api/v1/students/${student}/practice-attempts/${attempt}/submit`,
      cookie: callers.admin!.cookie,
      payload: {},
    })
    expect(submitted.statusCode, submitted.body).toBe(200)
  }
  const released = await read(ids.submitted)
  expect(released.keyWithheld).toBe(false)
  expect(math4(released)).toMatchObject({ answer: '1/2', correct: ['8004/9'], result: 'wrong' })
})
