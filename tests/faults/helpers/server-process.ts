import { type ChildProcess, spawn } from 'node:child_process'
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort } from './ports'

/** Built once per run by `tests/faults/global-setup.ts`; inside the project so it finds `drizzle/`. */
export const SERVER_BUNDLE = path.resolve('test-results/faults/server/main.js')

/** Every instance of a deployment shares the secret and the public origin (docs/operations.md, Several instances). */
export const AUTH_SECRET = 'fault tests: a secret every instance shares, 0123456789'
export const APP_ORIGIN = 'http://localhost:3000'

export interface ServerProcess {
  url: string
  child: ChildProcess
  /** What the process printed so far (stdout and stderr), for failure messages. */
  output(): string
  /** The whole output, complete once `exited` has resolved. */
  logFile: string
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>
  /** Ends the process group at once (clean-up after a failure). */
  kill(): void
}

const running = new Set<ServerProcess>()
// Should a test file end without its afterAll (a crash of the worker), its servers end with it.
process.once('exit', () => killAllServers())

/** Where each server's output goes, whole: `test-results/faults/<name>.log`. */
const LOG_DIR = path.resolve('test-results/faults')

/**
 * Starts the bundle with `node` in its own process group, logging to `LOG_DIR/<name>.log`; does
 * not wait for it to be ready.
 */
export async function spawnServer(name: string, env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crestline-faults-data-'))
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      AUTH_SECRET,
      APP_ORIGIN,
      REDIS_URL: '',
      SMTP_URL: '',
      ...env,
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  mkdirSync(LOG_DIR, { recursive: true })
  const logFile = path.join(LOG_DIR, `${name}.log`)
  const log = createWriteStream(logFile)
  let output = ''
  const keep = (chunk: Buffer) => {
    log.write(chunk)
    output = (output + chunk.toString()).slice(-20_000)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<number | string>((resolve) => {
    // 'close': the process has ended and its output has been read to the end.
    child.once('close', (code, signal) => {
      rmSync(dataDir, { recursive: true, force: true })
      running.delete(server)
      log.end(`\n[exit: ${code ?? signal}]\n`, () => resolve(code ?? signal ?? 'unknown'))
    })
  })
  const server: ServerProcess = {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    logFile,
    exited,
    kill() {
      if (child.exitCode !== null || child.signalCode !== null) return
      try {
        process.kill(-child.pid!, 'SIGKILL')
      } catch {
        // The group is gone already.
      }
    },
  }
  running.add(server)
  return server
}

/** Waits until `/api/ready` answers 200 (the database answers and migrations are done). */
export async function waitReady(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) break
    const ready = await fetch(`${server.url}/api/ready`, { signal: AbortSignal.timeout(2_000) }).catch(
      () => null,
    )
    if (ready?.ok) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`the server at ${server.url} did not become ready:\n${server.output().slice(-3_000)}`)
}

export async function startServer(name: string, env: Record<string, string>): Promise<ServerProcess> {
  const server = await spawnServer(name, env)
  try {
    await waitReady(server)
  } catch (error) {
    server.kill()
    throw error
  }
  return server
}

/** After a test file: no server outlives it, whatever happened. */
export function killAllServers(): void {
  for (const server of running) server.kill()
}
