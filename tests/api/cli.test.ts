import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/server/db/client'
import { acquireDataDirLock } from '../../src/server/db/lock-file'
import { selectRows } from '../../src/server/db/raw'
import { createUser } from '../factories'

const run = promisify(execFile)
const dataDir = mkdtempSync(path.join(tmpdir(), 'crestline-cli-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

// Each call compiles the CLI with tsx: seconds of CPU, many more when other files run beside it. Node
// with tsx's loader, not `npx tsx`, which starts npm and then a second Node of its own.
const invite = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'src/server/cli/invite.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', APP_ORIGIN: 'http://localhost:3000' },
  })

// The embedded database only: the CLI on PostgreSQL is the same code with DATABASE_URL.
describe.runIf(process.env.TEST_DB !== 'postgres')('npm run invite', () => {
  it('prints the invite URL as the last line on a fresh DATA_DIR, without a build', async () => {
    const { stdout } = await invite('--admin', '--email', 'Owner@Example.test', '--name', 'Dana Owner')
    const last = stdout.trim().split('\n').at(-1)
    expect(last).toMatch(/^http:\/\/localhost:3000\/login\?invite=[0-9a-f-]{36}$/)
  }, 120_000)

  it('--help says every option, --name among them', async () => {
    const { stdout } = await invite('--help')
    expect(stdout).toContain('Usage: npm run invite')
    expect(stdout).toMatch(/--name\s+optional: the email greets them by it/)
  }, 120_000)

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
  }, 120_000)

  it('--guardian-of invites a guardian of that student, and names an unknown student', async () => {
    const database = await openDatabase({ dataDir, poolSize: 1 })
    const student = await createUser(database.db, { roles: ['student'], name: 'Cli Student' })
    await database.close()
    const { stdout } = await invite(
      '--guardian-of',
      student.email,
      '--email',
      'Parent@Example.test',
      '--relationship',
      'Mother',
      '--name',
      'Rosa Cli',
    )
    const link = stdout.trim().split('\n').at(-1)!
    expect(link).toMatch(/^http:\/\/localhost:3000\/login\?invite=[0-9a-f-]{36}$/)

    const check = await openDatabase({ dataDir, poolSize: 1 })
    try {
      const [row] = await selectRows<{
        email: string
        name: string
        guardian_student_id: string
        guardian_relationship: string
      }>(
        check.db,
        sql`select email, name, guardian_student_id, guardian_relationship from user_invites where id = ${link.split('=')[1]}`,
      )
      expect(row).toEqual({
        email: 'parent@example.test',
        name: 'Rosa Cli',
        guardian_student_id: student.id,
        guardian_relationship: 'Mother',
      })
    } finally {
      await check.close()
    }
    await expect(
      invite('--guardian-of', 'nobody@example.test', '--email', 'p@example.test'),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining('No student has the email nobody@example.test'),
    })
  }, 120_000)
})
