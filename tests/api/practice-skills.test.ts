import { afterAll, beforeAll, expect, it } from 'vitest'
import type { CaseloadSkills, StudentSkills } from '../../src/shared/practice-skills'
import { addToTeam } from '../factories'
import { answersFor, formBody } from '../helpers/practice-forms'
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app'

/**
 * Skills from submitted attempts, computed by hand. The SAT form of tests/helpers/practice-forms.ts
 * tags question n with its section's (n − 1) mod 4-th skill: Math's Algebra is 1, 5, … 41 (11
 * questions), Problem-Solving 3, 7, … 43, Geometry 4, 8, … 44; Reading and Writing's Information
 * and Ideas 1, 5, … 53 (14).
 */
let t: TestApp
let admin: SignedIn
let educator: SignedIn
let amy: SignedIn
let ben: SignedIn
let otherEducator: SignedIn
let cara: SignedIn

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.userWith({ roles: ['admin'] })
  educator = await t.userWith({ roles: ['educator'], name: 'Eve Educator' })
  amy = await t.userWith({ roles: ['student'], name: 'Amy Able' })
  ben = await t.userWith({ roles: ['student'], name: 'Ben Baker' })
  for (const student of [amy, ben]) await addToTeam(t.db, student.id, educator.id)
  // Another educator's caseload: Cara alone, and Ben, who is on both teams.
  otherEducator = await t.userWith({ roles: ['educator'], name: 'Olga Other' })
  cara = await t.userWith({ roles: ['student'], name: 'Cara Cole' })
  for (const student of [cara, ben]) await addToTeam(t.db, student.id, otherEducator.id)
  const form = await t.request({
    method: 'POST',
    url: '/api/v1/practice-tests',
    cookie: admin.cookie,
    payload: formBody('SAT', null, 'Skills Test'),
  })
  const formId = form.json().uuid
  /** One submitted attempt: the first `rw` and `math` questions right, the rest blank. */
  const take = async (student: SignedIn, rw: number, math: number, assigner = educator) => {
    const base = `/api/v1/students/${student.id}/practice-attempts`
    const assigned = await t.request({
      method: 'POST',
      url: base,
      cookie: assigner.cookie,
      payload: { formUUID: formId },
    })
    const id = assigned.json().uuid
    for (const answers of [
      answersFor('SAT', null, 'reading-writing', rw, 0),
      answersFor('SAT', null, 'math', math, 0),
    ]) {
      if (answers.length > 0)
        await t.request({
          method: 'PUT',
          url: `${base}/${id}/answers`,
          cookie: student.cookie,
          payload: { answers },
        })
    }
    const submitted = await t.request({
      method: 'POST',
      url: `${base}/${id}/submit`,
      cookie: student.cookie,
      payload: {},
    })
    expect(submitted.statusCode, submitted.body).toBe(200)
  }
  await take(amy, 0, 0)
  await take(amy, 54, 20)
  await take(amy, 54, 30)
  await take(amy, 54, 40)
  await take(ben, 0, 44)
  await take(cara, 0, 0, otherEducator)
})

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
afterAll(() => t.close())

it("gives a student's trend per skill and the three skills most missed over the last three attempts", async () => {
  const response = await t.request({
    method: 'GET',
    url: `/api/v1/students/${amy.id}/skills`,
    cookie: amy.cookie,
  })
  expect(response.statusCode, response.body).toBe(200)
  const skills = response.json() as StudentSkills
  const algebra = skills.trend.find((row) => row.section === 'math' && row.skill === 'Algebra')!
  // Right of 11 with the first 0, 20, 30, 40 right: 0, 5, 8, 10.
  expect(algebra.points.map((point) => point.percent)).toEqual([0, 45, 73, 91])
  // The last three: Problem-Solving and Geometry 5 + 7 + 10 = 22 of 33, Algebra 5 + 8 + 10 = 23.
  expect(skills.mostMissed).toEqual([
    {
      test: 'SAT',
      section: 'math',
      skill: 'Problem-Solving and Data Analysis',
      questions: 33,
      right: 22,
      missed: 11,
      percent: 67,
    },
    {
      test: 'SAT',
      section: 'math',
      skill: 'Geometry and Trigonometry',
      questions: 33,
      right: 22,
      missed: 11,
      percent: 67,
    },
    { test: 'SAT', section: 'math', skill: 'Algebra', questions: 33, right: 23, missed: 10, percent: 70 },
  ])
})

