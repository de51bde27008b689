import { sql } from 'drizzle-orm'
import ICAL from 'ical.js'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { addGuardian, addToTeam, createCollege, createTask } from '../factories'
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app'

let t: TestApp
let educator: SignedIn

beforeAll(async () => {
  t = await createTestApp()
  educator = await t.userWith({ roles: ['educator'], name: 'Eve Educator' })
})
afterAll(() => t.close())

const originalTz = process.env.TZ
afterEach(() => {
  process.env.TZ = originalTz
})

const get = (url: string, cookie = '') => t.request({ method: 'GET', url, cookie })
const send = (method: 'POST' | 'DELETE', url: string, cookie: string) =>
  t.request({ method, url, cookie, ...(method === 'POST' ? { payload: {} } : {}) })
/** The feed's path from the URL the settings page shows once. */
const feedPath = (url: string) => new URL(url).pathname

/** All-day events as a calendar app in the current TZ shows them: summary and local calendar date. */
function parseFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent)
    const start = event.startDate.toJSDate()
    const pad = (n: number) => String(n).padStart(2, '0')
    return {
      summary: event.summary,
      isDate: event.startDate.isDate,
      localDate: `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}`,
    }
  })
}

describe('the calendar feed', () => {
  it('carries my tasks, my students’ open tasks and college deadlines as all-day events on the right dates', async () => {
    const student = await t.userWith({ roles: ['student'], name: 'Kai Calendar' })
    await addToTeam(t.db, student.id, educator.id)
    await createTask(t.db, student.id, {
      createdById: educator.id,
      title: 'Essay draft',
      dueDate: '2026-12-01',
    })
    await createTask(t.db, student.id, { createdById: educator.id, title: 'No date' })
    await createTask(t.db, student.id, {
      createdById: educator.id,
      title: 'Finished',
      dueDate: '2026-12-02',
      status: 'done',
    })
    await createCollege(t.db, student.id, { name: 'Reed College', round: 'ED', deadline: '2026-11-15' })

    const turnedOn = await send('POST', '/api/v1/users/me/calendar', educator.cookie)
    expect(turnedOn.statusCode).toBe(200)
    const { url, enabled } = turnedOn.json()
    expect(enabled).toBe(true)
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/)
    expect((await get('/api/v1/users/me/calendar', educator.cookie)).json()).toMatchObject({ enabled: true })
    expect((await get('/api/v1/users/me/calendar', educator.cookie)).json().url).toBeUndefined()

    const response = await get(feedPath(url))
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/calendar')
    expect(response.headers['cache-control']).toContain('no-store')

    for (const zone of ['Pacific/Kiritimati', 'America/Los_Angeles']) {
      process.env.TZ = zone
      const events = parseFeed(response.body)
      expect(events, zone).toEqual([
        {
          summary: 'Reed College: Early Decision deadline (Kai Calendar)',
          isDate: true,
          localDate: '2026-11-15',
        },
        { summary: 'Essay draft (Kai Calendar)', isDate: true, localDate: '2026-12-01' },
      ])
    }
  })

  it('a guardian’s feed has their child’s deadlines; a student’s has their own', async () => {
    const student = await t.userWith({ roles: ['student'], name: 'Gia Guarded' })
    const guardian = await t.userWith({ roles: ['guardian'] })
    await addGuardian(t.db, student.id, guardian.id)
    await createCollege(t.db, student.id, { name: 'Tufts', round: 'EA', deadline: '2026-11-01' })
    await createTask(t.db, student.id, {
      createdById: student.id,
      title: 'Visit Tufts',
      dueDate: '2026-10-20',
    })
    for (const person of [guardian, student]) {
      const { url } = (await send('POST', '/api/v1/users/me/calendar', person.cookie)).json()
      const summaries = parseFeed((await get(feedPath(url))).body).map((e) => e.summary)
      expect(summaries).toEqual(['Visit Tufts (Gia Guarded)', 'Tufts: Early Action deadline (Gia Guarded)'])
    }
  })

  it('drops a student’s tasks and deadlines from the feed of staff who left the team or lost their staff role', async () => {
    const student = await t.userWith({ roles: ['student'], name: 'Lou Left' })
    const [removed, demoted] = await Promise.all([0, 1].map(() => t.userWith({ roles: ['educator'] })))
    await createCollege(t.db, student.id, { name: 'Bowdoin', round: 'RD', deadline: '2027-01-05' })
    const summaries = async (url: string) => parseFeed((await get(feedPath(url))).body).map((e) => e.summary)
    const urls: string[] = []
    for (const member of [removed!, demoted!]) {
      await addToTeam(t.db, student.id, member.id)
      await createTask(t.db, student.id, {
        createdById: educator.id,
        assigneeId: member.id,
        title: 'Call family about aid appeal',
        dueDate: '2026-12-03',
      })
      const url = (await send('POST', '/api/v1/users/me/calendar', member.cookie)).json().url
      expect(await summaries(url)).toContain('Call family about aid appeal (Lou Left)')
      urls.push(url)
    }
    await t.db.execute(sql`delete from team_members where member_id = ${removed!.id}`)
    await t.db.execute(sql`delete from educator_profiles where user_id = ${demoted!.id}`)
    for (const url of urls) expect(await summaries(url)).toEqual([])
  })

  it('a new link voids the old one; turning it off voids it too; unknown tokens answer 404', async () => {
    const person = await t.userWith({ roles: ['student'] })
    const first = (await send('POST', '/api/v1/users/me/calendar', person.cookie)).json().url
    const second = (await send('POST', '/api/v1/users/me/calendar', person.cookie)).json().url
    expect(second).not.toBe(first)
    expect((await get(feedPath(first))).statusCode).toBe(404)
    expect((await get(feedPath(second))).statusCode).toBe(200)
    expect((await send('DELETE', '/api/v1/users/me/calendar', person.cookie)).statusCode).toBe(204)
    expect((await get(feedPath(second))).statusCode).toBe(404)
    expect((await get('/api/v1/users/me/calendar', person.cookie)).json()).toEqual({
      enabled: false,
      createdAt: null,
    })
    expect((await get('/api/v1/calendar/short.ics')).statusCode).toBe(404)
    expect((await get(`/api/v1/calendar/${'a'.repeat(43)}.ics`)).statusCode).toBe(404)
    expect((await get(`/api/v1/calendar/${'a'.repeat(43)}`)).statusCode).toBe(404)
  })
})
