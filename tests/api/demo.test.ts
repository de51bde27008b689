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
      'student',
      'student',
      'student',
      'student',
    ])
    expect(await seedDemo(t.db, 'development')).toEqual(logins)
    const cookie = await t.login('maya.chen@example.com', DEMO_PASSWORD)
    const me = (await t.request({ method: 'GET', url: '/api/v1/users/me', cookie })).json()
    expect(me.profileStudent.satScoresHistorical.length).toBeGreaterThan(0)
  })

  it('refuses in production and on a database with real users', async () => {
    t = await createTestApp()
    await expect(seedDemo(t.db, 'production')).rejects.toThrow(/NODE_ENV=production/)
    await createUser(t.db, { roles: ['admin'], email: 'owner@example.com' })
    await expect(seedDemo(t.db, 'development')).rejects.toThrow(/real users/)
  })
})
