import { type ChildProcess, fork, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { openDatabase } from '../src/server/db/client'
import { RECORD_CAPS } from '../src/shared/record-caps'
import { createUser } from '../tests/factories'
import { oneByOne, type PracticeSeed, practiceRows, seedPractice } from './bench-practice'
import { cpuPerRequest, cpuText, markCpu } from './lib/bench-cpu'
import { openStreams } from './lib/bench-streams'
import { buildIsStale } from './lib/build-state.mjs'
import { serverNodeFlags } from './lib/server-flags.mjs'

/**
 * `npm run bench`: the budgets of docs/product.md#budgets as a table. Numbers, not a gate: timings on
 * a 2-core machine that also runs the load generator and PostgreSQL are noisy, so throughput is
 * reported as a ratio to a bare Fastify route measured in the same run.
 */
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
/** Only the rows under load whose label holds this text (`search`, `users/me`, `SAT score`…). */
const MATCH = process.env.BENCH_MATCH
/** Seconds of the same load before each row is measured (`BENCH_WARMUP_SECONDS=0` for none). */
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 2)
/** `BENCH_MATCH=scheduling` runs the scheduling row alone, without the sessions reads before it. */
const SCHEDULING_ONLY = MATCH === 'scheduling'
/** Scheduling requests in flight at once in the second scheduling row: a few people at one moment. */
const SCHEDULING_AT_ONCE = 5
/** How many people export the largest record at once (`BENCH_ONLY=exports` runs only that row). */
const EXPORTERS = 20
const CONNECTIONS = 100
/** The PostgreSQL database this run seeds, and whose backends' CPU the writes' rows report. */
const DB_NAME = `crestline_bench_${process.pid}`
const rows: Array<[string, string, string]> = []

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net')
  return new Promise((resolve) => {
    const server = createServer().listen(0, () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

async function waitFor200(url: string, timeoutMs = 30_000): Promise<number> {
  const started = performance.now()
  while (performance.now() - started < timeoutMs) {
    try {
      const response = await fetch(url)
      await response.arrayBuffer()
      if (response.status === 200) return performance.now() - started
    } catch {}
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error(`${url} never answered 200`)
}

/**
 * The server as `npm start` runs it: `node` with the start script's flags, then
 * `dist/server/main.js`. `BENCH_NODE_FLAGS` go after them (heap sizes, `--cpu-prof`; a later
 * flag wins); `BENCH_NODE_FLAGS=--no-start-flags` leaves the start script's flags out.
 */
function startServer(env: Record<string, string>): ChildProcess {
  const extra = (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean)
  const flags = extra.includes('--no-start-flags')
    ? extra.filter((flag) => flag !== '--no-start-flags')
    : [...serverNodeFlags(), ...extra]
  return spawn('node', [...flags, 'dist/server/main.js'], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return
  child.kill('SIGTERM')
  await new Promise((resolve) => child.once('exit', resolve))
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024
}

async function load(
  url: string,
  headers: Record<string, string> = {},
  pid?: number,
  options: Partial<autocannon.Options> = {},
) {
  let peakRss = 0
  const sampler = pid ? setInterval(() => (peakRss = Math.max(peakRss, rssMb(pid))), 250) : undefined
  // A read's same load, unmeasured, first: the row measures the server warm (its code compiled,
  // its kept answers and PostgreSQL's plans made), as rows after the first always were. Writes are
  // not repeated: a second round would change what they write to.
  if (WARMUP > 0 && !options.requests && (options.method ?? 'GET') === 'GET')
    await autocannon({ url, connections: CONNECTIONS, duration: WARMUP, headers, ...options })
  const before = pid ? markCpu(pid, DB_NAME) : undefined
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers, ...options })
  const cpu = pid && before ? cpuPerRequest(before, markCpu(pid, DB_NAME), result.requests.total) : undefined
  if (sampler) clearInterval(sampler)
  if (result.non2xx > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers (${JSON.stringify(result.statusCodeStats)})`)
  }
  return { rps: result.requests.average, p99: result.latency.p99, peakRss, timeouts: result.timeouts, cpu }
}

async function startupTimes() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crestline-bench-'))
  try {
    const times: number[] = []
    for (let i = 0; i < 2; i++) {
      const port = await freePort()
      const child = startServer({ DATA_DIR: dataDir, PORT: String(port) })
      times.push(await waitFor200(`http://127.0.0.1:${port}/api/health`))
      await stop(child)
    }
    rows.push([
      'first start ever (creates the embedded database)',
      `${(times[0]! / 1000).toFixed(2)} s`,
      '< 8 s',
    ])
    rows.push(['start on an existing embedded database', `${(times[1]! / 1000).toFixed(2)} s`, '< 2 s'])
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

function javascriptSizes() {
  const dir = 'dist/web'
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8')
  // The entry imports the router at once on every page (ADR 058): the build lists it as `app`.
  const preloadsFile = 'dist/pages/app-preloads.json'
  const app: string[] = existsSync(preloadsFile)
    ? ((JSON.parse(readFileSync(preloadsFile, 'utf8')) as { app?: string[] }).app ?? [])
    : []
  const entry = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!)
  const scripts = new Set([...entry, ...app])
  const gzip = (file: string) => gzipSync(readFileSync(path.join(dir, file))).length
  const shell = [...scripts].reduce((sum, file) => sum + gzip(file), 0)
  const all = readdirSync(path.join(dir, 'assets')).filter((f) => f.endsWith('.js'))
  const total = all.reduce((sum, file) => sum + gzip(`/assets/${file}`), 0)
  rows.push([
    'app shell JavaScript: index.html and the router it imports (gzip)',
    `${(shell / 1024).toFixed(1)} KB`,
    '< 250 KB',
  ])
  rows.push(['all JavaScript chunks together (gzip)', `${(total / 1024).toFixed(1)} KB`, 'info'])
  publicPageJavaScript(dir, gzip)
}

/**
 * Each prerendered page's module scripts, the modules it preloads, and their static imports: what
 * the page loads before anyone touches it. Islands a script loads with `import()` are extra.
 */
function publicPageJavaScript(dir: string, gzip: (file: string) => number) {
  const pagesDir = 'dist/pages'
  if (!existsSync(pagesDir)) return
  const staticImports = (file: string) =>
    [...readFileSync(path.join(dir, file), 'utf8').matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map(
      (m) => `/assets/${m[1]}`,
    )
  const pageBytes = (page: string) => {
    const html = readFileSync(path.join(pagesDir, page), 'utf8')
    const seen = new Set<string>()
    const queue = [
      ...html.matchAll(
        /<(?:script type="module" src|link rel="modulepreload" href)="(\/assets\/[^"]+\.js)"/g,
      ),
    ].map((m) => m[1]!)
    while (queue.length > 0) {
      const file = queue.pop()!
      if (seen.has(file)) continue
      seen.add(file)
      queue.push(...staticImports(file))
    }
    return [...seen].reduce((sum, file) => sum + gzip(file), 0)
  }
  let largest = { page: '', bytes: 0 }
  for (const page of readdirSync(pagesDir).filter((f) => f.endsWith('.html'))) {
    const bytes = pageBytes(page)
    if (bytes >= largest.bytes) largest = { page, bytes }
  }
  rows.push([
    `public page JavaScript before any island (gzip, largest: ${largest.page})`,
    `${(largest.bytes / 1024).toFixed(1)} KB`,
    '< 150 KB',
  ])
  // /login is prerendered with its island in the page (ADR 036): all of it loads before interaction.
  if (existsSync(path.join(pagesDir, 'login.html'))) {
    rows.push([
      '/login JavaScript before interaction (gzip)',
      `${(pageBytes('login.html') / 1024).toFixed(1)} KB`,
      '< 60 KB',
    ])
  }
}

/** How many students the bench seeds: `--students N` (default 10,000). */
const STUDENTS = Number(process.argv[process.argv.indexOf('--students') + 1] || 0) || 10_000

/** Runs several SQL statements: `pg.Client.query` or `PGlite.exec`. */
type RunSql = (statements: string) => Promise<unknown>

/** STUDENTS students with 20 documents and 10 scores each, two educators per team (docs/product.md#budgets). */
async function seedStudents(run: RunSql) {
  await run(`
    insert into users (name, email, onboarding_required)
      select 'Bench Educator ' || g, 'bench-educator-' || g || '@example.test', false from generate_series(1, 50) g;
    insert into educator_profiles (user_id, bio) select id, 'Bench bio.' from users where email like 'bench-educator-%';
    insert into users (name, email, onboarding_required)
      select 'Bench Student ' || g, 'bench-student-' || g || '@example.test', false from generate_series(1, ${STUDENTS}) g;
    insert into student_profiles (user_id) select id from users where email like 'bench-student-%';
    with s as (select id, row_number() over (order by id) as n from users where email like 'bench-student-%'),
      e as (select id, row_number() over (order by id) - 1 as n from users where email like 'bench-educator-%')
    insert into team_members (student_id, member_id) select s.id, e.id from s join e on e.n = s.n % 50 or e.n = (s.n + 1) % 50;
    insert into documents (student_id, creator_id, name, url, pinned, hidden, created_at, updated_at)
      select tm.student_id, tm.member_id, 'Document ' || d, 'https://docs.example.com/' || d, d = 1, d % 7 = 0,
        now() - d * interval '1 day', now() - d * interval '1 day'
      from (select distinct on (student_id) student_id, member_id from team_members order by student_id) tm
      cross join generate_series(1, 20) d;
    insert into sat_scores (student_id, date, english, math)
      select user_id, date '2024-01-06' + d * 30, 500 + d * 20, 520 + d * 20 from student_profiles cross join generate_series(1, 5) d;
    insert into act_scores (student_id, date, english, math, reading, science)
      select user_id, date '2025-06-14' + d * 30, 20 + d, 21 + d, 22 + d, 23 + d from student_profiles cross join generate_series(1, 5) d;
    analyze;
  `)
}

/**
 * The student whose record the score writes of one student go to: the first of the coach's other
 * students, left with no SAT scores so that 50 adds in flight stay within the record's cap of 50.
 */
const SCORE_WRITES_STUDENT_SQL = `select student_id from team_members
  where member_id = $2 and student_id <> $1 order by student_id limit 1`

/**
 * The record this bench reads: 20 documents and 30 scores (15 SAT, 15 ACT), on a team of two;
 * and the coach, an educator on the teams of 40 students (this one among them), one of whom has
 * no SAT scores (`SCORE_WRITES_STUDENT_SQL`).
 */
async function seedTarget(run: RunSql, studentId: string, coachId: string) {
  await run(
    `insert into team_members (student_id, member_id)
       select $1, user_id from educator_profiles where user_id <> $2 order by user_id limit 2;
     insert into team_members (student_id, member_id)
       select user_id, $2 from student_profiles where user_id <> $1 order by user_id limit 39;
     insert into team_members (student_id, member_id) values ($1, $2);
     insert into documents (student_id, creator_id, name, url, pinned, created_at)
       select $1, (select user_id from educator_profiles order by user_id limit 1), 'Target document ' || d,
         'https://docs.example.com/t/' || d, d <= 2, now() - d * interval '1 hour' from generate_series(1, 20) d;
     insert into sat_scores (student_id, date, english, math)
       select $1, date '2024-01-06' + d * 20, 400 + d * 20, 420 + d * 20 from generate_series(1, 15) d;
     insert into act_scores (student_id, date, english, math, reading, science)
       select $1, date '2025-01-11' + d * 20, 18 + d, 19 + d, 20 + d, 17 + d from generate_series(1, 15) d;
     delete from sat_scores where student_id = (${SCORE_WRITES_STUDENT_SQL});`
      .replace(/\$1/g, `'${studentId}'`)
      .replace(/\$2/g, `'${coachId}'`),
  )
}

/**
 * The coach's schedule: 2,000 sessions of an hour over their 40 students, from a year back to a
 * year ahead, 8 h 45 min apart so none overlap; 200 of them are the target student's. Past ones
 * are attended, the rest scheduled.
 */
async function seedSessions(run: RunSql, studentId: string, coachId: string) {
  await run(`
    with students as (
      select student_id, row_number() over (order by student_id) - 1 as n
      from team_members where member_id = '${coachId}' and student_id <> '${studentId}'
    ), slots as (
      select k, date_trunc('hour', now()) - interval '365 days' + k * interval '8 hours 45 minutes' as starts_at
      from generate_series(1, 2000) k
    )
    insert into tutoring_sessions (student_id, educator_id, service, starts_at, ends_at, duration_minutes,
      time_zone, location_kind, location_detail, agenda, status, created_by_id)
    select case when k % 10 = 0 then '${studentId}'::uuid else (select student_id from students where n = k % 39) end,
      '${coachId}', 'tutoring', starts_at, starts_at + interval '60 minutes', 60, 'America/New_York', 'online',
      'https://meet.example.com/bench-' || k, 'Reading and Writing, module ' || k % 4,
      case when starts_at < now() then 'attended' else 'scheduled' end, '${coachId}'
    from slots;
    analyze tutoring_sessions;
  `)
}

async function transactions(client: pg.Client, dbName: string): Promise<number> {
  // An idle backend flushes its statistics within 10 s (PostgreSQL 15's PGSTAT_IDLE_INTERVAL);
  // waiting less undercounts a fast run (docs/performance.md, "How to measure").
  await new Promise((r) => setTimeout(r, 11_000))
  const { rows } = await client.query(
    'select xact_commit::int as n from pg_stat_database where datname = $1',
    [dbName],
  )
  return rows[0].n
}

/** Median latency of one request at a time, and (with `stats`) the database round trips it makes. */
async function oneAtATime(
  url: string,
  cookie: string,
  N: number,
  stats?: { client: pg.Client; dbName: string },
) {
  const times: number[] = []
  // Warm up. Each body is read to its end: an unread answer keeps its connection busy, and the
  // server then waits for it when it is told to stop.
  for (let i = 0; i < Math.min(20, N / 4); i++)
    await (await fetch(url, { headers: { cookie } })).arrayBuffer()
  const before = stats ? await transactions(stats.client, stats.dbName) : 0
  for (let i = 0; i < N; i++) {
    const started = performance.now()
    const response = await fetch(url, { headers: { cookie } })
    await response.arrayBuffer()
    times.push(performance.now() - started)
  }
  const after = stats ? await transactions(stats.client, stats.dbName) : 0
  times.sort((a, b) => a - b)
  // Each statement outside a transaction commits one; the two stats queries add two.
  return { median: times[N / 2]!, queries: (after - before - 2) / N }
}

interface People {
  student: { id: string; email: string; password: string }
  coach: { id: string; email: string; password: string }
  admin: { email: string; password: string }
  /** Students with an educator of their team each, for scheduling spread over many educators. */
  pairs?: Array<{ student: string; educator: string }>
  /** The practice tests' form and attempts (scripts/bench-practice.ts). */
  practice?: PracticeSeed
}

/** Up to 400 (student, educator on their team) pairs over the bench's 50 educators. */
const PAIRS_SQL = `select tm.student_id as student, tm.member_id as educator from team_members tm
  join users u on u.id = tm.member_id and u.email like 'bench-educator-%' order by tm.student_id limit 400`

/** The people the bench logs in as, made by the test factory (a known password). */
async function createPeople(db: Parameters<typeof createUser>[0]): Promise<People> {
  const student = await createUser(db, { roles: ['student'] })
  const coach = await createUser(db, { roles: ['educator'], name: 'Bench Coach' })
  const admin = await createUser(db, { roles: ['admin'] })
  return { student, coach, admin }
}

async function signIn(port: number, person: { email: string; password: string }) {
  const response = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
    method: 'POST',
    // As a browser would: better-auth refuses a sign-in without an Origin in production.
    headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
    body: JSON.stringify({ email: person.email, password: person.password }),
  })
  if (!response.ok) throw new Error(`bench sign-in failed: ${response.status} ${await response.text()}`)
  return response.headers.getSetCookie()[0]!.split(';')[0]!
}

