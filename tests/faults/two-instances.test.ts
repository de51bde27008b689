import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openDatabase } from '../../src/server/db/client'
import { selectRows } from '../../src/server/db/raw'
import { insertSession } from '../../src/server/db/seed/sessions'
import { reminderIsDue } from '../../src/server/modules/tasks/reminders'
import { todayIn } from '../../src/shared/tasks'
import { addGuardian, addToTeam, createTask, createUser } from '../factories'
import { openEventStream } from '../helpers/event-stream'
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink'
import { call, login } from './helpers/http'
import { sleep } from './helpers/load'
import { type Cluster, clusterUnavailable, startCluster } from './helpers/pg-cluster'
import { killAllServers, type ServerProcess, spawnServer, waitReady } from './helpers/server-process'

/**
 * Two server processes on one PostgreSQL, as behind a load balancer: they start together on an
 * empty database, share sessions and login limits, send each reminder once (tasks' and
 * tutoring sessions'), and book an educator's slot once when both are asked for it at once.
 */
const redisAnswers =
  spawnSync('redis-cli', ['-h', '127.0.0.1', '-p', '6379', 'ping'], { encoding: 'utf8' }).stdout?.trim() ===
  'PONG'
/** This run's own Redis keys, removed afterwards. */
const REDIS_PREFIX = `crestline-faults-${process.pid}-${Date.now()}:`

let cluster: Cluster
let url: string
let sink: SmtpSink
let handle: Database
let pair: ServerProcess[] = []

/** Starts both instances at the same moment and waits until both are ready. */
async function startPair(
  env: Record<string, string> = {},
  onlyB: Record<string, string> = {},
): Promise<ServerProcess[]> {
  const base = { DATABASE_URL: url, SMTP_URL: sink.url, ...env }
  const started = await Promise.all([
    spawnServer('instance-a', base),
    spawnServer('instance-b', { ...base, ...onlyB }),
  ])
  await Promise.all(started.map((server) => waitReady(server)))
  return started
}

async function stopPair(): Promise<Array<number | string>> {
  for (const server of pair) server.child.kill('SIGTERM')
  return Promise.all(pair.map((server) => server.exited))
}

async function migrationsApplied(): Promise<{ hash: string; times: number }[]> {
  return selectRows(
    handle.db,
    sql`select hash, count(*)::int as times from drizzle.__drizzle_migrations group by hash`,
  )
}
const journal = JSON.parse(readFileSync('drizzle/meta/_journal.json', 'utf8')) as { entries: unknown[] }

/** Five wrong passwords are allowed per email and address in 15 minutes; the sixth is refused. */
async function wrongPasswordsAcrossBoth(email: string): Promise<Array<number | string>> {
  const statuses: Array<number | string> = []
  for (let attempt = 0; attempt < 7; attempt += 1) {
    const server = pair[attempt % 2]!
    const answer = await call(server.url, '/api/auth/sign-in/email', {
      method: 'POST',
      body: { email, password: 'not the password at all' },
    })
    statuses.push(answer.status)
  }
  return statuses
}

