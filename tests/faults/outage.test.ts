import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../src/server/db/client'
import { selectRows } from '../../src/server/db/raw'
import { createUser } from '../factories'
import { type Answer, elapsed, login, resetClock, tally } from './helpers/http'
import { type Client, recordReader, STUDENTS_PER_WRITER, scoreWriter, sleep, startLoad } from './helpers/load'
import { type Cluster, clusterUnavailable, startCluster } from './helpers/pg-cluster'
import { killAllServers, type ServerProcess, startServer } from './helpers/server-process'

/**
 * A database outage under load: the real server on a cluster of the test's own, which the test
 * stops for 10 s (`pg_ctl stop -m fast`) and starts again while clients keep writing and reading.
 */
const OUTAGE_MS = 10_000
/** The contract: during an outage every request is answered, 503, within 2 s. */
const ANSWER_WITHIN_MS = 2_000

let cluster: Cluster
let server: ServerProcess
let seeding: Database
let admin: { cookie: string }
let credentials: { email: string; password: string }
const students: string[] = []

describe.skipIf(clusterUnavailable)('a database outage under load', () => {
  beforeAll(async () => {
    cluster = await startCluster()
    const url = await cluster.createDatabase('crestline_outage')
    server = await startServer('outage', { DATABASE_URL: url, LOG_LEVEL: 'info' })
    seeding = await openDatabase({ url, poolSize: 2, migrate: false })
    const adminUser = await createUser(seeding.db, { roles: ['admin'] })
    for (let i = 0; i < 4 * STUDENTS_PER_WRITER; i += 1) {
      students.push((await createUser(seeding.db, { roles: ['student'] })).id)
    }
    const educator = await createUser(seeding.db, { roles: ['educator'] })
    credentials = { email: educator.email, password: educator.password }
    await seeding.close()
    admin = { cookie: await login(server.url, adminUser.email, adminUser.password) }
  })
  afterAll(() => {
    if (server?.child.exitCode !== null) console.log(`the server ended: ${server?.output().slice(-4_000)}`)
    killAllServers()
    cluster?.destroy()
  })

  it('answers 503 database-unavailable within 2 s while the database is down, recovers alone, and loses no acknowledged write', async () => {
    const acknowledged = new Set<string>()
    // Four writers, each over its own students (a record holds a bounded number of scores).
    const writers = [0, 1, 2, 3].map((n) =>
      scoreWriter(
        students.slice(n * STUDENTS_PER_WRITER, (n + 1) * STUDENTS_PER_WRITER),
        () => admin.cookie,
        acknowledged,
      ),
    )
    const readers = students.slice(0, 2).map((student) => recordReader(student, () => admin.cookie))
    const ready: Client = { kind: 'ready', next: () => ({ path: '/api/ready' }) }
    // A login now and then (scrypt is slow, and 60 per address per minute are allowed).
    const signIn: Client = {
      kind: 'sign-in',
      pauseMs: 700,
      next: () => ({ path: '/api/auth/sign-in/email', method: 'POST', body: credentials }),
    }

    resetClock()
    const load = startLoad(() => server.url, [...writers, ...readers, ready, signIn])
    await sleep(3_000)
    const stopping = elapsed()
    cluster.stop()
    const down = elapsed()
    await sleep(OUTAGE_MS)
    const starting = elapsed()
    cluster.start()
    const up = elapsed()
    // Service resumes by itself: wait for the first acknowledged write after the restart, then a little more load.
    const before = acknowledged.size
    const deadline = Date.now() + 30_000
    while (acknowledged.size === before && Date.now() < deadline) await sleep(100)
    const resumedAfterMs = elapsed() - up
    await sleep(2_000)
    await load.stop()

    const answers = load.answers
    // Requests sent while the cluster was down: after `pg_ctl stop` returned, answered before `start` began.
    const outage = answers.filter((a) => a.at >= down && a.at + a.ms <= starting)
    const unexpected = answers.filter(
      (a) => !(typeof a.status === 'number' && (a.status < 300 || isDatabaseUnavailable(a))),
    )
    const report = {
      requests: answers.length,
      statuses: tally(answers),
      duringOutage: {
        requests: outage.length,
        statuses: tally(outage),
        maxMs: Math.round(Math.max(...outage.map((a) => a.ms))),
      },
      stopMs: Math.round(down - stopping),
      startMs: Math.round(up - starting),
      resumedAfterMs: Math.round(resumedAfterMs),
    }
    console.log('outage:', JSON.stringify(report))

    expect(
      unexpected.map((a) => `${a.status} after ${Math.round(a.ms)} ms: ${JSON.stringify(a.body)}`),
    ).toEqual([])
    expect(outage.length).toBeGreaterThan(50)
    for (const kind of ['write', 'read', 'ready', 'sign-in']) {
      const ofKind = load.byKind(kind).filter((a) => outage.includes(a))
      expect(ofKind.length, kind).toBeGreaterThan(kind === 'sign-in' ? 3 : 5)
      expect(tally(ofKind), kind).toEqual({ 503: ofKind.length })
    }
    expect(report.duringOutage.maxMs).toBeLessThan(ANSWER_WITHIN_MS)
    // After the restart each kind of request succeeds again, without restarting the server.
    for (const kind of ['write', 'read', 'ready', 'sign-in']) {
      const after = load.byKind(kind).filter((a) => a.at > up + resumedAfterMs)
      expect(
        after.some((a) => a.status === 200 || a.status === 201),
        kind,
      ).toBe(true)
    }

    // Every acknowledged write is stored, with its audit row (one transaction), and nothing else is.
    const check = await openDatabase({ url: cluster.url('crestline_outage'), poolSize: 1, migrate: false })
    try {
      const rows = await selectRows<{ id: string; audited: boolean }>(
        check.db,
        sql`select s.id, exists(select 1 from audit_events e where e.subject_id = s.id and e.action = 'score.added') as audited
          from sat_scores s`,
      )
      const found = new Set(rows.map((row) => row.id))
      console.log(`outage: writes acknowledged ${acknowledged.size}, rows found ${found.size}`)
      expect([...acknowledged].filter((id) => !found.has(id))).toEqual([])
      expect(found.size).toBe(acknowledged.size)
      expect(rows.every((row) => row.audited)).toBe(true)
    } finally {
      await check.close()
    }
    expect(server.child.exitCode).toBeNull()
  })
})

/** The outage's answer: problem details that name it (the web client and a load balancer read them). */
function isDatabaseUnavailable(answer: Answer): boolean {
  const body = answer.body as { type?: string; title?: string; code?: string } | null
  return (
    answer.status === 503 &&
    body?.code === 'database-unavailable' &&
    body.type === 'https://crestlineprep.com/problems/database-unavailable' &&
    body.title === 'Service Unavailable'
  )
}