/**
 * The budget rows of one database: the hot reads under 100 connections (each against the bare
 * route, and on PostgreSQL also against a bare route sending as many bytes), the writes under 50,
 * and the server's peak RSS through all of it.
 */
async function hotPaths(
  kind: 'PostgreSQL' | 'embedded',
  port: number,
  pid: number,
  people: People,
  yardstick: { barePort: number; baseline: number },
) {
  const base = `http://127.0.0.1:${port}`
  const cookies = {
    student: await signIn(port, people.student),
    coach: await signIn(port, people.coach),
    admin: await signIn(port, people.admin),
  }
  const record = `/api/v1/students/${people.student.id}`
  const reads = [
    ['GET /api/v1/students/{id}', record, cookies.student],
    ['GET /api/v1/screens/my-dashboard (student)', '/api/v1/screens/my-dashboard', cookies.student],
    [
      'GET /api/v1/screens/my-dashboard (educator, 40 students)',
      '/api/v1/screens/my-dashboard',
      cookies.coach,
    ],
    ['GET /api/v1/screens/week (student)', '/api/v1/screens/week', cookies.student],
    ['GET /api/v1/screens/week (educator, 40 students)', '/api/v1/screens/week', cookies.coach],
    ['GET /api/v1/screens/week (admin)', '/api/v1/screens/week', cookies.admin],
    ['GET /api/v1/users/me', '/api/v1/users/me', cookies.student],
    [
      'GET /api/v1/users?q=student-1&limit=25 (admin search)',
      '/api/v1/users?q=student-1&limit=25',
      cookies.admin,
    ],
  ] as const
  const budget =
    kind === 'PostgreSQL' ? '>= 25% (40% of same size), p99 < 30 ms' : 'no timeouts, p99 < 100 ms'
  let peakRss = 0
  for (const [label, endpoint, cookie] of reads) {
    if (MATCH && !label.includes(MATCH)) continue
    const result = await load(`${base}${endpoint}`, { cookie }, pid)
    peakRss = Math.max(peakRss, result.peakRss)
    const ratio = ((result.rps / yardstick.baseline) * 100).toFixed(1)
    let sizedText = ''
    if (kind === 'PostgreSQL') {
      // The same yardstick sending a body as large as this read's: what the bytes alone cost here.
      const bytes = (await (await fetch(`${base}${endpoint}`, { headers: { cookie } })).text()).length
      const sized = await load(`http://127.0.0.1:${yardstick.barePort}/bare-sized/${bytes}`)
      sizedText = `, ${((result.rps / sized.rps) * 100).toFixed(1)}% of bare sending the same ${(bytes / 1024).toFixed(1)} KB (${Math.round(sized.rps)} req/s)`
    }
    rows.push([
      `${label} (${kind}, 100 connections)`,
      `${Math.round(result.rps)} req/s = ${ratio}% of bare${sizedText}, p99 ${result.p99} ms, ${result.timeouts} timeouts, RSS ${result.peakRss.toFixed(0)} MB`,
      budget,
    ])
  }

  if (!MATCH || 'sessions schedule scheduling'.includes(MATCH)) {
    peakRss = Math.max(peakRss, await sessionRows(kind, base, people, cookies, pid))
  }
  if (!MATCH || 'messages streams'.includes(MATCH)) {
    peakRss = Math.max(peakRss, await messageRows(kind, base, people, cookies.admin, pid))
  }
  if (people.practice && (!MATCH || 'practice skills answer'.includes(MATCH))) {
    const practice = await practiceRows(
      kind,
      base,
      people.student.id,
      people.practice,
      cookies,
      pid,
      load,
      rows,
    )
    peakRss = Math.max(peakRss, practice)
  }
  if (!MATCH || 'POST then DELETE an SAT score, over students, PUT a document'.includes(MATCH)) {
    peakRss = Math.max(peakRss, await writeRows(kind, base, record, cookies, pid))
  }
  rows.push([
    `server RSS, peak through that load (${kind})`,
    `${peakRss.toFixed(0)} MB`,
    kind === 'PostgreSQL' ? '< 200 MB' : '< 300 MB',
  ])
  return cookies
}