describe.skipIf(clusterUnavailable)('two instances on one PostgreSQL', () => {
  beforeAll(async () => {
    cluster = await startCluster()
    url = await cluster.createDatabase('crestline_pair')
    sink = await startSmtpSink()
  })
  afterAll(async () => {
    killAllServers()
    await handle?.close()
    await sink?.close()
    cluster?.destroy()
    if (redisAnswers) {
      spawnSync('sh', [
        '-c',
        `redis-cli -h 127.0.0.1 --scan --pattern '${REDIS_PREFIX}*' | xargs -r redis-cli -h 127.0.0.1 del`,
      ])
    }
  })

  it('both start at the same moment on an empty database: the migrations run once and both are ready', async () => {
    // One with a pool of one connection: the migrations run on the connection that holds the lock.
    pair = await startPair({}, { DATABASE_POOL_SIZE: '1' })
    handle = await openDatabase({ url, poolSize: 2, migrate: false })
    const applied = await migrationsApplied()
    expect(applied.length).toBe(journal.entries.length)
    expect(applied.every((row) => row.times === 1)).toBe(true)
    for (const server of pair) expect((await call(server.url, '/api/ready')).status).toBe(200)
  })

  it('a session made on one instance works on the other, and logging out on one ends it on both', async () => {
    const [a, b] = pair as [ServerProcess, ServerProcess]
    const admin = await createUser(handle.db, { roles: ['admin'] })
    const cookie = await login(a.url, admin.email, admin.password)
    const onB = await call(b.url, '/api/v1/users/me', { cookie })
    expect(onB.status).toBe(200)
    expect((onB.body as { email: string }).email).toBe(admin.email)
    expect((await call(b.url, '/api/auth/sign-out', { method: 'POST', cookie, body: {} })).status).toBe(200)
    expect((await call(a.url, '/api/v1/users/me', { cookie })).status).toBe(401)
  })

  it('the login limit holds across both (counters in PostgreSQL): the sixth wrong password overall gets 429', async () => {
    const user = await createUser(handle.db, { roles: ['educator'] })
    const statuses = await wrongPasswordsAcrossBoth(user.email)
    console.log(`two instances, PostgreSQL counters: ${statuses.join(' ')}`)
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429])
  })

  /** Family messages unread for 11 minutes, set up before the restart below, whose jobs email them. */
  const unreadFor: { guardian?: string; kid?: string } = {}

  it('a message posted on one instance reaches a stream open on the other within 2 s, and a dropped stream resumes', async () => {
    const [a, b] = pair as [ServerProcess, ServerProcess]
    const educator = await createUser(handle.db, { roles: ['educator'], name: 'Live Educator' })
    const kid = await createUser(handle.db, { roles: ['student'], name: 'Live Kid' })
    const guardian = await createUser(handle.db, { roles: ['guardian'] })
    await addToTeam(handle.db, kid.id, educator.id)
    await addGuardian(handle.db, kid.id, guardian.id)
    const educatorCookie = await login(a.url, educator.email, educator.password)
    const guardianCookie = await login(b.url, guardian.email, guardian.password)
    const path = `/api/v1/students/${kid.id}/conversations/family`
    const post = async (body: string) => {
      const answer = await call(a.url, `${path}/messages`, {
        method: 'POST',
        cookie: educatorCookie,
        body: { body },
      })
      expect(answer.status).toBe(201)
      return answer.body as { uuid: string; cursor: string }
    }
    const onB = await openEventStream(`${b.url}${path}/events`, { cookie: guardianCookie })
    expect(onB.status).toBe(200)
    const started = performance.now()
    const first = await post('Posted on A')
    const [live] = await onB.next(1, 2_000)
    console.log(
      `two instances, a message from A on B's stream: ${Math.round(performance.now() - started)} ms`,
    )
    expect(live!.id).toBe(first.cursor)
    // The connection drops; two messages come meanwhile; the browser reconnects with its last id.
    onB.close()
    const missed = [await post('Missed one'), await post('Missed two')]
    const resumed = await openEventStream(`${b.url}${path}/events`, {
      cookie: guardianCookie,
      'last-event-id': live!.id!,
    })
    expect((await resumed.next(2)).map((event) => event.id)).toEqual(missed.map((m) => m.cursor))
    const after = await post('After the reconnect')
    expect((await resumed.next(3))[2]!.id).toBe(after.cursor)
    expect(resumed.events.map((event) => event.id)).toEqual([...missed, after].map((m) => m.cursor))
    resumed.close()
    // Unread for 11 minutes: the restart's two job runners must email the guardian once.
    await handle.db.execute(
      sql`update messages set created_at = now() - interval '11 minutes' where student_id = ${kid.id}`,
    )
    unreadFor.guardian = guardian.email
    unreadFor.kid = kid.email
  })

  it('restarted together, both run the reminder job at once: each reminder is emailed once, and sessions live on', async () => {
    const educator = await createUser(handle.db, { roles: ['educator'] })
    const cookie = await login(pair[0]!.url, educator.email, educator.password)
    const now = new Date()
    const zone = [
      'UTC',
      'America/New_York',
      'America/Los_Angeles',
      'Asia/Tokyo',
      'Asia/Kolkata',
      'Europe/Berlin',
    ].find((candidate) => {
      const hour = Number(
        new Intl.DateTimeFormat('en-US', { timeZone: candidate, hour: 'numeric', hourCycle: 'h23' }).format(
          now,
        ),
      )
      return hour >= 8 && hour < 22
    })!
    const due = new Date(`${todayIn(zone, now)}T00:00:00Z`)
    due.setUTCDate(due.getUTCDate() + 1)
    const dueDate = due.toISOString().slice(0, 10)
    expect(reminderIsDue(dueDate, zone, now)).toBe(true)
    const students: string[] = []
    for (let i = 0; i < 6; i += 1) {
      const student = await createUser(handle.db, { roles: ['student'] })
      await handle.db.execute(sql`update users set time_zone = ${zone} where id = ${student.id}`)
      await addToTeam(handle.db, student.id, educator.id)
      await createTask(handle.db, student.id, { createdById: educator.id, dueDate, title: `Reminder ${i}` })
      students.push(student.email)
    }
    // A tutoring session in two hours: its reminder goes to the student, the guardian and the educator.
    const [tutored] = await selectRows<{ id: string }>(
      handle.db,
      sql`select id from users where email = ${students[0]!}`,
    )
    const guardian = await createUser(handle.db, { roles: ['guardian'] })
    await addGuardian(handle.db, tutored!.id, guardian.id)
    const sessionId = await insertSession(handle.db, tutored!.id, {
      educatorId: educator.id,
      createdById: educator.id,
      startsAt: new Date(now.getTime() + 2 * 3_600_000),
    })
    const sessionPeople = [students[0]!, guardian.email, educator.email]

    expect(await stopPair()).toEqual([0, 0])
    pair = await startPair(
      redisAnswers ? { REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: REDIS_PREFIX } : {},
    )
    const deadline = Date.now() + 15_000
    const reminders = () =>
      sink.messages.filter(
        (mail) =>
          students.some((email) => mail.to.includes(email)) && /Subject: Due tomorrow/.test(mail.text),
      )
    const sessionReminders = () => sink.messages.filter((mail) => /Subject: Reminder: /.test(mail.text))
    const messageMail = (to: string) =>
      sink.messages.filter((mail) => mail.to.includes(to) && /Subject: 4 messages unread/.test(mail.text))
    while (
      (reminders().length < students.length ||
        sessionReminders().length < sessionPeople.length ||
        messageMail(unreadFor.guardian!).length < 1) &&
      Date.now() < deadline
    )
      await sleep(100)
    await sleep(1_500) // time for a duplicate to arrive, if one were sent
    const perStudent = students.map((email) => reminders().filter((mail) => mail.to.includes(email)).length)
    console.log(`two instances, reminders: ${reminders().length} emails for ${students.length} tasks`)
    expect(perStudent).toEqual(students.map(() => 1))
    const [claimed] = await selectRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from tasks where reminded_due_date = ${dueDate}::date`,
    )
    expect(claimed!.n).toBe(students.length)
    const perPerson = sessionPeople.map(
      (email) => sessionReminders().filter((mail) => mail.to.includes(email)).length,
    )
    console.log(`two instances, session reminders: ${sessionReminders().length} emails for 3 people`)
    expect(perPerson).toEqual([1, 1, 1])
    // Both ran the message job at start: one email to the guardian, and to the student, for the four.
    expect([messageMail(unreadFor.guardian!).length, messageMail(unreadFor.kid!).length]).toEqual([1, 1])
    const [reminded] = await selectRows<{ claimed: boolean }>(
      handle.db,
      sql`select reminded_starts_at = starts_at as claimed from tutoring_sessions where id = ${sessionId}`,
    )
    expect(reminded!.claimed).toBe(true)
    // A session from before the restart works on both new processes; the migrations still ran once.
    for (const server of pair)
      expect((await call(server.url, '/api/v1/users/me', { cookie })).status).toBe(200)
    expect((await migrationsApplied()).every((row) => row.times === 1)).toBe(true)
  })

  it.runIf(redisAnswers)('the login limit holds across both with the counters in Redis', async () => {
    const user = await createUser(handle.db, { roles: ['educator'] })
    const statuses = await wrongPasswordsAcrossBoth(user.email)
    console.log(`two instances, Redis counters: ${statuses.join(' ')}`)
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429])
    const keys = spawnSync('redis-cli', ['-h', '127.0.0.1', '--scan', '--pattern', `${REDIS_PREFIX}*`], {
      encoding: 'utf8',
    }).stdout.trim()
    expect(keys.split('\n').filter(Boolean).length).toBeGreaterThan(0)
    const [rows] = await selectRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from rate_limit_buckets`,
    )
    console.log(`two instances, Redis keys: ${keys.split('\n').length}, PostgreSQL buckets: ${rows!.n}`)
  })

  it('two requests for one educator slot at the same moment, one to each instance: one 201, the other 409 naming it', async () => {
    const [a, b] = pair as [ServerProcess, ServerProcess]
    const admin = await createUser(handle.db, { roles: ['admin'] })
    const educator = await createUser(handle.db, { roles: ['educator'] })
    const students = [
      await createUser(handle.db, { roles: ['student'] }),
      await createUser(handle.db, { roles: ['student'] }),
    ]
    for (const student of students) await addToTeam(handle.db, student.id, educator.id)
    const cookie = await login(a.url, admin.email, admin.password)
    const book = (server: ServerProcess, studentId: string, startsAt: string) =>
      call(server.url, `/api/v1/students/${studentId}/sessions`, {
        method: 'POST',
        cookie,
        body: {
          educatorUUID: educator.id,
          service: 'tutoring',
          startsAt,
          durationMinutes: 60,
          location: { kind: 'online', meetingUrl: 'https://meet.example.com/race' },
        },
      })
    for (let round = 0; round < 5; round += 1) {
      // Overlapping, not equal: the second starts half an hour into the first.
      const startsAt = new Date(Date.UTC(2031, 0, 6 + round, 15)).toISOString()
      const later = new Date(Date.UTC(2031, 0, 6 + round, 15, 30)).toISOString()
      const answers = await Promise.all([book(a, students[0]!.id, startsAt), book(b, students[1]!.id, later)])
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409])
      const won = answers.find((answer) => answer.status === 201)!.body as { sessions: { uuid: string }[] }
      const lost = answers.find((answer) => answer.status === 409)!.body as {
        code: string
        clash: { uuid: string }
      }
      expect(lost).toMatchObject({ code: 'educator-clash', clash: { uuid: won.sessions[0]!.uuid } })
    }
    const [booked] = await selectRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from tutoring_sessions where educator_id = ${educator.id}`,
    )
    expect(booked!.n).toBe(5)
  })

  it('stops gracefully: both exit 0 on SIGTERM, ending the event streams they hold at once', async () => {
    const admin = await createUser(handle.db, { roles: ['admin'] })
    const kid = await createUser(handle.db, { roles: ['student'] })
    const streams = await Promise.all(
      pair.map(async (server) =>
        openEventStream(`${server.url}/api/v1/students/${kid.id}/conversations/staff/events`, {
          cookie: await login(server.url, admin.email, admin.password),
        }),
      ),
    )
    expect(streams.map((stream) => stream.status)).toEqual([200, 200])
    // Exit 0: the shutdown finished inside its grace (close-with-grace exits 1 after it), streams and all.
    expect(await stopPair()).toEqual([0, 0])
    await Promise.all(streams.map((stream) => stream.ended))
  })
})
