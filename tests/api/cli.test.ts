import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { acquireDataDirLock } from '../../src/server/db/lock-file'

const run = promisify(execFile)
const dataDir = mkdtempSync(path.join(tmpdir(), 'crestline-cli-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const invite = (...args: string[]) =>
  run('npx', ['tsx', 'src/server/cli/invite.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', APP_ORIGIN: 'http://localhost:3000' },
  })

// The embedded database only: the CLI on PostgreSQL is the same code with DATABASE_URL.
describe.runIf(process.env.TEST_DB !== 'postgres')('npm run invite', () => {
  it('prints the invite URL as the last line on a fresh DATA_DIR, without a build', async () => {
    const { stdout } = await invite('--admin', '--email', 'Owner@Example.test')
    const last = stdout.trim().split('\n').at(-1)
    expect(last).toMatch(/^http:\/\/localhost:3000\/login\?invite=[0-9a-f-]{36}$/)
  }, 60_000)

  it('refuses without a role, and while a server holds the embedded database', async () => {
    await expect(invite('--email', 'x@example.test')).rejects.toMatchObject({ code: 2 })
    const release = acquireDataDirLock(dataDir)
    try {
      await expect(invite('--student')).rejects.toMatchObject({
        stderr: expect.stringContaining('in use by process'),
      })
    } finally {
      release()
    }
  }, 60_000)
})
