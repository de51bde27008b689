import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { type Db, openDatabase } from '../../src/server/db/client'
import { selectRows } from '../../src/server/db/raw'
import {
  addToTeam,
  createCollege,
  createDocument,
  createNote,
  createSatScore,
  createTask,
  createUser,
} from '../factories'

/**
 * `npm run backup` and `npm run restore`: a backup taken while a real server runs, restored into
 * a fresh data directory (embedded) or a fresh database (PostgreSQL), holds every record.
 */
const run = promisify(execFile)
const scratch = mkdtempSync(path.join(tmpdir(), 'crestline-backup-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** Several instances share one secret; the commands read the same configuration as the server. */
const AUTH_SECRET = 'a test secret that is long enough for the server 0123456789'

const TABLES = [
  'users',
  'sat_scores',
  'documents',
  'session_notes',
  'tasks',
  'college_entries',
  'team_members',
  'audit_events',
]

async function counts(db: Db): Promise<Record<string, number>> {
  const [row] = await selectRows<Record<string, number>>(
    db,
    sql.raw(`select ${TABLES.map((table) => `(select count(*)::int from ${table}) as ${table}`).join(', ')}`),
  )
  return row!
}

/** A small school's worth of records. */
async function fill(db: Db) {
  for (let i = 0; i < 5; i += 1) {
    const student = await createUser(db, { roles: ['student'] })
    const coach = await createUser(db, { roles: ['educator'] })
    await addToTeam(db, student.id, coach.id)
    await createSatScore(db, student.id, { date: '2026-03-14', english: 600 + i * 10, math: 650 })
    await createDocument(db, student.id, { creatorId: coach.id })
    await createNote(db, student.id, { authorId: coach.id })
    await createTask(db, student.id, { createdById: coach.id })
    await createCollege(db, student.id)
  }
}

// Node with tsx's loader, as the server below: `npx tsx` would start npm and a second Node first.
const cli = (env: Record<string, string>, ...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'src/server/cli/backup.ts', ...args], {
    env: { ...process.env, ...env },
    timeout: 120_000,
  })

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** Where each started server listens. */
const urls = new WeakMap<ChildProcess, string>()
const serverUrl = (child: ChildProcess) => urls.get(child)!

async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const port = await freePort()
  // The server itself is the child (node with tsx's loader), so that SIGTERM reaches it: through
  // `npx tsx` the signal stopped at npx and left the server running after the test.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let errors = ''
  child.stderr?.on('data', (chunk) => {
    errors += chunk
  })
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).catch(() => null)
    if (ready?.ok) {
      urls.set(child, `http://127.0.0.1:${port}`)
      return child
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  child.kill('SIGKILL')
  throw new Error(`the server did not start: ${errors.slice(-500)}`)
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

describe.runIf(process.env.TEST_DB !== 'postgres')('backup and restore of the embedded database', () => {
  it('takes a consistent copy from a running server and restores it into a fresh data directory', async () => {
    const dataDir = path.join(scratch, 'live')
    const seeded = await openDatabase({ dataDir })
    await fill(seeded.db)
    const before = await counts(seeded.db)
    await seeded.close()

    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' })
    const file = path.join(scratch, 'live.tar.gz')
    try {
      const { stdout } = await cli({ DATA_DIR: dataDir, DATABASE_URL: '' }, 'backup', '--out', file)
      expect(stdout.trim().split('\n').at(-1)).toBe(file)
      expect(existsSync(file)).toBe(true)
      // Asking for a backup does not stop the server.
      expect(server.exitCode).toBeNull()
      expect((await fetch(`${serverUrl(server)}/api/ready`)).ok).toBe(true)
    } finally {
      await stop(server)
    }

    const fresh = path.join(scratch, 'fresh')
    await cli({ DATA_DIR: fresh, DATABASE_URL: '' }, 'restore', file)
    const restored = await openDatabase({ dataDir: fresh })
    try {
      expect(await counts(restored.db)).toEqual(before)
      expect(before.sat_scores).toBe(5)
    } finally {
      await restored.close()
    }
    // Restoring over an existing database keeps the old one beside it.
    const again = await cli({ DATA_DIR: fresh, DATABASE_URL: '' }, 'restore', file)
    expect(again.stdout).toContain('was moved to')
  }, 240_000)
})

describe.runIf(process.env.TEST_DB === 'postgres')('backup and restore on PostgreSQL', () => {
  it('dumps a consistent snapshot while a server runs and restores it into a fresh database', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL!
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    const names = [`crestline_bk_${process.pid}_a`, `crestline_bk_${process.pid}_b`]
    const urlOf = (name: string) => {
      const url = new URL(adminUrl)
      url.pathname = `/${name}`
      return url.toString()
    }
    try {
      for (const name of names) {
        await admin.query(`drop database if exists ${name} with (force)`)
        await admin.query(`create database ${name}`)
      }
      const source = await openDatabase({ url: urlOf(names[0]!), poolSize: 2 })
      await fill(source.db)
      const before = await counts(source.db)
      await source.close()

      const server = await startServer({
        DATABASE_URL: urlOf(names[0]!),
        DATA_DIR: path.join(scratch, 'pg'),
        AUTH_SECRET,
      })
      const file = path.join(scratch, 'pg.dump')
      try {
        await cli({ DATABASE_URL: urlOf(names[0]!), AUTH_SECRET }, 'backup', '--out', file)
      } finally {
        await stop(server)
      }
      await cli({ DATABASE_URL: urlOf(names[1]!), AUTH_SECRET }, 'restore', file)
      const restored = await openDatabase({ url: urlOf(names[1]!), poolSize: 2 })
      try {
        expect(await counts(restored.db)).toEqual(before)
      } finally {
        await restored.close()
      }
    } finally {
      for (const name of names)
        await admin.query(`drop database if exists ${name} with (force)`).catch(() => {})
      await admin.end()
    }
  }, 240_000)
})