/**
 * Sessions at 50 connections: the coach's week out of 2,000 sessions over 40 students, the record
 * of a student who has 200 (its sessions must not slow it) and that record's first page of
 * sessions, and an admin scheduling sessions spread over many educators, each in a slot of its own.
 * Returns the peak RSS.
 */
async function sessionRows(
  kind: 'PostgreSQL' | 'embedded',
  base: string,
  people: People,
  cookies: { student: string; coach: string; admin: string },
  pid: number,
): Promise<number> {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
  const reads = [
    [
      'GET /api/v1/schedule (educator, one week of 2,000 sessions over 40 students)',
      `/api/v1/schedule?from=${day(-3)}&to=${day(3)}`,
      cookies.coach,
    ],
    [
      'GET /api/v1/students/{id} (the record with 200 sessions)',
      `/api/v1/students/${people.student.id}`,
      cookies.student,
    ],
    [
      'GET /api/v1/students/{id}/sessions (a record with 200 sessions, the first page)',
      `/api/v1/students/${people.student.id}/sessions`,
      cookies.student,
    ],
  ] as const
  let peakRss = 0
  for (const [label, endpoint, cookie] of SCHEDULING_ONLY ? [] : reads) {
    const result = await load(`${base}${endpoint}`, { cookie }, pid, { connections: 50 })
    peakRss = Math.max(peakRss, result.peakRss)
    const bytes = (await (await fetch(`${base}${endpoint}`, { headers: { cookie } })).text()).length
    rows.push([
      `${label} (${kind}, 50 connections)`,
      `${Math.round(result.rps)} req/s, p99 ${result.p99} ms, ${result.timeouts} timeouts, ${(bytes / 1024).toFixed(1)} KB, RSS ${result.peakRss.toFixed(0)} MB; ${cpuText(result.cpu!)}`,
      'p99 < 50 ms',
    ])
  }
  const pairs = people.pairs ?? []
  if (pairs.length === 0) return peakRss
  let n = 0
  const schedulingRequest = (k: number) => {
    const pair = pairs[k % pairs.length]!
    // Two hours apart from every other request's slot, years ahead: no clash, ever.
    const startsAt = new Date(Date.UTC(2031, 0, 1) + k * 2 * 3_600_000).toISOString()
    return {
      path: `/api/v1/students/${pair.student}/sessions`,
      body: JSON.stringify({
        educatorUUID: pair.educator,
        service: 'tutoring',
        startsAt,
        durationMinutes: 60,
        timeZone: 'America/New_York',
        location: { kind: 'online', meetingUrl: 'https://meet.example.com/bench' },
        allowStudentClash: true,
      }),
    }
  }
  const headers = { cookie: cookies.admin, 'content-type': 'application/json' }
  const schedule = (connections: number) =>
    load(`${base}/api/v1/schedule`, headers, pid, {
      connections,
      requests: [
        { method: 'POST', setupRequest: (request: object) => ({ ...request, ...schedulingRequest(n++) }) },
      ],
    })
  const scheduling = await schedule(50)
  // The budget names no concurrency: also a few people scheduling at the same moment.
  const few = await schedule(SCHEDULING_AT_ONCE)
  // What one person scheduling waits, with no one else in the queue.
  const alone = await oneByOne(200, () => {
    const { path: endpoint, body } = schedulingRequest(n++)
    return fetch(`${base}${endpoint}`, { method: 'POST', headers, body })
  })
  rows.push([
    `POST /api/v1/students/{id}/sessions, an admin scheduling (${kind}, 50 connections)`,
    `${Math.round(scheduling.rps)} req/s, p99 ${scheduling.p99} ms, RSS ${scheduling.peakRss.toFixed(0)} MB; ${cpuText(scheduling.cpu!)}; ${alone}`,
    'p99 < 30 ms',
  ])
  rows.push([
    `POST /api/v1/students/{id}/sessions, admins scheduling (${kind}, ${SCHEDULING_AT_ONCE} connections)`,
    `${Math.round(few.rps)} req/s, p99 ${few.p99} ms; ${cpuText(few.cpu!)}`,
    'p99 < 30 ms',
  ])
  return Math.max(peakRss, scheduling.peakRss, few.peakRss)
}

