/**
 * `npm run scan:sql`: sqlmap (Debian's `sqlmap` package) against every parameterised route of the
 * running product, logged in as each demo role, bounded in time (docs/security.md#sql-injection-scan).
 *
 * It starts its own server on the embedded database in a throwaway data directory with the demo
 * people (never your ./data), reads the routes from the OpenAPI document, and for each route and
 * role runs sqlmap on every query parameter, every JSON body field and every path id (marked
 * with `*`). Writes go to the throwaway database only. sqlmap runs offline: no update check, no
 * download. The report goes to test-results/sqlmap/report.md; the exit code is 1 when sqlmap
 * found an injection point.
 *
 *   npm run scan:sql -- [--minutes 30] [--roles admin,educator,fao,student,guardian]
 *                       [--only <substring of a path>] [--level 1] [--risk 1]
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'

const { values: options } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    roles: { type: 'string', default: 'admin,educator,fao,student,guardian' },
    only: { type: 'string' },
    level: { type: 'string', default: '1' },
    risk: { type: 'string', default: '1' },
  },
})

const DEMO_PASSWORD = 'crestline-demo-2026'
const DEMO_LOGINS: Record<string, string> = {
  admin: 'admin@example.com',
  educator: 'priya.raman@example.com',
  fao: 'grace.liu@example.com',
  student: 'maya.chen@example.com',
  guardian: 'laura.chen@example.com',
}

/** A valid body for each write route, so that sqlmap compares against an answer that worked. */
const BODIES: Record<string, unknown> = {
  'PATCH /api/v1/users/me': { name: 'Scan Name', bio: 'A bio.' },
  'POST /api/v1/user-invites': { email: 'scan-invite@example.com', student: true },
  'POST /api/v1/students/{id}/sat-scores': { date: '2025-03-08', english: 600, math: 650 },
  'DELETE /api/v1/students/{id}/sat-scores': { date: '2025-03-08', english: 600, math: 650 },
  'PATCH /api/v1/students/{id}/sat-scores/{entryId}': { note: 'Bluebook test 4' },
  'POST /api/v1/students/{id}/act-scores': { date: '2025-10-25', english: 30, math: 28, reading: 31 },
  'PATCH /api/v1/students/{id}/act-scores/{entryId}': { note: 'Practice 2' },
  'PUT /api/v1/students/{id}/targets': { sat: 1450, act: 32 },
  'POST /api/v1/students/{id}/documents': { name: 'Scan doc', url: 'https://docs.example.com/scan' },
  'PUT /api/v1/students/{id}/documents/{documentId}': {
    name: 'Scan doc 2',
    url: 'https://docs.example.com/2',
    creatorUUID: '{documentCreator}',
  },
  'POST /api/v1/students/{id}/guardian-invites': { email: 'scan-parent@example.com', relationship: 'Mother' },
  'POST /api/v1/students/{id}/notes': {
    date: '2025-10-01',
    durationMinutes: 60,
    body: 'Worked on pacing.',
    visibility: 'shared',
  },
  'PUT /api/v1/students/{id}/notes/{noteId}': {
    date: '2025-10-01',
    body: 'Worked on pacing, again.',
    visibility: 'shared',
  },
  'POST /api/v1/students/{id}/tasks': { title: 'Scan task', dueDate: '2026-12-01' },
  'PATCH /api/v1/students/{id}/tasks/{taskId}': { title: 'Scan task 2' },
  'POST /api/v1/students/{id}/colleges': { name: 'Scan College', round: 'RD', status: 'researching' },
  'PATCH /api/v1/students/{id}/colleges/{entryId}': { notes: 'Visited in May.' },
  'PATCH /api/v1/students/{id}': { archived: false },
  'PUT /api/v1/admin/settings': { requireStaffTwoFactor: false },
  'POST /api/v1/contact': {
    name: 'Scan',
    email: 'scan@example.com',
    service: 'tutoring',
    message: 'Hello there, a question.',
  },
  'PATCH /api/v1/inquiries/{id}': { handled: true },
  // On the scanner's own account: a no-op role grant, its own address again, and a deletion
  // that is refused (an admin cannot delete themself) after the account is looked up.
  'PATCH /api/v1/users/{id}': { admin: true },
  'PATCH /api/v1/users/{id}/email': { email: '{selfEmail}' },
  'DELETE /api/v1/users/{id}': { confirmEmail: '{selfEmail}' },
  'POST /api/v1/users/{id}/onboard': { name: 'Scan Name' },
  'POST /api/v1/user-invites/{id}/resend': {},
  'PUT /api/v1/students/{id}/team-members/{userId}': {},
}
/** Routes left out, and why: the report lists them. */
const SKIPPED: Record<string, string> = {
  'DELETE /api/v1/users/me/sessions': 'would sign the scanner out (no parameters)',
  'DELETE /api/v1/users/me/sessions/{sessionId}': 'would sign the scanner out',
  'POST /api/v1/user-invites/import': 'multipart CSV upload: covered by the generated-input test',
  'POST /api/v1/user-invites/import/preview': 'multipart CSV upload: covered by the generated-input test',
}

