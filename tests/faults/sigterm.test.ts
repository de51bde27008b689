import { readFileSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../src/server/db/client'
import { selectRows } from '../../src/server/db/raw'
import { createUser } from '../factories'
import { elapsed, login, resetClock, tally } from './helpers/http'
import { recordReader, STUDENTS_PER_WRITER, scoreWriter, sleep, startLoad } from './helpers/load'
import { type Cluster, clusterUnavailable, startCluster } from './helpers/pg-cluster'
import { killAllServers, type ServerProcess, startServer } from './helpers/server-process'

/**
 * SIGTERM under load: the real server, writing and reading as fast as a few clients ask, is told
 * to stop. What it had started finishes, what comes after is refused, nothing is half-written.
 */
let cluster: Cluster
let server: ServerProcess
let url: string
let cookie: string
const students: string[] = []

interface LogLine {
  msg?: string
  reqId?: string
  res?: { statusCode: number }
}

describe.skipIf(clusterUnavailable)('SIGTERM under load', () => {
  beforeAll(async () => {
    cluster = await startCluster()
    url = await cluster.createDatabase('crestline_sigterm')
    server = await startServer('sigterm', { DATABASE_URL: url, LOG_LEVEL: 'info' })
    const seeding = await openDatabase({ url, poolSize: 2, migrate: false })
    const admin = await createUser(seeding.db, { roles: ['admin'] })
    for (let i = 0; i < 4 * STUDENTS_PER_WRITER; i += 1) {
      students.push((await createUser(seeding.db, { roles: ['student'] })).id)
    }
    await seeding.close()
    cookie = await login(server.url, admin.email, admin.password)
  })
  afterAll(() => {
    killAllServers()
    cluster?.destroy()
  })

  it('finishes the requests in flight (2xx), refuses the rest, leaves nothing half-written and exits 0', async () => {
    const acknowledged = new Set<string>()
    // Four writers, each over its own students (a record holds a bounded number of scores).
    const writers = [0, 1, 2, 3].map((n) =>
      scoreWriter(
        students.slice(n * STUDENTS_PER_WRITER, (n + 1) * STUDENTS_PER_WRITER),
        () => cookie,
        acknowledged,
      ),
    )
    const reader = recordReader(students[0]!, () => cookie)

    resetClock()
    const load = startLoad(() => server.url, [...writers, reader, reader], 5)
    await sleep(2_500)
    // So that writes are surely in flight when the signal comes (requests here take about 2 ms,
    // and a busy machine once had none at that moment), another connection holds a lock that
    // new scores wait for; it lets go 300 ms after the signal.
    const locker = await openDatabase({ url, poolSize: 1, migrate: false })
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    let locked = () => {}
    const lockHeld = new Promise<void>((resolve) => {
      locked = resolve
    })
    const holding = locker.db.transaction(async (tx) => {
      await tx.execute(sql`lock table sat_scores in share mode`)
      locked()
      await released
    })
    await lockHeld
    await sleep(300)
    const signalAt = elapsed()
    server.child.kill('SIGTERM')
    await sleep(300)
    release()
    await holding
    await locker.close()
    const exitCode = await server.exited
    const exitedAt = elapsed()
    await sleep(300) // a few more attempts at the closed port
    await load.stop()

    // The server's own account: which requests it had begun when the signal came, and how each ended.
    const lines = readFileSync(server.logFile, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine)
    const signalLine = lines.findIndex((line) => line.msg === 'shutting down: finishing in-flight requests')
    expect(signalLine).toBeGreaterThan(0)
    const begun = new Set(
      lines
        .slice(0, signalLine)
        .filter((l) => l.msg === 'incoming request')
        .map((l) => l.reqId),
    )
    const completed = new Set(
      lines
        .slice(0, signalLine)
        .filter((l) => l.msg === 'request completed')
        .map((l) => l.reqId),
    )
    const inFlight = load.answers.filter((answer) => begun.has(answer.id) && !completed.has(answer.id))
    const afterSignal = load.answers.filter((answer) => answer.at >= signalAt && !begun.has(answer.id))
    const report = {
      requests: load.answers.length,
      statuses: tally(load.answers),
      inFlightAtSignal: { requests: inFlight.length, statuses: tally(inFlight) },
      sentAfterSignal: { requests: afterSignal.length, statuses: tally(afterSignal) },
      exitCode,
      exitMs: Math.round(exitedAt - signalAt),
    }
    console.log('sigterm:', JSON.stringify(report))

    expect(exitCode).toBe(0)
    expect(inFlight.length).toBeGreaterThan(0)
    expect(inFlight.every((answer) => answer.status === 200 || answer.status === 201)).toBe(true)
    // Every other answer came after the signal: a 503 shutting-down (on a kept-alive connection), or no connection
    // at all (the port closed, or an idle kept-alive connection closed as the request was sent). A
    // request without an answer never reached a handler: the server never logged it.
    const everBegun = new Set(lines.filter((l) => l.msg === 'incoming request').map((l) => l.reqId))
    for (const answer of load.answers) {
      if (answer.status === 200 || answer.status === 201) continue
      const what = `${answer.status} at ${Math.round(answer.at)} ms`
      expect(answer.at, what).toBeGreaterThanOrEqual(signalAt)
      if (answer.status === 503) {
        expect(answer.body, what).toMatchObject({
          status: 503,
          code: 'shutting-down',
          title: 'Service Unavailable',
        })
        continue
      }
      expect(['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET'], what).toContain(answer.status)
      expect(everBegun.has(answer.id), what).toBe(false)
    }

    // Every acknowledged write is stored with its audit row (one transaction), and no other score is.
    const check: Database = await openDatabase({ url, poolSize: 1, migrate: false })
    try {
      const rows = await selectRows<{ id: string; audited: number }>(
        check.db,
        sql`select s.id, (select count(*)::int from audit_events e where e.subject_id = s.id and e.action = 'score.added') as audited
          from sat_scores s`,
      )
      const [orphans] = await selectRows<{ n: number }>(
        check.db,
        sql`select count(*)::int as n from audit_events e where e.action = 'score.added'
          and not exists (select 1 from sat_scores s where s.id = e.subject_id)`,
      )
      console.log(`sigterm: writes acknowledged ${acknowledged.size}, rows found ${rows.length}`)
      expect([...acknowledged].filter((id) => !rows.some((row) => row.id === id))).toEqual([])
      expect(rows.length).toBe(acknowledged.size)
      expect(rows.every((row) => row.audited === 1)).toBe(true)
      expect(orphans!.n).toBe(0)
    } finally {
      await check.close()
    }
  })
})
