import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { killAllServers, type ServerProcess, startServer } from './helpers/server-process'

/**
 * The first start on an empty data folder creates the embedded database in a short-lived process
 * of its own (PGlite's initdb would leave the server about 130 MB larger for its whole life); a
 * later start on the same folder opens it directly.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'crestline-first-start-'))
const CREATED = 'embedded database created by a short-lived process'

function creations(server: ServerProcess): Array<{ pid: number; ms: number }> {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg?: string; pid: number; ms: number })
    .filter((line) => line.msg === CREATED)
}

async function stop(server: ServerProcess) {
  server.child.kill('SIGTERM')
  expect(await server.exited).toBe(0)
}

describe('the first start on an empty data folder', () => {
  afterAll(() => {
    killAllServers()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('creates the embedded database in another process, then serves from it; a restart just opens it', async () => {
    const first = await startServer('first-start', { DATA_DIR: dataDir, LOG_LEVEL: 'info' })
    const [created] = creations(first)
    expect(created?.pid).toEqual(expect.any(Number))
    expect(created?.pid).not.toBe(first.child.pid)
    expect((await fetch(`${first.url}/api/ready`)).status).toBe(200)
    await stop(first)

    const second = await startServer('second-start', { DATA_DIR: dataDir, LOG_LEVEL: 'info' })
    expect(creations(second)).toEqual([])
    expect((await fetch(`${second.url}/api/ready`)).status).toBe(200)
    await stop(second)
  })
})
