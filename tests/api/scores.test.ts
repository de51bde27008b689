import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '../../src/server/db/raw'
import { RECORD_CAPS } from '../../src/shared/record-caps'
import { scoreProgress } from '../../src/shared/scores'
import { addGuardian, addToTeam, createSatScore } from '../factories'
import { createTestApp, type SignedIn, TEST_ORIGIN, type TestApp } from '../helpers/test-app'

/** Scores you can trust: sources, notes, who added each entry, edits, targets, and the audit log. */
let t: TestApp
let educator: SignedIn
let fao: SignedIn

beforeAll(async () => {
  t = await createTestApp()
  educator = await t.userWith({ roles: ['educator'] })
  fao = await t.userWith({ roles: ['fao'] })
})
afterAll(() => t.close())

async function newStudent() {
  const student = await t.userWith({ roles: ['student'] })
  await addToTeam(t.db, student.id, educator.id)
  await addToTeam(t.db, student.id, fao.id)
  return student
}

const send = (method: 'POST' | 'PATCH' | 'DELETE' | 'PUT', url: string, cookie: string, payload?: object) =>
  t.request({ method, url, cookie, headers: { origin: TEST_ORIGIN }, ...(payload ? { payload } : {}) })
const record = async (studentId: string, cookie: string) =>
  (await t.request({ method: 'GET', url: `/api/v1/students/${studentId}`, cookie })).json()
const auditOf = (subjectId: string) =>
  selectRows<{ action: string; before: unknown; after: unknown }>(
    t.db,
    sql`select action, before, after from audit_events where subject_id = ${subjectId} order by created_at, id`,
  )

describe('entries with a source, a note and who added them', () => {
  it('defaults to official; only official entries count toward superscores; superscoresAll counts all', async () => {
    const student = await newStudent()
    const url = `/api/v1/students/${student.id}/sat-scores`
    const official = await send('POST', url, educator.cookie, { date: '2025-03-08', english: 600, math: 650 })
    expect(official.statusCode).toBe(201)
    expect(official.json()).toMatchObject({
      source: 'official',
      note: null,
      addedBy: { name: educator.name, uuid: educator.id },
      cumulative: 1250,
    })
    const practice = await send('POST', url, student.cookie, {
      date: '2025-04-12',
      english: 720,
      math: 700,
      source: 'practice',
      note: 'Bluebook test 4',
    })
    expect(practice.json()).toMatchObject({ source: 'practice', note: 'Bluebook test 4' })
    const body = await record(student.id, student.cookie)
    expect(body.superscores.sat).toEqual({ english: 600, math: 650, cumulative: 1250 })
    expect(body.superscoresAll.sat).toEqual({ english: 720, math: 700, cumulative: 1420 })
    expect(
      body.satScoresHistorical.map((entry: { addedBy: { uuid: string } }) => entry.addedBy.uuid),
    ).toEqual([educator.id, student.id])
  })

  it('refuses an unknown source or a long note, naming the field', async () => {
    const student = await newStudent()
    const url = `/api/v1/students/${student.id}/act-scores`
    const base = { date: '2025-10-25', english: 30, math: 28, reading: 31, science: 27 }
    for (const [field, value] of [
      ['source', 'mock'],
      ['note', 'x'.repeat(201)],
    ] as const) {
      const answer = await send('POST', url, educator.cookie, { ...base, [field]: value })
      expect(answer.statusCode).toBe(400)
      expect(answer.json().errors[0].path).toBe(field)
    }
  })
})