/**
 * Messages: an admin posting at 50 connections, spread over the Family conversations of many
 * students (as many people writing at once would); then 500 event streams held open on this one
 * instance, and what they cost in RSS above the idle server's. Returns the peak RSS.
 */
async function messageRows(
  kind: 'PostgreSQL' | 'embedded',
  base: string,
  people: People,
  adminCookie: string,
  pid: number,
): Promise<number> {
  const students = [...new Set((people.pairs ?? []).map((pair) => pair.student))]
  if (students.length === 0) students.push(people.student.id)
  const conversation = (student: string) => `/api/v1/students/${student}/conversations/family`
  let n = 0
  const posting = await load(
    `${base}${conversation(students[0]!)}/messages`,
    { cookie: adminCookie, 'content-type': 'application/json' },
    pid,
    {
      connections: 50,
      requests: [
        {
          method: 'POST',
          setupRequest: (request: object) => {
            const k = n++
            return {
              ...request,
              path: `${conversation(students[k % students.length]!)}/messages`,
              body: JSON.stringify({ body: `Bench message ${k}: the session moves to Thursday at 4.` }),
            }
          },
        },
      ],
    },
  )
  rows.push([
    `POST …/conversations/family/messages, over ${students.length} students (${kind}, 50 connections)`,
    `${Math.round(posting.rps)} req/s, p99 ${posting.p99} ms, RSS ${posting.peakRss.toFixed(0)} MB; ${cpuText(posting.cpu!)}`,
    'p99 < 30 ms',
  ])
  // Idle: once the load above has settled.
  await new Promise((resolve) => setTimeout(resolve, 3_000))
  const idle = rssMb(pid)
  const close = await openStreams(
    base,
    students.map((student) => `${conversation(student)}/events`),
    adminCookie,
    500,
  )
  await new Promise((resolve) => setTimeout(resolve, 3_000))
  const held = rssMb(pid)
  close()
  rows.push([
    `500 open event streams over ${Math.min(500, students.length)} conversations, one instance (${kind})`,
    `RSS ${held.toFixed(0)} MB, ${(held - idle).toFixed(0)} MB above idle (${idle.toFixed(0)} MB)`,
    '< 100 MB above idle',
  ])
  return Math.max(posting.peakRss, held)
}

