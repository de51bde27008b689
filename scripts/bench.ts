import { type ChildProcess, fork, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import pg from 'pg'
import { openDatabase } from '../src/server/db/client'
import { createUser } from '../tests/factories'

/**
 * `npm run bench`: the budgets of DESIGN.md section 9 as a table. Numbers, not a gate: timings on
 * a 2-core machine that also runs the load generator and PostgreSQL are noisy, so throughput is
 * reported as a ratio to a bare Fastify route measured in the same run.
 */
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 100
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
      if ((await fetch(url)).status === 200) return performance.now() - started
    } catch {}
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error(`${url} never answered 200`)
}

function startServer(env: Record<string, string>): ChildProcess {
  return spawn('node', ['dist/server/main.js'], {
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

async function load(url: string, headers: Record<string, string> = {}, pid?: number) {
  let peakRss = 0
  const sampler = pid ? setInterval(() => (peakRss = Math.max(peakRss, rssMb(pid))), 250) : undefined
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers })
  if (sampler) clearInterval(sampler)
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers`)
  return { rps: result.requests.average, p99: result.latency.p99, peakRss }
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
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!)
  const gzip = (file: string) => gzipSync(readFileSync(path.join(dir, file))).length
  const shell = scripts.reduce((sum, file) => sum + gzip(file), 0)
  const all = readdirSync(path.join(dir, 'assets')).filter((f) => f.endsWith('.js'))
  const total = all.reduce((sum, file) => sum + gzip(`/assets/${file}`), 0)
  rows.push([
    'app shell JavaScript loaded by index.html (gzip)',
    `${(shell / 1024).toFixed(1)} KB`,
    '< 250 KB',
  ])
  rows.push(['all JavaScript chunks together (gzip)', `${(total / 1024).toFixed(1)} KB`, 'info'])
}

async function main() {
  const dbName = `crestline_bench_${process.pid}`
  const admin = new pg.Client({ connectionString: PG_URL })
  await admin.connect()
  await admin.query(`create database ${dbName}`)
  const url = new URL(PG_URL)
  url.pathname = `/${dbName}`
  const children: ChildProcess[] = []
  try {
    const database = await openDatabase({ url: url.toString(), poolSize: 2 })
    const student = await createUser(database.db, { roles: ['student'] })
    await database.close()

    const barePort = await freePort()
    const bare = fork('scripts/bench-bare.mjs', { env: { ...process.env, PORT: String(barePort) } })
    children.push(bare)
    await new Promise((resolve) => bare.once('message', resolve))

    const port = await freePort()
    const server = startServer({
      DATABASE_URL: url.toString(),
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
      PORT: String(port),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'crestline-bench-pg-')),
      DATABASE_POOL_SIZE: '10',
    })
    children.push(server)
    await waitFor200(`http://127.0.0.1:${port}/api/health`)
    const signIn = await fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
      method: 'POST',
      // As a browser would: better-auth refuses a sign-in without an Origin in production.
      headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
      body: JSON.stringify({ email: student.email, password: student.password }),
    })
    if (!signIn.ok) throw new Error(`bench sign-in failed: ${signIn.status} ${await signIn.text()}`)
    const cookie = signIn.headers.getSetCookie()[0]!.split(';')[0]!

    const baseline = await load(`http://127.0.0.1:${barePort}/bare`)
    rows.push([
      'bare Fastify route (yardstick)',
      `${Math.round(baseline.rps)} req/s, p99 ${baseline.p99} ms`,
      '-',
    ])
    const me = await load(`http://127.0.0.1:${port}/api/v1/users/me`, { cookie }, server.pid)
    const ratio = ((me.rps / baseline.rps) * 100).toFixed(1)
    rows.push([
      'GET /api/v1/users/me (PostgreSQL, 100 connections)',
      `${Math.round(me.rps)} req/s = ${ratio}% of bare, p99 ${me.p99} ms`,
      '>= 25%, p99 < 30 ms',
    ])
    rows.push(['server RSS under that load (PostgreSQL)', `${me.peakRss.toFixed(0)} MB`, '< 200 MB'])
    rows.push([
      'GET /api/v1/students/{id}, /api/v1/screens/my-dashboard',
      'not built yet (student-records issue)',
      '>= 25%, p99 < 30 ms',
    ])
  } finally {
    for (const child of children) await stop(child)
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {})
    await admin.end()
  }
  await startupTimes()
  javascriptSizes()

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