describe('the enhanced ACT without science', () => {
  it('takes an entry from 2025-09-01 without science, still requires it before, and superscores what there is', async () => {
    const student = await newStudent()
    const url = `/api/v1/students/${student.id}/act-scores`
    const before = await send('POST', url, educator.cookie, {
      date: '2025-08-31',
      english: 30,
      math: 28,
      reading: 31,
    })
    expect(before.statusCode).toBe(400)
    expect(before.json().errors).toEqual([
      { path: 'science', message: 'Science is required for tests before 2025-09-01.' },
    ])
    const older = await send('POST', url, educator.cookie, {
      date: '2025-06-14',
      english: 24,
      math: 26,
      reading: 25,
      science: 23,
    })
    expect(older.json()).toMatchObject({ science: 23, cumulative: 25 })
    const enhanced = await send('POST', url, educator.cookie, {
      date: '2025-09-13',
      english: 30,
      math: 28,
      reading: 31,
    })
    expect(enhanced.statusCode).toBe(201)
    expect(enhanced.json()).toMatchObject({ science: null, cumulative: 30 })
    const explicitNull = await send('POST', url, educator.cookie, {
      date: '2025-10-25',
      english: 31,
      math: 29,
      reading: 32,
      science: null,
    })
    expect(explicitNull.json()).toMatchObject({ science: null, cumulative: 31 })

    const body = await record(student.id, student.cookie)
    // Best of each section; science only from the entry that has it; the newest test's rule.
    expect(body.superscores.act).toEqual({ english: 31, math: 29, reading: 32, science: 23, cumulative: 31 })

    // An edit may not move an entry without science to before the enhanced ACT.
    const moved = await send('PATCH', `${url}/${enhanced.json().uuid}`, educator.cookie, {
      date: '2025-08-30',
    })
    expect(moved.statusCode).toBe(400)
    expect(moved.json().errors[0].path).toBe('science')
    // null clears science on an enhanced entry; on an older one it is refused.
    const cleared = await send('PATCH', `${url}/${explicitNull.json().uuid}`, educator.cookie, {
      science: 27,
    })
    expect(cleared.json()).toMatchObject({ science: 27, cumulative: 31 })
    const clearedAgain = await send('PATCH', `${url}/${explicitNull.json().uuid}`, educator.cookie, {
      science: null,
    })
    expect(clearedAgain.json()).toMatchObject({ science: null })
    const refused = await send('PATCH', `${url}/${older.json().uuid}`, educator.cookie, { science: null })
    expect(refused.statusCode).toBe(400)

    // The original delete by value finds an entry without science.
    const deleted = await send('DELETE', url, educator.cookie, {
      date: '2025-09-13',
      english: 30,
      math: 28,
      reading: 31,
    })
    expect(deleted.statusCode).toBe(204)
    expect((await record(student.id, student.cookie)).actScoresHistorical).toHaveLength(2)
  })
})

