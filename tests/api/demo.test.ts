import { afterEach, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, seedDemo } from '../../src/server/cli/demo'
import { createUser } from '../factories'
import { createTestApp, type TestApp } from '../helpers/test-app'

let t: TestApp | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

describe('the demo seed', () => {
  it('loads the demo people once, is safe to re-run, and their logins work', async () => {
    t = await createTestApp()
    const logins = await seedDemo(t.db, 'development')
    expect(logins.map((l) => l.roles).sort()).toEqual([
      'admin',
      'educator',
      'educator',
      'fao',
      'guardian',
      'student',
      'student',
      'student',
      'student',
    ])
    expect(await seedDemo(t.db, 'development')).toEqual(logins)
    const cookie = await t.login('maya.chen@example.com', DEMO_PASSWORD)
    const me = (await t.request({ method: 'GET', url: '/api/v1/users/me', cookie })).json()
    expect(me.profileStudent.satScoresHistorical.length).toBeGreaterThan(0)
    const record = (await t.request({ method: 'GET', url: `/api/v1/students/${me.uuid}`, cookie })).json()
    expect(record.team.length).toBe(3)
    // Every demo score names who added it; the first is labelled as the diagnostic it was.
    const maya = record.satScoresHistorical as Array<{ source: string; addedBy: { name: string } | null }>
    expect(maya.map((score) => score.addedBy?.name)).toEqual(['Priya Raman', 'Priya Raman', 'Maya Chen'])
    expect(maya.map((score) => score.source)).toEqual(['diagnostic', 'official', 'official'])
    // Maya sees her documents, pinned first, without the tutor's hidden notes.
    expect(record.documents[0]).toMatchObject({ name: 'Study plan: spring SAT', pinned: true })
    expect(record.documents.map((d: { name: string }) => d.name)).not.toContain(
      'Tutor notes: pacing on Math module 2',
    )
    // Laura, Maya's mother, sees Maya's card with the newest shared note, and no internal note.
    const laura = await t.login('laura.chen@example.com', DEMO_PASSWORD)
    const family = (
      await t.request({ method: 'GET', url: '/api/v1/screens/my-dashboard', cookie: laura })
    ).json()
    expect(family.guardianOf.map((card: { student: { name: string } }) => card.student.name)).toEqual([
      'Maya Chen',
    ])
    expect(family.guardianOf[0].newestSharedNote.body).toMatch(/^Essay session/)
    const notes = (
      await t.request({ method: 'GET', url: `/api/v1/students/${me.uuid}/notes`, cookie: laura })
    ).json()
    expect(notes.notes.map((n: { visibility: string }) => n.visibility)).toEqual(['shared', 'shared'])
    const priya = await t.login('priya.raman@example.com', DEMO_PASSWORD)
    const mine = (
      await t.request({ method: 'GET', url: '/api/v1/educators/me/students', cookie: priya })
    ).json()
    expect(mine.students.map((s: { name: string }) => s.name)).toEqual([
      'Ethan Park',
      'Jordan Brooks',
      'Maya Chen',
    ])
  })

  it('refuses in production and on a database with real users', async () => {
    t = await createTestApp()
    await expect(seedDemo(t.db, 'production')).rejects.toThrow(/NODE_ENV=production/)
    await createUser(t.db, { roles: ['admin'], email: 'owner@example.com' })
    await expect(seedDemo(t.db, 'development')).rejects.toThrow(/real users.*another DATA_DIR/)
  })
})
