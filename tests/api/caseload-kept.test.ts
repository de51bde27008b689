import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addToTeam } from '../factories'
import { expectKeptAsFresh, expectQueriesRefused, keptInstances, type OtherInstance } from '../helpers/kept'
import { answersFor, formBody, wrongOf } from '../helpers/practice-forms'
import { type SignedIn, type TestApp, writeOk } from '../helpers/test-app'

/**
 * The kept caseload skills (`GET /api/v1/skills`, src/server/kept/): two instances on one database,
 * as tests/api/schedule-kept.test.ts does for the schedule. Instance B reads an educator's caseload
 * as the educator and as an admin (and keeps it); a write goes through instance A (or straight to
 * the database); B's next answer must be what a cache-free build answers now.
 */
let t: TestApp
let b: OtherInstance
let fresh: OtherInstance
let instances: Awaited<ReturnType<typeof keptInstances>> | undefined
let admin: SignedIn
let educator: SignedIn
let other: SignedIn
let amy: SignedIn
let ben: SignedIn
let form: ReturnType<typeof formBody>
let formId = ''

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
const caseloadUrl = (extra = '') => `/api/v1/skills?from=${day(-2)}&to=${day(2)}${extra}`

beforeAll(async () => {
  instances = await keptInstances()
  ;({ t, b, fresh } = instances)
  admin = await t.userWith({ roles: ['admin'], name: 'Ada Admin' })
  educator = await t.userWith({ roles: ['educator'], name: 'Eve Educator' })
  other = await t.userWith({ roles: ['educator'], name: 'Olga Other' })
  amy = await t.userWith({ roles: ['student'], name: 'Amy Able' })
  ben = await t.userWith({ roles: ['student'], name: 'Ben Baker' })
  for (const student of [amy, ben]) await addToTeam(t.db, student.id, educator.id)
  form = formBody('SAT', null, 'Kept Skills Test')
  formId = (await writeOk(t, 'POST', '/api/v1/practice-tests', admin.cookie, form)).uuid
})
afterAll(async () => {
  await instances?.close()
})

/** One submitted attempt through instance A: the first `right` Math questions right, the rest blank. */
async function submitted(student: SignedIn, right: number) {
  const base = `/api/v1/students/${student.id}/practice-attempts`
  const id = (await writeOk(t, 'POST', base, educator.cookie, { formUUID: formId })).uuid
  await writeOk(t, 'PUT', `${base}/${id}/answers`, student.cookie, {
    answers: answersFor('SAT', null, 'math', right, 0),
  })
  await writeOk(t, 'POST', `${base}/${id}/submit`, student.cookie, {})
}

/** Who reads the caseload: the educator their own, an admin by naming them, a colleague (403). */
const readers = () =>
  [
    [educator, caseloadUrl()],
    [admin, caseloadUrl(`&educator=${educator.id}`)],
    [other, caseloadUrl(`&educator=${educator.id}`)],
  ] as const

/** Each reader's answer on B against the cache-free one (`expectKeptAsFresh`). */
const expectFreshOnB = (what: string) => expectKeptAsFresh(b, fresh, readers(), what)

describe('the kept caseload skills', () => {
  it('is served from what is kept while nothing changed; a colleague is still refused', async () => {
    await submitted(amy, 10)
    await expectFreshOnB('first read')
    const { hits, misses } = b.app.kept
    const answers = await expectFreshOnB('second read')
    expect(b.app.kept.hits - hits).toBe(2)
    expect(b.app.kept.misses - misses).toBe(0)
    expect(JSON.parse(answers[0]!).attempts).toBe(1)
    expect(JSON.parse(answers[2]!).status).toBe(403)
  })

  it('answers what it does not keep as before: bad days 400 naming the field, all educators read', async () => {
    await expectQueriesRefused(b, '/api/v1/skills', educator, [
      ['from=2026-02-30&to=2026-03-02', 'from'],
      ['from=2026-03-02&to=2026-02-28', 'to'],
      [`from=${day(-2)}&to=${day(2)}&educator=not-a-uuid`, 'educator'],
    ])
    const nobody = await b.request({
      method: 'GET',
      url: caseloadUrl(`&educator=${amy.id}`),
      cookie: admin.cookie,
    })
    expect(nobody.statusCode).toBe(404)
    const everyone = await b.request({
      method: 'GET',
      url: caseloadUrl('&educator=all'),
      cookie: admin.cookie,
    })
    expect(everyone.statusCode, everyone.body).toBe(200)
    expect(everyone.json().educator).toBeNull()
  })

  it('is never served after a write that changes it, on another instance', async () => {
    const cara = await t.userWith({ roles: ['student'], name: 'Cara Cole' })
    const teamOf = (student: SignedIn) =>
      sql`delete from team_members where student_id = ${student.id} and member_id = ${educator.id}`
    const writes: Array<[string, () => Promise<unknown>]> = [
      ['Ben submits an attempt', () => submitted(ben, 30)],
      ['Amy submits another', () => submitted(amy, 44)],
      [
        'Cara joins the team and submits an attempt',
        async () => {
          await addToTeam(t.db, cara.id, educator.id)
          await submitted(cara, 5)
        },
      ],
      ['Cara leaves the team', () => t.db.execute(teamOf(cara))],
      ['Ben is renamed', () => t.db.execute(sql`update users set name = 'Ben Brown' where id = ${ben.id}`)],
      [
        'a key correction rescores every attempt',
        async () => {
          const corrected = structuredClone(form)
          const math = corrected.sections.find((section) => section.section === 'math')!
          math.questions[0]!.answers = [wrongOf('SAT', null, 'math', 1)]
          await writeOk(t, 'PUT', `/api/v1/practice-tests/${formId}`, admin.cookie, corrected)
        },
      ],
      // The days are placed in the reader's zone: the same answer here, but not the one kept.
      [
        'the educator moves far west',
        () => t.db.execute(sql`update users set time_zone = 'Pacific/Pago_Pago' where id = ${educator.id}`),
      ],
    ]
    await expectFreshOnB('before the writes')
    for (const [what, write] of writes) {
      await write()
      const { misses } = b.app.kept
      await expectFreshOnB(`after: ${what}`)
      expect(b.app.kept.misses - misses, `built again after: ${what}`).toBeGreaterThan(0)
    }
  })
})