/**
 * The least a signed-in write can take on this machine at 50 connections, measured in the same run
 * as the writes (`scripts/bench-bare.mjs`): Fastify and node-postgres with none of our code, as one
 * statement (the least any can be) and in the two shapes our writes have. A write's p99 can be no
 * better than its shape's floor here.
 */
async function floorRows(barePort: number, pid: number) {
  const shapes = [
    ['one', 'one statement that reads the session and inserts (the least any signed-in write can be)'],
    ['write', 'a session read, then one insert (the shape of saving an answer and posting a message)'],
    ['transaction', 'a session read, then begin, a row lock, one insert, commit (the shape of scheduling)'],
  ] as const
  const body = JSON.stringify({ section: 'math', number: 12, answer: 'B' })
  const headers = { 'content-type': 'application/json' }
  for (const [route, label] of shapes) {
    const url = `http://127.0.0.1:${barePort}/floor/${route}`
    // Warmed, unlike our writes: a yardstick's first second (its code compiled, its plans made)
    // would make the floor look higher than it is.
    if (WARMUP > 0)
      await autocannon({ url, headers, body, method: 'POST', connections: 50, duration: WARMUP })
    const result = await load(url, headers, pid, { connections: 50, method: 'POST', body })
    rows.push([
      `floor: ${label}, no code of ours (PostgreSQL, 50 connections)`,
      `${Math.round(result.rps)} req/s, p99 ${result.p99} ms; ${cpuText(result.cpu!)}`,
      'info: no write of that shape does better here',
    ])
  }
}

/** The write rows (50 connections): an SAT score added and deleted, and a document saved. Returns the peak RSS. */
async function writeRows(
  kind: 'PostgreSQL' | 'embedded',
  base: string,
  record: string,
  cookies: { student: string; coach: string; admin: string },
  pid: number,
): Promise<number> {
  // The coach's students, and the one of them with no SAT scores (the first by uuid but the target).
  const team: Array<{ uuid: string }> = (
    await (await fetch(`${base}/api/v1/screens/my-dashboard`, { headers: { cookie: cookies.coach } })).json()
  ).students
  const [empty] = team
    .map((student) => student.uuid)
    .filter((uuid) => record !== `/api/v1/students/${uuid}`)
    .sort()
  const scoreWrites = await scoreRounds(base, [`/api/v1/students/${empty}`], cookies.coach, pid)
  rows.push([
    `POST then DELETE an SAT score, one student (${kind}, 50 connections)`,
    `${Math.round(scoreWrites.rps)} req/s, p99 ${scoreWrites.p99} ms, RSS ${scoreWrites.peakRss.toFixed(0)} MB; ${cpuText(scoreWrites.cpu!)}`,
    'p99 < 30 ms',
  ])
  // The same rounds spread over the coach's 40 students, as 50 people at work would write: what a
  // write costs when it does not queue for one student's version row.
  const spreadWrites = await scoreRounds(
    base,
    team.map((student) => `/api/v1/students/${student.uuid}`),
    cookies.coach,
    pid,
  )
  rows.push([
    `POST then DELETE an SAT score, over ${team.length} students (${kind}, 50 connections)`,
    `${Math.round(spreadWrites.rps)} req/s, p99 ${spreadWrites.p99} ms, RSS ${spreadWrites.peakRss.toFixed(0)} MB; ${cpuText(spreadWrites.cpu!)}`,
    'p99 < 30 ms',
  ])
  const [document] = (await (await fetch(`${base}${record}`, { headers: { cookie: cookies.admin } })).json())
    .documents
  const documentWrites = await load(
    `${base}${record}/documents/${document.uuid}`,
    { cookie: cookies.admin, 'content-type': 'application/json' },
    pid,
    {
      connections: 50,
      method: 'PUT',
      body: JSON.stringify({
        name: document.name,
        url: document.url,
        creatorUUID: document.creator.uuid,
        hidden: document.hidden,
        pinned: document.pinned,
      }),
    },
  )
  rows.push([
    `PUT a document (${kind}, 50 connections)`,
    `${Math.round(documentWrites.rps)} req/s, p99 ${documentWrites.p99} ms, RSS ${documentWrites.peakRss.toFixed(0)} MB; ${cpuText(documentWrites.cpu!)}`,
    'p99 < 30 ms',
  ])
  return Math.max(scoreWrites.peakRss, spreadWrites.peakRss, documentWrites.peakRss)
}

