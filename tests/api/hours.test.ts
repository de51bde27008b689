import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '../../src/server/db/raw'
import { insertSession } from '../../src/server/db/seed/sessions'
import { syncSessionCharge } from '../../src/server/modules/hours/ledger'
import { type Hours, minutesToHours } from '../../src/shared/hours'
import type { SessionStatus } from '../../src/shared/tutoring'
import { studentFamily } from '../helpers/family'
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app'

let t: TestApp
let admin: SignedIn
let educator: SignedIn
let fao: SignedIn

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.userWith({ roles: ['admin'], name: 'Ada Admin' })
  educator = await t.userWith({ roles: ['educator'], name: 'Eve Educator' })
  fao = await t.userWith({ roles: ['fao'], name: 'Fay Aid' })
})
afterAll(() => t.close())

const get = (url: string, cookie = admin.cookie) => t.request({ method: 'GET', url, cookie })
const post = (url: string, payload: object, cookie = admin.cookie) =>
  t.request({ method: 'POST', url, cookie, payload })

async function family(name = 'Sam Student') {
  const { student, guardian } = await studentFamily(t, [educator, fao], { name })
  const base = `/api/v1/students/${student.id}`
  const buy = async (body: object) => {
    const response = await post(`${base}/packages`, body)
    expect(response.statusCode, response.body).toBe(201)
    return response.json() as { uuid: string; hoursLeft: number }
  }
  const adjust = async (body: object) => {
    const response = await post(`${base}/hours/adjustments`, body)
    expect(response.statusCode, response.body).toBe(201)
    return response.json() as Hours
  }
  return { student, guardian, base, buy, adjust }
}

/** A session straight into the table, as the sessions API would have scheduled it. */
const session = (
  studentId: string,
  fields: { day?: string; service?: 'tutoring' | 'essays'; minutes?: number } = {},
) =>
  insertSession(t.db, studentId, {
    educatorId: educator.id,
    createdById: educator.id,
    service: fields.service ?? 'tutoring',
    startsAt: new Date(`${fields.day ?? '2026-04-01'}T20:00:00Z`),
    durationMinutes: fields.minutes ?? 60,
  })

/** What the sessions API does on a mark or a reschedule: the change, then the ledger's rule, in one transaction. */
async function mark(sessionId: string, status: SessionStatus, minutes?: number) {
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`update tutoring_sessions set status = ${status},
      duration_minutes = coalesce(${minutes ?? null}::int, duration_minutes),
      ends_at = starts_at + make_interval(mins => coalesce(${minutes ?? null}::int, duration_minutes))
      where id = ${sessionId}`)
    await syncSessionCharge(tx, sessionId, educator.id)
  })
}

/**
 * The hours as the API answers them, checked against the table after every step: the balance is
 * the sum of the ledger's rows, each entry's balance after is the running sum, no session has two
 * entries, and each package's hours left is the sum of its rows.
 */
async function hoursOf(studentId: string): Promise<Hours> {
  const response = await get(`/api/v1/students/${studentId}/hours`)
  expect(response.statusCode, response.body).toBe(200)
  const hours = response.json() as Hours
  const rows = await selectRows<{ id: string; minutes: number; session_id: string | null }>(
    t.db,
    sql`select id, minutes, session_id from hour_ledger where student_id = ${studentId} order by created_at, id`,
  )
  const total = rows.reduce((sum, row) => sum + row.minutes, 0)
  expect(hours.balance).toBe(minutesToHours(total))
  expect(hours.entries.map((entry) => entry.uuid)).toEqual(rows.map((row) => row.id))
  let running = 0
  rows.forEach((row, index) => {
    running += row.minutes
    expect(hours.entries[index]!.balanceAfter).toBe(minutesToHours(running))
  })
  const sessions = rows.flatMap((row) => (row.session_id ? [row.session_id] : []))
  expect(new Set(sessions).size).toBe(sessions.length)
  for (const hourPackage of hours.packages) {
    const [left] = await selectRows<{ minutes: number }>(
      t.db,
      sql`select coalesce(sum(minutes), 0)::int as minutes from hour_ledger where package_id = ${hourPackage.uuid}`,
    )
    expect(hourPackage.hoursLeft).toBe(minutesToHours(left!.minutes))
  }
  return hours
}

