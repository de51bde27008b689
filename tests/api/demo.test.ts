import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, seedDemo } from '../../src/server/cli/demo'
import { textPdf } from '../../src/server/cli/demo-pdf'
import { detectDocumentFileType } from '../../src/server/files/detect-type'
import { todayIn } from '../../src/shared/tasks'
import { createUser } from '../factories'
import { createTestApp, type TestApp } from '../helpers/test-app'

let t: TestApp | undefined
const demoFiles = (app: TestApp) => ({
  store: app.app.files,
  incomingDir: path.join(app.dataDir, 'incoming'),
})
afterEach(async () => {
  await t?.close()
  t = undefined
})

describe('the demo seed', () => {
  it('loads the demo people once, is safe to re-run (also after a sign-up on its invite), and every README login works', {
    timeout: 60_000,
  }, async () => {
    t = await createTestApp()
    const logins = await seedDemo(t.db, 'development', demoFiles(t))
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
    expect(await seedDemo(t.db, 'development', demoFiles(t))).toEqual(logins)
    const cookie = await t.login('maya.chen@example.com', DEMO_PASSWORD)
    const me = (await t.request({ method: 'GET', url: '/api/v1/users/me', cookie })).json()
    expect(me.profileStudent.satScoresHistorical.length).toBeGreaterThan(0)
    const record = (await t.request({ method: 'GET', url: `/api/v1/students/${me.uuid}`, cookie })).json()
    expect(record.team.length).toBe(3)
    // Every demo score names who added it; the first is labelled as the diagnostic it was.
    const maya = record.satScoresHistorical as Array<{ source: string; addedBy: { name: string } | null }>
    expect(maya.map((score) => score.addedBy?.name)).toEqual([
      'Priya Raman',
      'Priya Raman',
      'Maya Chen',
      'Priya Raman',
    ])
    expect(maya.map((score) => score.source)).toEqual(['diagnostic', 'official', 'official', 'practice'])
    // Maya sees her documents, the uploaded study plan pinned first, without the tutor's hidden notes.
    const plan = record.documents[0]
    expect(plan).toMatchObject({
      name: 'SAT study plan',
      pinned: true,
      url: expect.stringMatching(/\/file$/),
    })
    expect(record.documents.map((d: { name: string }) => d.name)).not.toContain(
      'Tutor notes: pacing on Math module 2',
    )
    const file = await t.request({ method: 'GET', url: plan.url, cookie })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toMatch(/^application\/pdf/)
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    // Dates follow the seeding day: deadlines soon (one this week), tasks overdue, due and done.
    const today = todayIn('America/New_York')
    const inDays = (date: string) => Math.round((Date.parse(date) - Date.parse(today)) / 86_400_000)
    const colleges = (
      await t.request({ method: 'GET', url: `/api/v1/students/${me.uuid}/colleges`, cookie })
    ).json().colleges as Array<{ deadline: string | null; aidOffered: number | null }>
    const soon = colleges.filter((c) => c.deadline && inDays(c.deadline) >= 0 && inDays(c.deadline) <= 14)
    expect(soon.length).toBeGreaterThanOrEqual(2)
    expect(soon.some((c) => inDays(c.deadline!) <= 6)).toBe(true)
    expect(colleges.some((c) => c.aidOffered === null)).toBe(true)
    const tasks = (
      await t.request({ method: 'GET', url: `/api/v1/students/${me.uuid}/tasks`, cookie })
    ).json().tasks as Array<{ status: string; dueDate: string | null }>
    expect(tasks.filter((task) => task.status === 'open' && inDays(task.dueDate!) < 0)).toHaveLength(1)
    expect(tasks.filter((task) => task.status === 'done')).toHaveLength(1)
    expect(tasks.some((task) => task.status === 'open' && inDays(task.dueDate!) <= 7)).toBe(true)
    // Laura, Maya's mother, sees Maya's card with the newest shared note, and no internal note.
    const laura = await t.login('laura.chen@example.com', DEMO_PASSWORD)
    const family = (
      await t.request({ method: 'GET', url: '/api/v1/screens/my-dashboard', cookie: laura })
    ).json()
    expect(family.guardianOf.map((card: { student: { name: string } }) => card.student.name)).toEqual([
      'Maya Chen',
    ])
    expect(family.guardianOf[0].newestSharedNote.body).toMatch(/^Practice test 6/)
    const notes = (
      await t.request({ method: 'GET', url: `/api/v1/students/${me.uuid}/notes`, cookie: laura })
    ).json()
    expect(notes.notes.map((n: { visibility: string }) => n.visibility)).toEqual([
      'shared',
      'shared',
      'shared',
      'shared',
    ])
    // Maya's sessions: a weekly series with two attended, one awaiting attendance, and an essay
    // session in person; her package holds 20 hours less the two attended.
    const sessions = (
      await t.request({ method: 'GET', url: `/api/v1/students/${me.uuid}/sessions`, cookie: laura })
    ).json().sessions as Array<{ status: string; awaitingAttendance: boolean; location: { kind: string } }>
    expect(sessions).toHaveLength(11)
    expect(sessions.filter((s) => s.status === 'attended')).toHaveLength(2)
    expect(sessions.filter((s) => s.awaitingAttendance)).toHaveLength(1)
    expect(sessions.some((s) => s.location.kind === 'in-person')).toBe(true)
    const hours = (
      await t.request({ method: 'GET', url: `/api/v1/students/${me.uuid}/hours`, cookie: laura })
    ).json()
    expect(hours.balance).toBe(18)
    expect(hours.packages.map((p: { name: string }) => p.name)).toEqual(['SAT tutoring, 20 hours'])
    // The admin sees invites waiting, every score's author, and this week's changes in the history.
    const admin = await t.login('admin@example.com', DEMO_PASSWORD)
    const invites = (await t.request({ method: 'GET', url: '/api/v1/user-invites', cookie: admin })).json()
    expect(JSON.stringify(invites)).toContain('hannah.kim@example.com')
    expect(JSON.stringify(invites)).toContain('min.park@example.com')
    const students = (await t.request({ method: 'GET', url: '/api/v1/students', cookie: admin })).json()
    expect(students.students).toHaveLength(4)
    for (const student of students.students as Array<{ uuid: string }>) {
      const full = (
        await t.request({ method: 'GET', url: `/api/v1/students/${student.uuid}`, cookie: admin })
      ).json()
      for (const score of [...full.satScoresHistorical, ...full.actScoresHistorical]) {
        expect(score.addedBy?.name).toBeTruthy()
      }
    }
    const history = (
      await t.request({ method: 'GET', url: `/api/v1/audit-events?studentId=${me.uuid}`, cookie: admin })
    ).json()
    const events = history.events as Array<{ action: string; createdAt: string }>
    expect(events.map((e) => e.action)).toContain('college.updated')
    // Dated back step by step, so the history reads in the order things happened, not all at once.
    expect(new Set(events.map((e) => e.createdAt)).size).toBeGreaterThan(5)
    const priya = await t.login('priya.raman@example.com', DEMO_PASSWORD)
    const mine = (
      await t.request({ method: 'GET', url: '/api/v1/educators/me/students', cookie: priya })
    ).json()
    expect(mine.students.map((s: { name: string }) => s.name)).toEqual([
      'Ethan Park',
      'Jordan Brooks',
      'Maya Chen',
    ])
    // Every login the README lists works.
    const readme = readFileSync(path.join(import.meta.dirname, '../../README.md'), 'utf8')
    const tryIt = readme.slice(readme.indexOf('## Try it'), readme.indexOf('### What the demo holds'))
    const listed = [...tryIt.matchAll(/[a-z.]+@example\.com/g)].map((match) => match[0])
    expect(new Set(listed)).toEqual(new Set(logins.map((login) => login.email)))
    expect(tryIt).toContain(DEMO_PASSWORD)
    for (const email of listed) await t.login(email, DEMO_PASSWORD)
    // Someone tries the product, signing up on the invite waiting for a new educator: the demo
    // still starts, and adds nothing.
    await createUser(t.db, { roles: ['educator'], email: 'hannah.kim@example.com' })
    expect(await seedDemo(t.db, 'development', demoFiles(t))).toEqual(logins)
  })

  it("makes a PDF the upload's own type check accepts, escaping what PDF strings reserve", async () => {
    const pdf = textPdf('Plan (draft)', ['Back\\slash and (parentheses)', 'Café: non-ASCII is left out'])
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'demo-pdf-')), 'plan.pdf')
    writeFileSync(file, pdf)
    expect(await detectDocumentFileType(file)).toEqual({ type: 'application/pdf' })
    const text = pdf.toString('latin1')
    expect(text).toContain('(Plan \\(draft\\)) Tj')
    expect(text).toContain('(Caf: non-ASCII is left out) Tj')
    // The cross-reference table points at each object where it starts.
    const offsets = [...text.matchAll(/^(\d{10}) 00000 n $/gm)].map((match) => Number(match[1]))
    for (const [index, offset] of offsets.entries())
      expect(text.slice(offset)).toMatch(new RegExp(`^${index + 1} 0 obj`))
  })

  it('refuses in production and on a database with real users', async () => {
    t = await createTestApp()
    await expect(seedDemo(t.db, 'production', demoFiles(t))).rejects.toThrow(/NODE_ENV=production/)
    await createUser(t.db, { roles: ['admin'], email: 'owner@example.com' })
    await expect(seedDemo(t.db, 'development', demoFiles(t))).rejects.toThrow(/real users.*another DATA_DIR/)
  })
})