/**
 * 50 connections, each adding an SAT score and deleting it again, round after round; each round
 * on the next record of `records` and on a date of its own, so no two rounds in flight race for
 * one entry.
 */
function scoreRounds(base: string, records: string[], cookie: string, pid: number) {
  let round = 0
  const score = (context: { date?: string }) =>
    JSON.stringify({ date: context.date, english: 500, math: 500 })
  return load(`${base}${records[0]}/sat-scores`, { cookie, 'content-type': 'application/json' }, pid, {
    connections: 50,
    requests: [
      {
        method: 'POST',
        setupRequest: (request: object, context: { date?: string; path?: string }) => {
          // autocannon starts each round of these two requests with a fresh context; 2,000 days
          // stay in the past.
          const n = round++
          context.date = new Date(Date.UTC(2020, 0, 1 + (n % 2000))).toISOString().slice(0, 10)
          context.path = `${records[n % records.length]}/sat-scores`
          return { ...request, path: context.path, body: score(context) }
        },
      },
      {
        method: 'DELETE',
        setupRequest: (request: object, context: { date?: string; path?: string }) => ({
          ...request,
          path: context.path,
          body: score(context),
        }),
      },
    ],
  })
}

/**
 * The largest record allowed: every kind at its cap (docs/product.md#how-much-a-record-holds),
 * every text at its longest, in characters that cost the most to escape and encode ("<" and a
 * quote, then two and three UTF-8 bytes), and for each item the audit event its add writes.
 */
async function seedLargestRecord(run: RunSql, studentId: string, authorId: string) {
  const text = (length: number) => `repeat('"<é漢', ${length / 4})`
  const s = `'${studentId}'`
  const a = `'${authorId}'`
  await run(`
    insert into tasks (student_id, title, details, assignee_id, created_by_id)
      select ${s}, ${text(200)}, ${text(5000)}, ${s}, ${a} from generate_series(1, ${RECORD_CAPS.tasks});
    insert into college_entries (student_id, name, round, notes)
      select ${s}, ${text(120)}, 'RD', ${text(2000)} from generate_series(1, ${RECORD_CAPS.colleges});
    insert into sat_scores (student_id, date, english, math, note, created_by_id)
      select ${s}, date '2020-01-01' + g, 700, 700, ${text(200)}, ${a} from generate_series(1, ${RECORD_CAPS.satScores}) g;
    insert into act_scores (student_id, date, english, math, reading, science, note, created_by_id)
      select ${s}, date '2020-01-01' + g, 30, 30, 30, 30, ${text(200)}, ${a} from generate_series(1, ${RECORD_CAPS.actScores}) g;
    insert into session_notes (student_id, author_id, date, visibility, body)
      select ${s}, ${a}, date '2020-01-01' + g, 'internal', ${text(20000)} from generate_series(1, ${RECORD_CAPS.notes}) g;
    insert into documents (student_id, creator_id, name, url)
      select ${s}, ${a}, ${text(200)}, 'https://docs.example.com/' || repeat('a', 1975) from generate_series(1, ${RECORD_CAPS.documents});
    insert into audit_events (actor_id, action, subject_type, subject_id, student_id, after)
      select ${a}::uuid, 'task.created', 'task', id, student_id, jsonb_build_object('title', title, 'details', details) from tasks where student_id = ${s}
      union all select ${a}, 'college.created', 'college', id, student_id, jsonb_build_object('name', name, 'notes', notes) from college_entries where student_id = ${s}
      union all select ${a}, 'score.added', 'score', id, student_id, jsonb_build_object('note', note) from sat_scores where student_id = ${s}
      union all select ${a}, 'score.added', 'score', id, student_id, jsonb_build_object('note', note) from act_scores where student_id = ${s}
      union all select ${a}, 'note.created', 'note', id, student_id, jsonb_build_object('body', body) from session_notes where student_id = ${s}
      union all select ${a}, 'document.created', 'document', id, student_id, jsonb_build_object('name', name, 'url', url) from documents where student_id = ${s};
    analyze;
  `)
}

/**
 * EXPORTERS admins export the largest record at once (JSON, gzip as a browser asks), while RSS is
 * sampled every 100 ms and `/api/health` is asked every 50 ms, one at a time.
 */