const entryOf = (hours: Hours, sessionId: string) =>
  hours.entries.filter((e) => e.session?.uuid === sessionId)
const leftIn = (hours: Hours, packageId: string) =>
  hours.packages.find((p) => p.uuid === packageId)!.hoursLeft

describe('a package', () => {
  it('enters the ledger as its purchase, audited, in the shape of the contract', async () => {
    const { student, base, buy } = await family('Pat Purchase')
    expect(await hoursOf(student.id)).toMatchObject({ balance: 0, lowBalanceHours: 2, scheduledAhead: 0 })
    const bought = await buy({
      name: 'Fall tutoring',
      service: 'tutoring',
      hours: 12.5,
      pricePaidCents: 150_000,
      purchasedOn: '2026-09-01',
      expiresOn: '2027-03-01',
    })
    expect(bought).toMatchObject({
      studentUUID: student.id,
      name: 'Fall tutoring',
      service: 'tutoring',
      hours: 12.5,
      hoursLeft: 12.5,
      pricePaidCents: 150_000,
      purchasedOn: '2026-09-01',
      expiresOn: '2027-03-01',
      createdBy: { uuid: admin.id, name: 'Ada Admin' },
    })
    await buy({ name: 'Any help', service: 'any', hours: 0.5, purchasedOn: '2026-10-01' })
    const hours = await hoursOf(student.id)
    expect(hours.balance).toBe(13)
    expect(hours.entries.map((e) => [e.kind, e.hours, e.balanceAfter, e.package?.name])).toEqual([
      ['purchase', 12.5, 12.5, 'Fall tutoring'],
      ['purchase', 0.5, 13, 'Any help'],
    ])
    const listed = (await get(`${base}/packages`)).json().packages
    expect(listed.map((p: { service: string }) => p.service)).toEqual(['tutoring', 'any'])
    const audits = await selectRows<{ action: string; after: { hours: number } }>(
      t.db,
      sql`select action, after from audit_events where student_id = ${student.id} order by created_at`,
    )
    expect(audits.map((a) => [a.action, a.after.hours])).toEqual([
      ['package.created', 12.5],
      ['package.created', 0.5],
    ])
  })
})