describe('editing and deleting one entry', () => {
  it('staff edit any entry; the student only their own; every change is audited with before and after', async () => {
    const student = await newStudent()
    const staffEntry = await createSatScore(t.db, student.id, {
      date: '2025-03-08',
      english: 600,
      math: 650,
      createdById: educator.id,
    })
    const entryUrl = (id: string) => `/api/v1/students/${student.id}/sat-scores/${id}`

    const fixed = await send('PATCH', entryUrl(staffEntry), educator.cookie, {
      math: 660,
      source: 'diagnostic',
    })
    expect(fixed.statusCode).toBe(200)
    expect(fixed.json()).toMatchObject({
      uuid: staffEntry,
      english: 600,
      math: 660,
      cumulative: 1260,
      source: 'diagnostic',
    })
    const refused = await send('PATCH', entryUrl(staffEntry), student.cookie, { math: 800 })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('not-your-score')
    expect((await send('DELETE', entryUrl(staffEntry), student.cookie)).statusCode).toBe(403)
    expect((await send('PATCH', entryUrl(staffEntry), fao.cookie, { note: 'x' })).statusCode).toBe(403)

    const own = (
      await send('POST', `/api/v1/students/${student.id}/sat-scores`, student.cookie, {
        date: '2025-05-03',
        english: 700,
        math: 690,
      })
    ).json().uuid
    expect(
      (await send('PATCH', entryUrl(own), student.cookie, { note: 'After the summer course' })).statusCode,
    ).toBe(200)
    expect((await send('DELETE', entryUrl(own), student.cookie)).statusCode).toBe(204)
    expect((await send('DELETE', entryUrl(own), student.cookie)).statusCode).toBe(404)

    expect((await auditOf(staffEntry)).map((event) => event.action)).toEqual(['score.updated'])
    const [change] = await auditOf(staffEntry)
    expect(change!.before).toMatchObject({ test: 'SAT', math: 650, source: 'official' })
    expect(change!.after).toMatchObject({ test: 'SAT', math: 660, source: 'diagnostic' })
    expect((await auditOf(own)).map((event) => event.action)).toEqual([
      'score.added',
      'score.updated',
      'score.deleted',
    ])
  })

  it('checks the entry as changed: bad values name the field, an empty change is refused, other records are 404', async () => {
    const student = await newStudent()
    const other = await newStudent()
    const entry = await createSatScore(t.db, student.id, { date: '2025-03-08', english: 600, math: 650 })
    const url = `/api/v1/students/${student.id}/sat-scores/${entry}`
    const bad = await send('PATCH', url, educator.cookie, { english: 805 })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors).toContainEqual({
      path: 'english',
      message: 'SAT section scores go in steps of 10.',
    })
    const future = await send('PATCH', url, educator.cookie, { date: '2999-01-01' })
    expect(future.json().errors[0]).toMatchObject({ path: 'date' })
    expect((await send('PATCH', url, educator.cookie, {})).statusCode).toBe(400)
    expect(
      (
        await send('PATCH', `/api/v1/students/${other.id}/sat-scores/${entry}`, educator.cookie, {
          math: 700,
        })
      ).statusCode,
    ).toBe(404)
    expect(
      (
        await send('PATCH', `/api/v1/students/${student.id}/sat-scores/not-a-uuid`, educator.cookie, {
          math: 700,
        })
      ).statusCode,
    ).toBe(404)
    // Nothing was written by the refusals.
    expect((await record(student.id, educator.cookie)).satScoresHistorical[0]).toMatchObject({
      english: 600,
      math: 650,
    })
  })

  it('the original delete by value takes the student’s own entry, never one their educator added', async () => {
    const student = await newStudent()
    const entry = { date: '2025-03-08', english: 600, math: 650 }
    const staffEntry = await createSatScore(t.db, student.id, { ...entry, createdById: educator.id })
    const url = `/api/v1/students/${student.id}/sat-scores`
    expect((await send('DELETE', url, student.cookie, entry)).statusCode).toBe(403)
    const own = (await send('POST', url, student.cookie, entry)).json().uuid
    expect((await send('DELETE', url, student.cookie, entry)).statusCode).toBe(204)
    const left = (await record(student.id, educator.cookie)).satScoresHistorical.map(
      (e: { uuid: string }) => e.uuid,
    )
    expect(left).toEqual([staffEntry])
    expect(left).not.toContain(own)
    expect((await send('DELETE', url, educator.cookie, entry)).statusCode).toBe(204)
  })
})

describe('targets', () => {
  it('are set by the student and staff writers, read by everyone who reads the record, and audited', async () => {
    const student = await newStudent()
    const guardian = await t.userWith({ roles: ['guardian'] })
    await addGuardian(t.db, student.id, guardian.id)
    const url = `/api/v1/students/${student.id}/targets`
    const set = await send('PUT', url, student.cookie, { sat: 1450, act: 32 })
    expect(set.statusCode).toBe(200)
    expect(set.json()).toEqual({ sat: 1450, act: 32 })
    expect((await send('PUT', url, educator.cookie, { act: null })).json()).toEqual({ sat: 1450, act: null })
    expect((await send('PUT', url, fao.cookie, { sat: 1500 })).statusCode).toBe(403)
    expect((await send('PUT', url, guardian.cookie, { sat: 1500 })).statusCode).toBe(403)
    expect((await record(student.id, guardian.cookie)).targets).toEqual({ sat: 1450, act: null })
    for (const [field, value] of [
      ['sat', 1455],
      ['sat', 1610],
      ['act', 0],
      ['act', 'high'],
    ] as const) {
      const answer = await send('PUT', url, student.cookie, { [field]: value })
      expect(answer.statusCode, `${field} ${value}`).toBe(400)
      expect(answer.json().errors[0].path).toBe(field)
    }
    const events = await selectRows<{ action: string }>(
      t.db,
      sql`select action from audit_events where subject_id = ${student.id} and action = 'targets.changed'`,
    )
    expect(events).toHaveLength(2)
  })
})