interface Target {
  role: string
  method: string
  route: string
  url: string
  body?: string
}
interface Outcome extends Target {
  /** The status of the request as sqlmap first sends it, unchanged: a 2xx means a real baseline. */
  baseline: number
  verdict: 'not injectable' | 'INJECTABLE' | 'inconclusive'
  seconds: number
  detail: string
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

async function waitUntilReady(origin: string, child: ChildProcess) {
  for (let i = 0; i < 120; i += 1) {
    if (child.exitCode !== null) throw new Error('The server exited before it was ready.')
    const ready = await fetch(`${origin}/api/ready`).catch(() => null)
    if (ready?.ok) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error('The server was not ready within a minute.')
}

async function logIn(origin: string, email: string): Promise<string> {
  const answer = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  })
  if (!answer.ok) throw new Error(`Could not log in as ${email}: ${answer.status}`)
  return answer.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

type Json = Record<string, unknown>
const getJson = async (origin: string, url: string, cookie: string) =>
  (await (await fetch(`${origin}${url}`, { headers: { cookie } })).json()) as Json

/** Real ids this role can reach, for the path parameters. */
/** Real ids this role can reach, for each kind of path parameter. */
async function idsFor(origin: string, cookie: string): Promise<Record<string, string>> {
  const me = await getJson(origin, '/api/v1/users/me', cookie)
  const list = (await getJson(origin, '/api/v1/students', cookie)) as { students?: Json[] }
  const dashboard = await getJson(origin, '/api/v1/screens/my-dashboard', cookie)
  const studentId =
    (me.profileStudent ? String(me.uuid) : undefined) ??
    (list.students?.[0]?.uuid as string | undefined) ??
    ((JSON.stringify(dashboard).match(/"uuid":"([0-9a-f-]{36})"/) ?? [])[1] as string | undefined) ??
    ''
  const firstOf = (value: unknown) => ((value as Json[] | undefined)?.[0]?.uuid as string | undefined) ?? ''
  const record = studentId ? await getJson(origin, `/api/v1/students/${studentId}`, cookie) : {}
  const under = async (what: string, key: string) =>
    studentId ? firstOf((await getJson(origin, `/api/v1/students/${studentId}/${what}`, cookie))[key]) : ''
  const invites = await fetch(`${origin}/api/v1/user-invites?available`, { headers: { cookie } })
  const inquiries = await getJson(origin, '/api/v1/inquiries', cookie)
  return {
    self: String(me.uuid),
    selfEmail: String(me.email),
    // An educator's own students, or (for the others) an educator on the team's.
    educator: me.profileEducator ? String(me.uuid) : firstOf(record.team),
    student: studentId,
    satEntry: firstOf(record.satScoresHistorical),
    actEntry: firstOf(record.actScoresHistorical),
    document: firstOf(record.documents),
    documentCreator:
      (((record.documents as Json[] | undefined)?.[0]?.creator as Json | undefined)?.uuid as
        | string
        | undefined) ?? '',
    teamMember: firstOf(record.team),
    guardian: firstOf(record.guardians),
    note: await under('notes', 'notes'),
    task: await under('tasks', 'tasks'),
    college: await under('colleges', 'colleges'),
    invite: invites.ok ? firstOf(await invites.json()) : '',
    inquiry: firstOf(inquiries.inquiries),
  }
}

/** Which id a path parameter takes, from the route around it. */
function idKind(route: string, name: string): string {
  if (name === 'id' && route.startsWith('/api/v1/students/')) return 'student'
  if (name === 'id' && route.startsWith('/api/v1/user-invites/')) return 'invite'
  if (name === 'id' && route.startsWith('/api/v1/inquiries/')) return 'inquiry'
  if (name === 'id' && route.startsWith('/api/v1/educators/')) return 'educator'
  if (name === 'id') return 'self'
  if (name === 'entryId')
    return route.includes('/act-scores/') ? 'actEntry' : route.includes('/colleges/') ? 'college' : 'satEntry'
  if (name === 'userId') return route.includes('/guardians/') ? 'guardian' : 'teamMember'
  return { documentId: 'document', noteId: 'note', taskId: 'task' }[name] ?? name
}

/** The route with each path parameter replaced by a real id and marked for sqlmap with `*`. */
function fill(route: string, ids: Record<string, string>): string | null {
  let missing = false
  const url = route.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = name === 'file' ? 'feed.ics' : ids[idKind(route, name)]
    if (!value) missing = true
    return `${value}*`
  })
  return missing ? null : url
}