describe('charged sessions', () => {
  it('draw from the oldest open package of the service, then of any service, skipping expired ones', async () => {
    const { student, buy } = await family('Dee Draw')
    const any = await buy({ name: 'Any', service: 'any', hours: 5, purchasedOn: '2026-01-01' })
    const first = await buy({ name: 'Tutoring 1', service: 'tutoring', hours: 2, purchasedOn: '2026-02-01' })
    const second = await buy({ name: 'Tutoring 2', service: 'tutoring', hours: 3, purchasedOn: '2026-03-01' })
    const expired = await buy({
      name: 'Old essays',
      service: 'essays',
      hours: 2,
      purchasedOn: '2025-01-01',
      expiresOn: '2026-03-31',
    })
    expect((await hoursOf(student.id)).balance).toBe(12)

    const attended = await session(student.id)
    await mark(attended, 'attended')
    let hours = await hoursOf(student.id)
    expect(entryOf(hours, attended).map((e) => [e.hours, e.package?.uuid])).toEqual([[-1, first.uuid]])
    expect(hours.balance).toBe(11)

    const late = await session(student.id, { day: '2026-04-02' })
    await mark(late, 'late-cancelled')
    const noShow = await session(student.id, { day: '2026-04-03' })
    await mark(noShow, 'no-show')
    hours = await hoursOf(student.id)
    // The first tutoring package is used up by the second session; the third draws from the next.
    expect(entryOf(hours, late)[0]!.package?.uuid).toBe(first.uuid)
    expect(entryOf(hours, noShow)[0]!.package?.uuid).toBe(second.uuid)
    expect([leftIn(hours, first.uuid), leftIn(hours, second.uuid), leftIn(hours, any.uuid)]).toEqual([
      0, 2, 5,
    ])
    expect(hours.balance).toBe(9)

    // An essays session on Apr 5: the essays package expired on Mar 31, so the any-service one pays.
    const essays = await session(student.id, { day: '2026-04-05', service: 'essays', minutes: 45 })
    await mark(essays, 'attended')
    hours = await hoursOf(student.id)
    expect(entryOf(hours, essays).map((e) => [e.hours, e.package?.uuid])).toEqual([[-0.75, any.uuid]])
    expect(leftIn(hours, expired.uuid)).toBe(2)
    expect(hours.balance).toBe(8.25)

    // Scheduled and cancelled sessions take nothing.
    await session(student.id, { day: '2026-04-06' })
    const cancelled = await session(student.id, { day: '2026-04-07' })
    await mark(cancelled, 'cancelled')
    hours = await hoursOf(student.id)
    expect(hours.entries).toHaveLength(8)
    expect(hours.balance).toBe(8.25)
  })

  it('a changed status moves, keeps or removes the one entry; a changed duration changes it', async () => {
    const { student, buy } = await family('Cas Change')
    const tutoring = await buy({ name: 'Tutoring', service: 'tutoring', hours: 4, purchasedOn: '2026-01-01' })
    const id = await session(student.id)
    await mark(id, 'attended')
    let hours = await hoursOf(student.id)
    const [charged] = entryOf(hours, id)
    expect(hours.balance).toBe(3)

    // Attended, then no-show, then late-cancelled: still one entry, the same one.
    for (const status of ['no-show', 'late-cancelled'] as const) {
      await mark(id, status)
      hours = await hoursOf(student.id)
      expect(entryOf(hours, id).map((e) => [e.uuid, e.hours, e.session?.status])).toEqual([
        [charged!.uuid, -1, status],
      ])
      expect(hours.balance).toBe(3)
    }

    // Made 90 minutes: the same entry takes 1.5 hours.
    await mark(id, 'late-cancelled', 90)
    hours = await hoursOf(student.id)
    expect(entryOf(hours, id).map((e) => [e.uuid, e.hours])).toEqual([[charged!.uuid, -1.5]])
    expect(hours.balance).toBe(2.5)

    // Cancelled with notice: the entry goes and the hours come back.
    await mark(id, 'cancelled')
    hours = await hoursOf(student.id)
    expect(entryOf(hours, id)).toEqual([])
    expect(hours.balance).toBe(4)
    expect(leftIn(hours, tutoring.uuid)).toBe(4)

    // Back to scheduled, then attended: one new entry again.
    await mark(id, 'scheduled')
    expect((await hoursOf(student.id)).balance).toBe(4)
    await mark(id, 'attended', 60)
    hours = await hoursOf(student.id)
    expect(entryOf(hours, id)).toHaveLength(1)
    expect(hours.balance).toBe(3)
  })

  it('a charged session moved to another service, or past its package’s expiry, draws again', async () => {
    const { student, buy } = await family('Mo Move')
    const tutoring = await buy({
      name: 'Tutoring',
      service: 'tutoring',
      hours: 3,
      purchasedOn: '2026-01-01',
      expiresOn: '2026-04-30',
    })
    const essays = await buy({ name: 'Essays', service: 'essays', hours: 3, purchasedOn: '2026-01-01' })
    const any = await buy({ name: 'Any', service: 'any', hours: 3, purchasedOn: '2026-01-01' })
    const id = await session(student.id, { day: '2026-04-01' })
    await mark(id, 'attended')
    const change = async (set: ReturnType<typeof sql>) => {
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`update tutoring_sessions set ${set} where id = ${id}`)
        await syncSessionCharge(tx, id, educator.id)
      })
      const hours = await hoursOf(student.id)
      expect(entryOf(hours, id)).toHaveLength(1)
      return entryOf(hours, id)[0]!
    }
    const first = await change(sql`agenda = 'Nothing that matters to the ledger'`)
    expect(first.package?.uuid).toBe(tutoring.uuid)
    const asEssays = await change(sql`service = 'essays'`)
    expect([asEssays.uuid, asEssays.package?.uuid]).toEqual([first.uuid, essays.uuid])
    // Back to tutoring, but on May 5, through the API: the tutoring package expired on Apr 30, so
    // the any-service one pays, and the entry keeps its id.
    const moved = await t.request({
      method: 'PATCH',
      url: `/api/v1/students/${student.id}/sessions/${id}`,
      cookie: admin.cookie,
      payload: { service: 'tutoring', startsAt: '2026-05-05T20:00:00Z' },
    })
    expect(moved.statusCode, moved.body).toBe(200)
    const hours = await hoursOf(student.id)
    expect(entryOf(hours, id).map((entry) => [entry.uuid, entry.package?.uuid, entry.hours])).toEqual([
      [first.uuid, any.uuid, -1],
    ])
    expect(hours.balance).toBe(8)
  })

  it('a session charged when no package is open still takes its time, and the balance goes below zero', async () => {
    const { student, buy } = await family('Ned Negative')
    await buy({ name: 'Essays only', service: 'essays', hours: 1, purchasedOn: '2026-01-01' })
    const id = await session(student.id, { minutes: 120 })
    await mark(id, 'no-show')
    const hours = await hoursOf(student.id)
    expect(entryOf(hours, id).map((e) => [e.hours, e.package])).toEqual([[-2, null]])
    expect(hours.balance).toBe(-1)
  })
})