describe('progress', () => {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b)
    const middle = Math.floor(sorted.length / 2)
    return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
  }

  it('the admin overview’s median gain is the median of each active record’s progress, with its count', async () => {
    const admin = await t.userWith({ roles: ['admin'] })
    const sat = (studentId: string, date: string, english: number, math: number, source = 'official') =>
      send('POST', `/api/v1/students/${studentId}/sat-scores`, educator.cookie, {
        date,
        english,
        math,
        source,
      })
    const act = (studentId: string, date: string, sections: number[], source = 'official') => {
      const [english, math, reading, science] = sections
      return send('POST', `/api/v1/students/${studentId}/act-scores`, educator.cookie, {
        date,
        english,
        math,
        reading,
        ...(science === undefined ? {} : { science }),
        source,
      })
    }
    const climber = await newStudent()
    await sat(climber.id, '2025-01-11', 600, 600)
    await sat(climber.id, '2025-02-01', 550, 550, 'diagnostic')
    await sat(climber.id, '2025-05-03', 680, 700)
    await act(climber.id, '2025-06-14', [24, 26, 25, 23], 'practice')
    await act(climber.id, '2025-10-25', [30, 28, 31])
    const slider = await newStudent()
    await sat(slider.id, '2025-03-08', 700, 700, 'practice')
    await sat(slider.id, '2025-06-07', 690, 680)
    const single = await newStudent()
    await sat(single.id, '2025-03-08', 500, 500)
    const archived = await newStudent()
    await sat(archived.id, '2025-01-11', 400, 400, 'diagnostic')
    await sat(archived.id, '2025-05-03', 800, 800)
    const archive = await send('PATCH', `/api/v1/students/${archived.id}`, admin.cookie, { archived: true })
    expect(archive.statusCode, archive.body).toBeLessThan(300)

    const climberRecord = await record(climber.id, admin.cookie)
    expect(scoreProgress(climberRecord.satScoresHistorical)?.gain).toBe(280)
    expect(scoreProgress(climberRecord.actScoresHistorical)?.gain).toBe(5)

    // Every active record in this database, read through the API and measured by the shared rule.
    const active = await selectRows<{ id: string }>(
      t.db,
      sql`select user_id as id from student_profiles where archived_at is null`,
    )
    const gains = { sat: [] as number[], act: [] as number[] }
    for (const { id } of active) {
      const body = await record(id, admin.cookie)
      for (const [kind, entries] of [
        ['sat', body.satScoresHistorical],
        ['act', body.actScoresHistorical],
      ] as const) {
        const progress = scoreProgress(entries)
        if (progress) gains[kind].push(progress.gain)
      }
    }
    expect(gains.sat).toContain(-30)
    const overview = (
      await t.request({ method: 'GET', url: '/api/v1/screens/admin', cookie: admin.cookie })
    ).json()
    expect(overview.progress).toEqual({
      sat: { medianGain: median(gains.sat), students: gains.sat.length },
      act: { medianGain: median(gains.act), students: gains.act.length },
    })
  })

  it('the median gain follows each record change at once: a score added, edited or deleted, a student archived', async () => {
    const admin = await t.userWith({ roles: ['admin'] })
    const progress = async () =>
      (await t.request({ method: 'GET', url: '/api/v1/screens/admin', cookie: admin.cookie })).json().progress
        .sat as { medianGain: number | null; students: number }
    const student = await newStudent()
    const before = await progress()
    const add = (date: string, english: number, source: string) =>
      send('POST', `/api/v1/students/${student.id}/sat-scores`, educator.cookie, {
        date,
        english,
        math: 500,
        source,
      })
    expect((await add('2025-01-11', 400, 'diagnostic')).statusCode).toBe(201)
    expect(await progress()).toEqual(before)
    const added = await add('2025-05-03', 700, 'official')
    expect(added.statusCode, added.body).toBe(201)
    expect((await progress()).students).toBe(before.students + 1)
    const entryId = added.json().uuid as string
    const edited = await send(
      'PATCH',
      `/api/v1/students/${student.id}/sat-scores/${entryId}`,
      educator.cookie,
      {
        english: 800,
      },
    )
    expect(edited.statusCode, edited.body).toBe(200)
    const afterEdit = await progress()
    expect(afterEdit.students).toBe(before.students + 1)
    const archived = await send('PATCH', `/api/v1/students/${student.id}`, admin.cookie, { archived: true })
    expect(archived.statusCode, archived.body).toBeLessThan(300)
    expect(await progress()).toEqual(before)
    await send('PATCH', `/api/v1/students/${student.id}`, admin.cookie, { archived: false })
    expect(await progress()).toEqual(afterEdit)
    const deleted = await send(
      'DELETE',
      `/api/v1/students/${student.id}/sat-scores/${entryId}`,
      educator.cookie,
    )
    expect(deleted.statusCode, deleted.body).toBe(204)
    expect(await progress()).toEqual(before)
  })
})