/** Example query values, so that each parameter is present for sqlmap to test. */
const QUERY_EXAMPLES: Record<string, string> = {
  q: 'maya',
  role: 'student',
  limit: '10',
  scope: 'assigned',
  archived: 'false',
  format: 'json',
  available: 'true',
}

const ALONE = new Set(['available-for'])
const queryExample = (name: string, ids: Record<string, string>) =>
  ({ 'available-for': ids.student, studentId: ids.student, actorId: ids.self })[name] ??
  QUERY_EXAMPLES[name] ??
  '1'

/** The unchanged request's status and, when refused, why (the problem's detail and field messages). */
async function baselineOf(
  target: Target,
  origin: string,
  cookie: string,
): Promise<{ status: number; why: string }> {
  const answer = await fetch(`${origin}${target.url.replace(/\*/g, '')}`, {
    method: target.method,
    headers: { cookie, origin, ...(target.body ? { 'content-type': 'application/json' } : {}) },
    ...(target.body ? { body: target.body } : {}),
  })
  const text = await answer.text()
  if (answer.status < 400) return { status: answer.status, why: '' }
  try {
    const problem = JSON.parse(text) as { detail?: string; errors?: { path: string; message: string }[] }
    const fields = (problem.errors ?? []).map((error) => `${error.path}: ${error.message}`).join('; ')
    return { status: answer.status, why: `baseline: ${fields || problem.detail || ''}` }
  } catch {
    return { status: answer.status, why: '' }
  }
}

