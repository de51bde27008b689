import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { createServer as createNetServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { startSmtpSink } from '../helpers/smtp-sink'
import { ADMIN_EMAIL, type E2EState, STATE_ENV } from './support/state'

const run = promisify(execFile)

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

async function waitForHealth(baseURL: string, server: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) break
    try {
      const response = await fetch(`${baseURL}/api/health`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-4000) : ''
  throw new Error(`The server did not become healthy at ${baseURL}.\n${log}`)
}

/**
 * A real SMTP sink (its messages served as JSON over HTTP for the tests' workers), a fresh
 * DATA_DIR with an admin invite from the CLI (before the server holds the database), and the
 * production server on a free port.
 */
export default async function globalSetup() {
  if (!existsSync('dist/server/main.js') || !existsSync('dist/web/index.html')) {
    throw new Error('No production build: run `npm run build` first (npm run test:e2e does).')
  }
  const stateDir = mkdtempSync(path.join(tmpdir(), 'crestline-e2e-'))
  const dataDir = path.join(stateDir, 'data')

  const sink = await startSmtpSink()
  const mailbox = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify(sink.messages.map(({ to, text }) => ({ to, text }))))
  })
  await new Promise<void>((resolve) => mailbox.listen(0, '127.0.0.1', resolve))
  const mailboxAddress = mailbox.address()
  const mailboxUrl = `http://127.0.0.1:${typeof mailboxAddress === 'object' && mailboxAddress ? mailboxAddress.port : 0}`

  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    SMTP_URL: sink.url,
    NODE_ENV: 'test',
    AUTH_RATE_LIMIT_SCALE: '100',
    APP_ORIGIN: baseURL,
    LOG_LEVEL: 'warn',
  }

  const { stdout } = await run('npm', ['run', '-s', 'invite', '--', '--admin', '--email', ADMIN_EMAIL], {
    env,
  })
  const inviteUrl = stdout.trim().split('\n').at(-1) ?? ''
  if (!inviteUrl.includes('/login?invite=')) throw new Error(`The invite CLI printed no link:\n${stdout}`)

  const logFile = path.join(stateDir, 'server.log')
  const log = createWriteStream(logFile)
  const server = spawn(process.execPath, ['dist/server/main.js'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  server.stdout?.pipe(log)
  server.stderr?.pipe(log)
  await waitForHealth(baseURL, server, logFile)

  const state: E2EState = { baseURL, inviteUrl, mailboxUrl, stateDir }
  const stateFile = path.join(stateDir, 'state.json')
  writeFileSync(stateFile, JSON.stringify(state, null, 2))
  process.env[STATE_ENV] = stateFile

  return async () => {
    server.kill('SIGTERM')
    await new Promise((resolve) => {
      const timer = setTimeout(() => {
        server.kill('SIGKILL')
        resolve(undefined)
      }, 5_000)
      server.once('exit', () => {
        clearTimeout(timer)
        resolve(undefined)
      })
    })
    mailbox.close()
    await sink.close()
    if (!process.env.E2E_KEEP_DATA) rmSync(stateDir, { recursive: true, force: true })
  }
}