describe('entries per record are capped', () => {
  const cases = [
    {
      test: 'sat',
      cap: RECORD_CAPS.satScores,
      fill: (id: string) =>
        sql`insert into sat_scores (student_id, date, english, math)
        select ${id}, date '2020-01-01' + g, 600, 600 from generate_series(1, ${RECORD_CAPS.satScores}) g`,
      body: { date: '2026-03-14', english: 650, math: 700 },
      code: 'too-many-sat-scores',
      detail: `This record already has ${RECORD_CAPS.satScores} SAT scores, the most it can hold. Delete one first.`,
    },
    {
      test: 'act',
      cap: RECORD_CAPS.actScores,
      fill: (id: string) =>
        sql`insert into act_scores (student_id, date, english, math, reading, science)
        select ${id}, date '2020-01-01' + g, 30, 30, 30, 30 from generate_series(1, ${RECORD_CAPS.actScores}) g`,
      body: { date: '2025-06-14', english: 30, math: 31, reading: 32, science: 33 },
      code: 'too-many-act-scores',
      detail: `This record already has ${RECORD_CAPS.actScores} ACT scores, the most it can hold. Delete one first.`,
    },
  ] as const
  for (const { test, cap, fill, body, code, detail } of cases) {
    it(`refuses an ${test.toUpperCase()} entry past the cap of ${cap} with 409, writing nothing and no audit event`, async () => {
      const student = await newStudent()
      await t.db.execute(fill(student.id))
      const refused = await send(
        'POST',
        `/api/v1/students/${student.id}/${test}-scores`,
        educator.cookie,
        body,
      )
      expect(refused.statusCode).toBe(409)
      expect(refused.json()).toMatchObject({ code, detail })
      const [counted] = await selectRows<{ entries: number; events: number }>(
        t.db,
        sql`select (select count(*)::int from ${sql.raw(`${test}_scores`)} where student_id = ${student.id}) as entries,
          (select count(*)::int from audit_events where student_id = ${student.id}) as events`,
      )
      expect(counted).toEqual({ entries: cap, events: 0 })
    })
  }
})
