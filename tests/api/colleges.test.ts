import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '../../src/server/db/raw'
import { RECORD_CAPS } from '../../src/shared/record-caps'
import { createCollege } from '../factories'
import { studentFamily } from '../helpers/family'
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app'

let t: TestApp
let admin: SignedIn
let educator: SignedIn
let fao: SignedIn
let otherEducator: SignedIn

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.userWith({ roles: ['admin'] })
  educator = await t.userWith({ roles: ['educator'] })
  fao = await t.userWith({ roles: ['fao'] })
  otherEducator = await t.userWith({ roles: ['educator'] })
})
afterAll(() => t.close())

async function family() {
  const { student, guardian } = await studentFamily(t, [educator, fao])
  return { student, guardian, base: `/api/v1/students/${student.id}/colleges` }
}

const get = (url: string, cookie: string) => t.request({ method: 'GET', url, cookie })
const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
  t.request({ method, url, cookie, ...(payload === undefined ? {} : { payload: payload as object }) })

describe('the college list', () => {
  it('the student, educators on the team and admins add entries; the list is sorted by deadline', async () => {
    const { student, base } = await family()
    const added = await send('POST', base, student.cookie, {
      name: 'Reed College',
      round: 'RD',
      deadline: '2027-01-15',
    })
    expect(added.statusCode).toBe(201)
    expect(added.json()).toMatchObject({
      studentUUID: student.id,
      name: 'Reed College',
      round: 'RD',
      deadline: '2027-01-15',
      status: 'researching',
      notes: null,
      costOfAttendance: null,
      aidOffered: null,
      netCost: null,
    })
    await send('POST', base, educator.cookie, {
      name: 'Rice University',
      round: 'ED',
      deadline: '2026-11-01',
    })
    await send('POST', base, admin.cookie, { name: 'Open-ended', round: 'Rolling' })
    const list = (await get(base, student.cookie)).json().colleges
    expect(list.map((c: { name: string }) => c.name)).toEqual([
      'Rice University',
      'Reed College',
      'Open-ended',
    ])
  })

  it('an FAO on the team enters only the aid figures; netCost follows; others may not touch them', async () => {
    const { student, guardian, base } = await family()
    const entry = (await send('POST', base, educator.cookie, { name: 'Tufts', round: 'EA' })).json()
    const url = `${base}/${entry.uuid}`
    const aid = await send('PATCH', url, fao.cookie, { costOfAttendance: 89_000, aidOffered: 61_500 })
    expect(aid.statusCode).toBe(200)
    expect(aid.json()).toMatchObject({ costOfAttendance: 89_000, aidOffered: 61_500, netCost: 27_500 })

    const faoStatus = await send('PATCH', url, fao.cookie, { status: 'admitted' })
    expect(faoStatus.statusCode).toBe(403)
    expect(faoStatus.json().code).toBe('plan-fields-forbidden')
    for (const who of [student, educator, admin]) {
      const refused = await send('PATCH', url, who.cookie, { aidOffered: 0 })
      expect(refused.statusCode).toBe(403)
      expect(refused.json().code).toBe('financial-fields-forbidden')
    }
    const onCreate = await send('POST', base, admin.cookie, { name: 'x', round: 'RD', aidOffered: 5 })
    expect(onCreate.statusCode).toBe(403)
    expect((await send('POST', base, fao.cookie, { name: 'x', round: 'RD' })).statusCode).toBe(403)

    expect((await send('PATCH', url, student.cookie, { status: 'admitted' })).json().status).toBe('admitted')
    expect((await send('PATCH', url, guardian.cookie, { status: 'denied' })).statusCode).toBe(403)
    expect((await send('PATCH', url, otherEducator.cookie, { status: 'denied' })).statusCode).toBe(404)
    expect((await get(base, guardian.cookie)).statusCode).toBe(200)
    // Clearing a figure makes the net cost unknown again.
    expect((await send('PATCH', url, fao.cookie, { aidOffered: null })).json().netCost).toBeNull()
  })

  it('two students cannot see or change each other’s lists', async () => {
    const first = await family()
    const second = await family()
    const entry = await createCollege(t.db, first.student.id)
    expect((await get(first.base, second.student.cookie)).statusCode).toBe(404)
    expect((await get(first.base, second.guardian.cookie)).statusCode).toBe(404)
    expect(
      (await send('PATCH', `${second.base}/${entry}`, educator.cookie, { status: 'applying' })).statusCode,
    ).toBe(404)
    expect((await send('DELETE', `${first.base}/${entry}`, second.student.cookie)).statusCode).toBe(404)
  })

  it('deletes (student, educator, admin; not FAO or guardian) and records every change in the audit log', async () => {
    const { student, guardian, base } = await family()
    const entry = (await send('POST', base, student.cookie, { name: 'Bowdoin', round: 'ED2' })).json()
    const url = `${base}/${entry.uuid}`
    await send('PATCH', url, fao.cookie, { costOfAttendance: 90_000 })
    expect((await send('DELETE', url, fao.cookie)).statusCode).toBe(403)
    expect((await send('DELETE', url, guardian.cookie)).statusCode).toBe(403)
    expect((await send('DELETE', url, student.cookie)).statusCode).toBe(204)
    expect((await send('DELETE', url, student.cookie)).statusCode).toBe(404)
    const actions = await selectRows<{ action: string }>(
      t.db,
      sql`select action from audit_events where subject_id = ${entry.uuid} order by created_at`,
    )
    expect(actions.map((a) => a.action)).toEqual(['college.created', 'college.updated', 'college.deleted'])
  })

  it('refuses bad input naming the field', async () => {
    const { base } = await family()
    const entry = await createCollege(t.db, (await family()).student.id)
    const cases: Array<[unknown, string]> = [
      [{ round: 'RD' }, 'name'],
      [{ name: 'x'.repeat(121), round: 'RD' }, 'name'],
      [{ name: 'x', round: 'Early' }, 'round'],
      [{ name: 'x', round: 'RD', status: 'accepted' }, 'status'],
      [{ name: 'x', round: 'RD', deadline: '2027-02-30' }, 'deadline'],
      [{ name: 'x', round: 'RD', notes: 'x'.repeat(2001) }, 'notes'],
      [{ name: 'x', round: 'RD', ranking: 1 }, 'body'],
    ]
    for (const [payload, path] of cases) {
      const response = await send('POST', base, educator.cookie, payload)
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400)
      expect(response.json().errors[0].path).toBe(path)
    }
    for (const [payload, path] of [
      [{ costOfAttendance: -1 }, 'costOfAttendance'],
      [{ aidOffered: 1_000_001 }, 'aidOffered'],
      [{ aidOffered: 10.5 }, 'aidOffered'],
      [{}, 'body'],
    ] as const) {
      const response = await send('PATCH', `${base}/${entry}`, fao.cookie, payload)
      expect(response.statusCode).toBe(400)
      expect(response.json().errors[0].path).toBe(path)
    }
  })

  it('the admin overview counts entries by status across active students', async () => {
    const { student, base } = await family()
    const entry = (
      await send('POST', base, student.cookie, { name: 'Count me', round: 'RD', status: 'submitted' })
    ).json()
    const before = (await get('/api/v1/screens/admin', admin.cookie)).json().collegeStatuses
    expect(before.submitted).toBeGreaterThanOrEqual(1)
    await send('PATCH', `/api/v1/students/${student.id}`, admin.cookie, { archived: true })
    const after = (await get('/api/v1/screens/admin', admin.cookie)).json().collegeStatuses
    expect(after.submitted ?? 0).toBe(before.submitted - 1)
    expect(entry.status).toBe('submitted')
  })
})

describe('college entries per record are capped', () => {
  it(`refuses a college entry past the cap of ${RECORD_CAPS.colleges} with 409, writing nothing and no audit event`, async () => {
    const { student, base } = await family()
    await t.db.execute(sql`insert into college_entries (student_id, name, round)
      select ${student.id}, 'College ' || g, 'RD' from generate_series(1, ${RECORD_CAPS.colleges}) g`)
    const refused = await send('POST', base, student.cookie, { name: 'One too many', round: 'EA' })
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({
      code: 'too-many-colleges',
      detail: `This record already has ${RECORD_CAPS.colleges} colleges on its list, the most it can hold. Remove one first.`,
    })
    const [counted] = await selectRows<{ entries: number; events: number }>(
      t.db,
      sql`select (select count(*)::int from college_entries where student_id = ${student.id}) as entries,
        (select count(*)::int from audit_events where student_id = ${student.id}) as events`,
    )
    expect(counted).toEqual({ entries: RECORD_CAPS.colleges, events: 0 })
  })
})