async function exportRow(
  kind: 'PostgreSQL' | 'embedded',
  port: number,
  pid: number,
  studentId: string,
  admins: Array<{ email: string; password: string }>,
) {
  const base = `http://127.0.0.1:${port}`
  const cookies: string[] = []
  for (const admin of admins) cookies.push(await signIn(port, admin))
  const rssBefore = rssMb(pid)
  let peakRss = rssBefore
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(pid))), 100)
  let exporting = true
  const healthTimes: number[] = []
  const health = (async () => {
    while (exporting) {
      const started = performance.now()
      await (await fetch(`${base}/api/health`)).arrayBuffer()
      healthTimes.push(performance.now() - started)
      await new Promise((r) => setTimeout(r, 50))
    }
  })()
  const started = performance.now()
  const sizes = await Promise.all(
    cookies.map(async (cookie) => {
      const response = await fetch(`${base}/api/v1/students/${studentId}/export`, { headers: { cookie } })
      if (response.status !== 200) throw new Error(`export answered ${response.status}`)
      let bytes = 0
      for await (const chunk of response.body!) bytes += (chunk as Uint8Array).byteLength
      return bytes
    }),
  )
  const seconds = (performance.now() - started) / 1000
  exporting = false
  await health
  clearInterval(sampler)
  healthTimes.sort((x, y) => x - y)
  const worst = healthTimes.at(-1) ?? 0
  const p99 = healthTimes[Math.floor(healthTimes.length * 0.99)] ?? 0
  rows.push([
    `export of the largest record allowed, ${EXPORTERS} admins at once (${kind})`,
    `${(sizes[0]! / 1e6).toFixed(1)} MB each, all in ${seconds.toFixed(1)} s; RSS ${rssBefore.toFixed(0)} MB before, peak ${peakRss.toFixed(0)} MB`,
    kind === 'PostgreSQL' ? 'RSS < 200 MB' : 'RSS < 300 MB',
  ])
  rows.push([
    `/api/health during those exports (${kind})`,
    `worst ${worst.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms over ${healthTimes.length} checks`,
    '< 100 ms',
  ])
}

/**
 * The export row on a database of its own (a fresh PostgreSQL database or embedded folder): the
 * people, EXPORTERS admins and the largest record, then a server, then the row.
 */
async function exportRowAlone(kind: 'PostgreSQL' | 'embedded') {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crestline-bench-exports-'))
  const dbName = `crestline_bench_exports_${process.pid}`
  const admin = kind === 'PostgreSQL' ? new pg.Client({ connectionString: PG_URL }) : undefined
  const url = new URL(PG_URL)
  url.pathname = `/${dbName}`
  try {
    if (admin) {
      await admin.connect()
      await admin.query(`create database ${dbName}`)
    }
    const database = admin
      ? await openDatabase({ url: url.toString(), poolSize: 2 })
      : await openDatabase({ dataDir })
    const people = await createPeople(database.db)
    const admins = []
    for (let i = 0; i < EXPORTERS; i++) admins.push(await createUser(database.db, { roles: ['admin'] }))
    const seeded = performance.now()
    if (admin) {
      const client = new pg.Client({ connectionString: url.toString() })
      await client.connect()
      await seedLargestRecord((statements) => client.query(statements), people.student.id, people.coach.id)
      await client.end()
    } else {
      const pglite = (database.db as unknown as { $client: { exec(sql: string): Promise<unknown> } }).$client
      await seedLargestRecord((statements) => pglite.exec(statements), people.student.id, people.coach.id)
    }
    await database.close()
    console.error(
      `seeded the largest record (${kind}) in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    )
    const port = await freePort()
    const server = startServer({
      DATA_DIR: dataDir,
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
      PORT: String(port),
      ...(admin ? { DATABASE_URL: url.toString() } : {}),
    })
    try {
      await waitFor200(`http://127.0.0.1:${port}/api/health`)
      await exportRow(kind, port, server.pid!, people.student.id, admins)
    } finally {
      await stop(server)
    }
  } catch (error) {
    // Printed here: dropping the database below ends any connection still open, with its own error.
    console.error(error)
    throw error
  } finally {
    if (process.env.BENCH_KEEP_DB) console.error(`kept ${admin ? `database ${dbName}` : dataDir}`)
    else rmSync(dataDir, { recursive: true, force: true })
    if (admin) {
      if (!process.env.BENCH_KEEP_DB)
        await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {})
      await admin.end()
    }
  }
}