describe('adjustments', () => {
  it('add and remove hours with a reason, on a package or none, audited', async () => {
    const { student, base, buy, adjust } = await family('Adi Adjust')
    const bought = await buy({ name: 'Tutoring', service: 'tutoring', hours: 10, purchasedOn: '2026-01-01' })
    let hours = await adjust({ hours: 2, reason: 'Make-up for a cancelled session' })
    expect(hours.balance).toBe(12)
    expect(hours.entries.at(-1)).toMatchObject({
      kind: 'adjustment',
      hours: 2,
      balanceAfter: 12,
      package: null,
      reason: 'Make-up for a cancelled session',
      createdBy: { uuid: admin.id },
    })
    hours = await adjust({ hours: -1.25, reason: 'Unrecorded session', packageUUID: bought.uuid })
    expect(hours.balance).toBe(10.75)
    expect(leftIn(hours, bought.uuid)).toBe(8.75)
    expect(await hoursOf(student.id)).toEqual(hours)

    const other = await family('Otto Other')
    const theirs = await other.buy({ name: 'Theirs', service: 'any', hours: 1, purchasedOn: '2026-01-01' })
    for (const packageUUID of [theirs.uuid, '00000000-0000-4000-8000-000000000000']) {
      const refused = await post(`${base}/hours/adjustments`, { hours: 1, reason: 'x', packageUUID })
      expect(refused.statusCode).toBe(400)
      expect(refused.json().errors).toEqual([
        { path: 'packageUUID', message: "Use one of this student's packages." },
      ])
    }
    expect((await hoursOf(student.id)).balance).toBe(10.75)
    const [audit] = await selectRows<{ after: unknown }>(
      t.db,
      sql`select after from audit_events where student_id = ${student.id} and action = 'hours.adjusted' order by created_at desc limit 1`,
    )
    expect(audit!.after).toEqual({ hours: -1.25, reason: 'Unrecorded session', packageId: bought.uuid })
  })

  it('counts the scheduled sessions still ahead, not those that ended', async () => {
    const { student } = await family('Sky Schedule')
    const soon = new Date(Date.now() + 86_400_000)
    await insertSession(t.db, student.id, {
      educatorId: educator.id,
      createdById: educator.id,
      startsAt: soon,
      durationMinutes: 45,
    })
    await insertSession(t.db, student.id, {
      educatorId: educator.id,
      createdById: educator.id,
      startsAt: new Date(soon.getTime() + 86_400_000),
      durationMinutes: 90,
    })
    await session(student.id, { day: '2026-01-05' })
    expect((await hoursOf(student.id)).scheduledAhead).toBe(2.25)
  })
})

