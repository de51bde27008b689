import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addGuardian, addToTeam, createActScore, createSatScore } from '../factories'
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app'

let t: TestApp
let admin: SignedIn
let educator: SignedIn
let guardian: SignedIn
let student: SignedIn

/** A student whose newest entries are practice tests, after an official SAT and ACT. */
beforeAll(async () => {
  t = await createTestApp()
  admin = await t.userWith({ roles: ['admin'] })
  educator = await t.userWith({ roles: ['educator'] })
  guardian = await t.userWith({ roles: ['guardian'] })
  student = await t.userWith({ roles: ['student'], name: 'Pia Practice' })
  await addToTeam(t.db, student.id, educator.id)
  await addGuardian(t.db, student.id, guardian.id, 'Father')
  await createSatScore(t.db, student.id, { date: '2025-03-08', english: 600, math: 650 })
  await createSatScore(t.db, student.id, { date: '2025-10-04', english: 760, math: 780, source: 'practice' })
  await createActScore(t.db, student.id, {
    date: '2025-04-05',
    english: 24,
    math: 25,
    reading: 26,
    science: 23,
  })
  await createActScore(t.db, student.id, {
    date: '2025-11-01',
    english: 30,
    math: 30,
    reading: 30,
    science: 30,
    source: 'diagnostic',
  })
})
afterAll(async () => {
  await t.close()
})

const get = (url: string, cookie: string) => t.request({ method: 'GET', url, cookie })
const officialSat = { date: '2025-03-08', english: 600, math: 650, cumulative: 1250 }
const officialAct = { date: '2025-04-05', english: 24, math: 25, reading: 26, science: 23, cumulative: 25 }

describe('"latest" means the latest official score', () => {
  it("on a staff member's dashboard", async () => {
    const screen = (await get('/api/v1/screens/my-dashboard', educator.cookie)).json()
    expect(screen.students).toEqual([
      { name: 'Pia Practice', uuid: student.id, latestSat: officialSat, latestAct: officialAct },
    ])
  })

  it('in Manage Students', async () => {
    const screen = (await get('/api/v1/screens/admin/students', admin.cookie)).json()
    const row = screen.activeStudents.find((entry: { uuid: string }) => entry.uuid === student.id)
    expect(row).toMatchObject({ latestSat: officialSat, latestAct: officialAct })
  })

  it("on a guardian's dashboard", async () => {
    const screen = (await get('/api/v1/screens/my-dashboard', guardian.cookie)).json()
    expect(screen.guardianOf[0]).toMatchObject({ latestSat: officialSat, latestAct: officialAct })
  })

  it('in the students export', async () => {
    const csv = (await get('/api/v1/students/export.csv', admin.cookie)).body
    const line = csv.split(/\r?\n/).find((row) => row.startsWith('Pia Practice,'))
    expect(line).toContain(',2025-03-08,600,650,1250,')
    expect(line).toContain(',2025-04-05,24,25,26,23,25,')
    expect(line).not.toContain('2025-10-04')
  })

  it('is null when a student has only practice entries', async () => {
    const other = await t.userWith({ roles: ['student'], name: 'Quinn Quiz' })
    await addToTeam(t.db, other.id, educator.id)
    await createSatScore(t.db, other.id, { date: '2025-05-03', english: 500, math: 500, source: 'practice' })
    const screen = (await get('/api/v1/screens/my-dashboard', educator.cookie)).json()
    expect(screen.students.find((row: { uuid: string }) => row.uuid === other.id)).toMatchObject({
      latestSat: null,
      latestAct: null,
    })
  })
})