async function main() {
  // It measures the production build, as `npm start` serves it: build first when that is missing or stale.
  const stale = buildIsStale()
  if (stale) {
    console.error(`The build is ${stale}: building first…`)
    const built = spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' })
    if (built.status !== 0) process.exit(built.status ?? 1)
  }
  if (process.env.BENCH_ONLY === 'sizes') {
    javascriptSizes()
    printRows()
    return
  }
  if (process.env.BENCH_ONLY === 'exports') {
    if (!process.env.BENCH_SKIP_POSTGRES) await exportRowAlone('PostgreSQL')
    if (!process.env.BENCH_SKIP_EMBEDDED) await exportRowAlone('embedded')
    printRows()
    return
  }
  const dbName = DB_NAME
  const admin = new pg.Client({ connectionString: PG_URL })
  await admin.connect()
  await admin.query(`create database ${dbName}`)
  const url = new URL(PG_URL)
  url.pathname = `/${dbName}`
  const children: ChildProcess[] = []
  const client = new pg.Client({ connectionString: url.toString() })
  try {
    const database = await openDatabase({ url: url.toString(), poolSize: 2 })
    const people = await createPeople(database.db)
    await database.close()
    await client.connect()
    const seeded = performance.now()
    const run: RunSql = (statements) => client.query(statements)
    await seedStudents(run)
    const coachId = (await client.query(`select id from users where email = $1`, [people.coach.email]))
      .rows[0].id
    await seedTarget(run, people.student.id, coachId)
    await seedSessions(run, people.student.id, coachId)
    people.pairs = (await client.query(PAIRS_SQL)).rows
    people.practice = await seedPractice(
      run,
      async (query) => (await client.query(query)).rows,
      people.student.id,
      coachId,
    )
    console.error(
      `seeded ${STUDENTS.toLocaleString('en-US')} students in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    )

    const barePort = await freePort()
    const bare = fork('scripts/bench-bare.mjs', {
      env: { ...process.env, PORT: String(barePort), FLOOR_DATABASE_URL: url.toString() },
    })
    children.push(bare)
    await new Promise((resolve) => bare.once('message', resolve))

    const port = await freePort()
    const server = startServer({
      DATABASE_URL: url.toString(),
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'crestline-bench-pg-')),
      // The budgets are set with a pool of about 10 (docs/product.md#budgets).
      DATABASE_POOL_SIZE: process.env.BENCH_POOL_SIZE ?? '10',
    })
    children.push(server)
    await waitFor200(`http://127.0.0.1:${port}/api/health`)
    if (process.env.BENCH_SEED_ONLY) return

    const baseline = await load(`http://127.0.0.1:${barePort}/bare`)
    rows.push([
      `bare Fastify route (yardstick; ${STUDENTS.toLocaleString('en-US')} students)`,
      `${Math.round(baseline.rps)} req/s, p99 ${baseline.p99} ms`,
      '-',
    ])
    const yardstick = { barePort, baseline: baseline.rps }
    if (!MATCH || /answer|message|schedul|score|document|floor/.test(MATCH))
      await floorRows(barePort, bare.pid!)
    if (process.env.BENCH_ONLY === 'embedded') {
      await stop(server)
      await embedded(yardstick)
      printRows()
      return
    }
    const cookies = await hotPaths('PostgreSQL', port, server.pid!, people, yardstick)
    if (MATCH) {
      await stop(server)
      if (!process.env.BENCH_SKIP_EMBEDDED) await embedded(yardstick)
      printRows()
      return
    }

    const single = await oneAtATime(
      `http://127.0.0.1:${port}/api/v1/students/${people.student.id}`,
      cookies.student,
      200,
      {
        client,
        dbName,
      },
    )
    rows.push([
      'GET /api/v1/students/{id}, one at a time (20 documents, 30 scores)',
      `median ${single.median.toFixed(1)} ms, ${single.queries.toFixed(1)} database round trips per request`,
      'info (one when the record is unchanged)',
    ])
    // The admin screens over the same students, one request at a time.
    const adminReads = [
      ['GET /api/v1/users?limit=25 (first page)', '/api/v1/users?limit=25', 'info'],
      ['GET /api/v1/users?q=student-1&limit=25 (search)', '/api/v1/users?q=student-1&limit=25', 'info'],
      ['GET /api/v1/screens/admin (counts, recent events)', '/api/v1/screens/admin', 'info'],
      ['GET /api/v1/screens/admin/students (every student)', '/api/v1/screens/admin/students', 'info'],
      [
        'GET /api/v1/screens/admin/students?tab=active&limit=50 (first page; the web asks for 25)',
        '/api/v1/screens/admin/students?tab=active&limit=50',
        '< 50 ms',
      ],
    ] as const
    for (const [label, endpoint, budget] of adminReads) {
      const read = await oneAtATime(`http://127.0.0.1:${port}${endpoint}`, cookies.admin, 40)
      rows.push([`${label}, one at a time`, `median ${read.median.toFixed(1)} ms`, budget])
    }
    await stop(server)
    if (!process.env.BENCH_SKIP_EMBEDDED) await embedded(yardstick)
  } finally {
    for (const child of children) await stop(child)
    await client.end().catch(() => {})
    if (process.env.BENCH_KEEP_DB) console.error(`kept database ${dbName}`)
    else await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {})
    await admin.end()
  }
  await exportRowAlone('PostgreSQL')
  if (!process.env.BENCH_SKIP_EMBEDDED) await exportRowAlone('embedded')
  await startupTimes()
  javascriptSizes()
  printRows()
}

/** The same rows on the embedded database (PGlite in the server's process), seeded alike. */
async function embedded(yardstick: { barePort: number; baseline: number }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crestline-bench-embedded-'))
  try {
    const database = await openDatabase({ dataDir })
    const people = await createPeople(database.db)
    const pglite = (database.db as unknown as { $client: { exec(sql: string): Promise<unknown> } }).$client
    const seeded = performance.now()
    await seedStudents((statements) => pglite.exec(statements))
    const [{ id: coachId }] = (
      (await database.db.execute(
        sql`select id from users where email = ${people.coach.email}`,
      )) as unknown as {
        rows: Array<{ id: string }>
      }
    ).rows as [{ id: string }]
    await seedTarget((statements) => pglite.exec(statements), people.student.id, coachId)
    await seedSessions((statements) => pglite.exec(statements), people.student.id, coachId)
    people.practice = await seedPractice(
      (statements) => pglite.exec(statements),
      async (query) =>
        ((await database.db.execute(sql.raw(query))) as unknown as { rows: Array<Record<string, string>> })
          .rows,
      people.student.id,
      coachId,
    )
    people.pairs = (
      (await database.db.execute(sql.raw(PAIRS_SQL))) as unknown as {
        rows: Array<{ student: string; educator: string }>
      }
    ).rows
    await database.close()
    console.error(`seeded the embedded database in ${((performance.now() - seeded) / 1000).toFixed(1)} s`)
    const port = await freePort()
    const server = startServer({
      DATA_DIR: dataDir,
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
      PORT: String(port),
    })
    try {
      await waitFor200(`http://127.0.0.1:${port}/api/health`)
      await hotPaths('embedded', port, server.pid!, people, yardstick)
    } finally {
      await stop(server)
    }
  } finally {
    if (process.env.BENCH_KEEP_DB) console.error(`kept the embedded database in ${dataDir}`)
    else rmSync(dataDir, { recursive: true, force: true })
  }
}

function printRows() {
  const width = [0, 1, 2].map((i) =>
    Math.max(...rows.map((r) => r[i]!.length), ['what', 'measured', 'budget'][i]!.length),
  )
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(width[i]!)).join(' | ')} |`
  console.log(`\n${line(['what', 'measured', 'budget'])}\n|${width.map((w) => '-'.repeat(w + 2)).join('|')}|`)
  for (const row of rows) console.log(line(row))
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