function runSqlmap(
  target: Target,
  baseline: number,
  origin: string,
  cookie: string,
  outputDir: string,
): Outcome {
  const started = Date.now()
  const args = [
    '-u',
    `${origin}${target.url}`,
    '--method',
    target.method,
    '--cookie',
    cookie,
    '--headers',
    `Origin: ${origin}\nAccept: application/json`,
    '--batch',
    '--level',
    options.level!,
    '--risk',
    options.risk!,
    '--technique',
    'BEUST',
    '--time-sec',
    '2',
    '--timeout',
    '10',
    '--retries',
    '0',
    '--threads',
    '1',
    '--flush-session',
    // A delete's first request removes the row, so later ones answer 404; go on testing anyway
    // (an unknown calendar link answers 404 too).
    '--ignore-code',
    '404',
    '--disable-coloring',
    '--output-dir',
    outputDir,
  ]
  if (target.body !== undefined) args.push('--data', target.body)
  const result = spawnSync('sqlmap', args, { encoding: 'utf8', timeout: 10 * 60_000 })
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`
  const seconds = Math.round((Date.now() - started) / 1000)
  if (/identified the following injection point|is vulnerable/i.test(output)) {
    return { ...target, baseline, verdict: 'INJECTABLE', seconds, detail: output.slice(-2000) }
  }
  if (/do not appear to be injectable/.test(output)) {
    return { ...target, baseline, verdict: 'not injectable', seconds, detail: '' }
  }
  const lines = output.split('\n').filter((line) => !/version is outdated/.test(line))
  const last =
    lines.filter((line) => /\[(CRITICAL|ERROR)\]/.test(line)).at(-1) ??
    lines.filter((line) => /\[WARNING\]/.test(line)).at(-1)
  return {
    ...target,
    baseline,
    verdict: 'inconclusive',
    seconds,
    detail: last?.trim() ?? `exit ${result.status}`,
  }
}

async function main() {
  if (spawnSync('sqlmap', ['--version'], { encoding: 'utf8' }).status !== 0) {
    console.error('sqlmap is not installed. On Debian: apt-get install -y sqlmap')
    process.exit(2)
  }
  const scratch = mkdtempSync(path.join(tmpdir(), 'crestline-sqlmap-'))
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const server = spawn('node', ['scripts/start.mjs', '--demo'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(scratch, 'data'),
      DATABASE_URL: '',
      APP_ORIGIN: origin,
      NODE_ENV: 'development',
      // sqlmap logs in once per role; the scan's many requests must not trip the login limit.
      AUTH_RATE_LIMIT_SCALE: '1000',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const stop = () => {
    server.kill('SIGTERM')
    rmSync(scratch, { recursive: true, force: true })
  }
  process.on('SIGINT', () => {
    stop()
    process.exit(130)
  })
  try {
    await waitUntilReady(origin, server)
    const document = (await (await fetch(`${origin}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>
    }
    const targets: Target[] = []
    const skipped: string[] = []
    const cookies: Record<string, string> = {}
    for (const role of options.roles!.split(',')) {
      const email = DEMO_LOGINS[role]
      if (!email) throw new Error(`Unknown role ${role}: use ${Object.keys(DEMO_LOGINS).join(', ')}`)
      cookies[role] = await logIn(origin, email)
      const ids = await idsFor(origin, cookies[role]!)
      for (const [route, operations] of Object.entries(document.paths)) {
        if (!route.startsWith('/api/v1/') || (options.only && !route.includes(options.only))) continue
        for (const [method, operation] of Object.entries(operations)) {
          const key = `${method.toUpperCase()} ${route}`
          if (SKIPPED[key]) {
            if (role === 'admin') skipped.push(`${key}: ${SKIPPED[key]}`)
            continue
          }
          const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query')
          const hasPath = route.includes('{')
          const body = BODIES[key]
          // A body for the methods that carry one; DELETE by id carries none.
          const isWrite = ['post', 'put', 'patch'].includes(method)
          if (!hasPath && query.length === 0 && !(isWrite && body)) continue
          if (isWrite && !body) {
            if (role === 'admin') skipped.push(`${key}: no example body`)
            continue
          }
          const url = fill(route, ids)
          if (!url) continue
          // A cursor comes from a previous page; a parameter that changes what the route is
          // (`available-for`) gets a target of its own.
          const names = query.map((parameter) => parameter.name).filter((name) => name !== 'cursor')
          const groups = [
            names.filter((name) => !ALONE.has(name)),
            ...names.filter((name) => ALONE.has(name)).map((name) => [name]),
          ]
          for (const group of groups.filter((names, index) => index === 0 || names.length > 0)) {
            const search = group.map((name) => `${name}=${queryExample(name, ids)}`)
            targets.push({
              role,
              method: method.toUpperCase(),
              route,
              url: search.length > 0 ? `${url}?${search.join('&')}` : url,
              // `{name}` in a body's text takes that id (a document's creator, for example).
              ...(body
                ? { body: JSON.stringify(body).replace(/\{(\w+)\}/g, (_, name) => ids[name] ?? '') }
                : {}),
            })
          }
        }
      }
    }
    const deadline = Date.now() + Number(options.minutes) * 60_000
    const outcomes: Outcome[] = []
    const notReached: Target[] = []
    mkdirSync('test-results/sqlmap', { recursive: true })
    for (const [index, target] of targets.entries()) {
      if (Date.now() > deadline) {
        notReached.push(target)
        continue
      }
      // A delete is sent by sqlmap first: sending it here would leave sqlmap nothing to delete.
      const { status: baseline, why } =
        target.method === 'DELETE' && !target.body
          ? { status: 0, why: '' }
          : await baselineOf(target, origin, cookies[target.role]!)
      const outcome = runSqlmap(target, baseline, origin, cookies[target.role]!, path.join(scratch, 'sqlmap'))
      if (!outcome.detail) outcome.detail = why
      outcomes.push(outcome)
      console.log(
        `[${index + 1}/${targets.length}] ${outcome.verdict.padEnd(14)} ${target.role.padEnd(8)} ${baseline} ${target.method} ${target.route} (${outcome.seconds} s)${outcome.detail && outcome.verdict !== 'INJECTABLE' ? ` ${outcome.detail}` : ''}`,
      )
    }
    const count = (verdict: Outcome['verdict']) =>
      outcomes.filter((outcome) => outcome.verdict === verdict).length
    const lines = [
      `# sqlmap scan, ${new Date().toISOString()}`,
      '',
      `sqlmap ${spawnSync('sqlmap', ['--version'], { encoding: 'utf8' }).stdout.trim()}, level ${options.level}, risk ${options.risk}, techniques BEUST, roles ${options.roles}.`,
      '',
      `${targets.length} targets (route x role); scanned ${outcomes.length}: ${count('not injectable')} not injectable, ${count('INJECTABLE')} injectable, ${count('inconclusive')} inconclusive; ${notReached.length} not reached within ${options.minutes} minutes.`,
      '',
      '| verdict | role | method | route | baseline status | seconds | detail |',
      '|---|---|---|---|---|---|---|',
      ...outcomes.map(
        (outcome) =>
          `| ${outcome.verdict} | ${outcome.role} | ${outcome.method} | \`${outcome.route}\` | ${outcome.baseline} | ${outcome.seconds} | ${outcome.detail.replace(/\|/g, '\\|').replace(/\n/g, ' ').slice(0, 300)} |`,
      ),
      '',
      'Not scanned:',
      ...skipped.map((line) => `- ${line}`),
      ...notReached.map((target) => `- ${target.role} ${target.method} ${target.route}: out of time`),
    ]
    // Made again here: a browser-test run meanwhile empties test-results/.
    mkdirSync('test-results/sqlmap', { recursive: true })
    writeFileSync('test-results/sqlmap/report.md', `${lines.join('\n')}\n`)
    console.log(`\n${lines[4]}\nReport: test-results/sqlmap/report.md`)
    process.exitCode = count('INJECTABLE') > 0 ? 1 : 0
  } finally {
    stop()
  }
}

await main()