it("gives an educator's caseload the skills most missed, with the students who miss each", async () => {
  const url = (educatorId: string) => `/api/v1/skills?educator=${educatorId}&from=${day(-1)}&to=${day(1)}`
  const response = await t.request({ method: 'GET', url: url(educator.id), cookie: educator.cookie })
  expect(response.statusCode, response.body).toBe(200)
  const caseload = response.json() as CaseloadSkills
  expect(caseload.attempts).toBe(5)
  const row = (skill: string) => caseload.skills.find((entry) => entry.skill === skill)!
  // Information and Ideas: 14 a sitting, five sittings; Amy's first and Ben's only missed all 14.
  expect(row('Information and Ideas')).toMatchObject({ questions: 70, missed: 28, percent: 60 })
  expect(row('Information and Ideas').students).toEqual([
    { uuid: amy.id, name: 'Amy Able', missed: 14 },
    { uuid: ben.id, name: 'Ben Baker', missed: 14 },
  ])
  // Algebra: Amy missed 11 + 6 + 3 + 1; Ben none.
  expect(row('Algebra')).toMatchObject({
    questions: 55,
    missed: 21,
    students: [{ uuid: amy.id, name: 'Amy Able', missed: 21 }],
  })
  const asAdmin = await t.request({ method: 'GET', url: url(educator.id), cookie: admin.cookie })
  expect(asAdmin.json()).toEqual(caseload)
  const other = await t.userWith({ roles: ['educator'] })
  expect((await t.request({ method: 'GET', url: url(educator.id), cookie: other.cookie })).statusCode).toBe(
    403,
  )
  expect((await t.request({ method: 'GET', url: url(other.id), cookie: other.cookie })).json().attempts).toBe(
    0,
  )
  expect((await t.request({ method: 'GET', url: url(educator.id), cookie: amy.cookie })).statusCode).toBe(404)
  const backwards = await t.request({
    method: 'GET',
    url: `/api/v1/skills?from=${day(1)}&to=${day(-1)}`,
    cookie: educator.cookie,
  })
  expect(backwards.json().errors[0].path).toBe('to')
})

it("gives an admin every student's attempts across all educators, each student once", async () => {
  const range = `from=${day(-1)}&to=${day(1)}`
  const response = await t.request({
    method: 'GET',
    url: `/api/v1/skills?educator=all&${range}`,
    cookie: admin.cookie,
  })
  expect(response.statusCode, response.body).toBe(200)
  const company = response.json() as CaseloadSkills
  expect(company.educator).toBeNull()
  // Amy's four and Ben's one (the first educator's), Cara's one (the other's): Ben counted once.
  expect(company.attempts).toBe(6)
  const row = (skill: string) => company.skills.find((entry) => entry.skill === skill)!
  // Information and Ideas: 14 a sitting, six sittings; Amy's first, Ben's and Cara's missed all 14.
  expect(row('Information and Ideas')).toMatchObject({ questions: 84, missed: 42, percent: 50 })
  expect(row('Information and Ideas').students).toEqual([
    { uuid: amy.id, name: 'Amy Able', missed: 14 },
    { uuid: ben.id, name: 'Ben Baker', missed: 14 },
    { uuid: cara.id, name: 'Cara Cole', missed: 14 },
  ])
  // Algebra: Amy 21, Cara all 11, Ben none.
  expect(row('Algebra')).toMatchObject({
    questions: 66,
    missed: 32,
    students: [
      { uuid: amy.id, name: 'Amy Able', missed: 21 },
      { uuid: cara.id, name: 'Cara Cole', missed: 11 },
    ],
  })
  // An admin who names no educator gets the same; an educator who names none gets their own.
  const unnamed = await t.request({ method: 'GET', url: `/api/v1/skills?${range}`, cookie: admin.cookie })
  expect(unnamed.json()).toEqual(company)
  const own = await t.request({ method: 'GET', url: `/api/v1/skills?${range}`, cookie: otherEducator.cookie })
  expect(own.json()).toMatchObject({ educator: { uuid: otherEducator.id, name: 'Olga Other' }, attempts: 2 })

  const all = (who: SignedIn, query = `educator=all&${range}`) =>
    t.request({ method: 'GET', url: `/api/v1/skills?${query}`, cookie: who.cookie })
  const refused = await all(educator)
  expect(refused.statusCode, refused.body).toBe(403)
  expect((await all(amy)).statusCode).toBe(404)
  const badDate = await all(admin, `educator=all&from=2030-02-30&to=${day(1)}`)
  expect(badDate.statusCode).toBe(400)
  expect(badDate.json().errors[0].path).toBe('from')
  const badEducator = await all(admin, `educator=everyone&${range}`)
  expect(badEducator.statusCode).toBe(400)
  expect(badEducator.json().errors[0].path).toBe('educator')
})