describe('bad input', () => {
  it('answers 400 naming the field', async () => {
    const { base } = await family('Bea Bad')
    const good = { name: 'Tutoring', service: 'tutoring', hours: 10, purchasedOn: '2026-01-01' }
    const cases: Array<[string, object, string]> = [
      ['packages', { ...good, hours: 0.3 }, 'hours'],
      ['packages', { ...good, hours: 0 }, 'hours'],
      ['packages', { ...good, hours: 500.25 }, 'hours'],
      ['packages', { ...good, hours: '10' }, 'hours'],
      ['packages', { ...good, service: 'x' }, 'service'],
      ['packages', { ...good, purchasedOn: '2026-02-30' }, 'purchasedOn'],
      ['packages', { ...good, purchasedOn: 'soon' }, 'purchasedOn'],
      ['packages', { ...good, expiresOn: '2025-12-31' }, 'expiresOn'],
      ['packages', { ...good, name: '  ' }, 'name'],
      ['packages', { ...good, pricePaidCents: -1 }, 'pricePaidCents'],
      ['packages', { ...good, extra: 1 }, ''],
      ['hours/adjustments', { hours: 0, reason: 'Nothing' }, 'hours'],
      ['hours/adjustments', { hours: 0.3, reason: 'Odd' }, 'hours'],
      ['hours/adjustments', { hours: 1, reason: '' }, 'reason'],
      ['hours/adjustments', { hours: 1 }, 'reason'],
      ['hours/adjustments', { hours: 1, reason: 'x', packageUUID: 'nope' }, 'packageUUID'],
    ]
    for (const [path, body, field] of cases) {
      const response = await post(`${base}/${path}`, body)
      expect(response.statusCode, `${path} ${JSON.stringify(body)}: ${response.body}`).toBe(400)
      expect(response.headers['content-type']).toContain('application/problem+json')
      const errors = response.json().errors as Array<{ path: string }>
      if (field)
        expect(
          errors.map((e) => e.path),
          JSON.stringify(body),
        ).toContain(field)
    }
    expect((await get(`${base}/hours`)).json().entries).toEqual([])
  })
})

describe('who may', () => {
  it('lets the family and the team read; the FAO gets 403, an educator may not record, outsiders get 404', async () => {
    const { student, guardian, base, buy } = await family('Wyn Who')
    await buy({ name: 'Tutoring', service: 'tutoring', hours: 3, purchasedOn: '2026-01-01' })
    for (const reader of [educator, student, guardian]) {
      expect((await get(`${base}/hours`, reader.cookie)).json().balance).toBe(3)
    }
    const refused = await get(`${base}/hours`, fao.cookie)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().detail).toBe('Financial-aid officers do not see tutoring sessions or hours.')
    const byEducator = await post(`${base}/hours/adjustments`, { hours: 1, reason: 'x' }, educator.cookie)
    expect(byEducator.statusCode).toBe(403)
    const stranger = await t.userWith({ roles: ['educator'] })
    expect((await get(`${base}/hours.csv`, stranger.cookie)).statusCode).toBe(404)
    expect((await get('/api/v1/students/not-a-uuid/hours')).statusCode).toBe(404)
  })
})

describe('the CSV statement', () => {
  it('lists every entry with the balance after it, named for the student, safe from formulas', async () => {
    const { student, guardian, base, buy, adjust } = await family('Zoë Núñez')
    await buy({
      name: '=HYPERLINK("http://evil.example")',
      service: 'tutoring',
      hours: 10,
      purchasedOn: '2026-01-01',
      expiresOn: '2027-03-01',
    })
    const id = await insertSession(t.db, student.id, {
      educatorId: educator.id,
      createdById: educator.id,
      startsAt: new Date('2026-03-09T20:00:00Z'),
      durationMinutes: 90,
      timeZone: 'America/New_York',
    })
    await mark(id, 'attended')
    await adjust({ hours: -0.5, reason: '@SUM(1+1) correction' })
    const response = await get(`${base}/hours.csv`, guardian.cookie)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="crestline-hours-zoe-nunez-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    expect(response.body.startsWith('\uFEFF')).toBe(true)
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe('date,kind,description,package,hours,balance after')
    expect(lines.slice(1)).toEqual([
      `2026-01-01,Purchase,"Package of 10 hours (Tutoring), expires Mar 1, 2027","'=HYPERLINK(""http://evil.example"")",10,10`,
      `2026-03-09,Session,"Tutoring session at 4:00 PM EDT, 90 minutes, attended","'=HYPERLINK(""http://evil.example"")",-1.5,8.5`,
      expect.stringMatching(/^\d{4}-\d{2}-\d{2},Adjustment,'@SUM\(1\+1\) correction,,-0\.5,8$/),
    ])
  })
})
