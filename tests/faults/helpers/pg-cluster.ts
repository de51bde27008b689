import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { freePort } from './ports'

/** Where PostgreSQL's server programs are: PATH first, then Debian's folders. */
function findBinary(name: string): string | null {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim()
  if (found) return found
  for (const version of ['17', '16', '15', '14']) {
    const candidate = `/usr/lib/postgresql/${version}/bin/${name}`
    if (existsSync(candidate)) return candidate
  }
  return null
}

const INITDB = findBinary('initdb')
const PG_CTL = INITDB ? path.join(path.dirname(INITDB), 'pg_ctl') : null

/** Why the fault tests cannot run here, or null when they can. */
export const clusterUnavailable: string | null =
  INITDB && PG_CTL && existsSync(PG_CTL)
    ? null
    : 'initdb was not found (install PostgreSQL\u2019s server package): the fault tests need a throwaway cluster of their own'

/** initdb and pg_ctl refuse to run as root: as root they run as the postgres user. */
const asRoot = process.getuid?.() === 0
function pgTool(binary: string, args: string[]): string {
  const [command, fullArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args]
  return execFileSync(command, fullArgs, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
}

export interface Cluster {
  port: number
  /** A connection URL to a database of this cluster. */
  url(database?: string): string
  createDatabase(name: string): Promise<string>
  /** `pg_ctl stop -m fast`: sessions are ended and the port closes (the fault). */
  stop(): void
  start(): void
  /** Stops the cluster if it runs and deletes its files. Safe to call twice. */
  destroy(): void
}

/**
 * A PostgreSQL cluster of the test's own, in a temporary folder on a free port, so a test may stop
 * it: never the machine's shared server.
 */
export async function startCluster(): Promise<Cluster> {
  if (clusterUnavailable) throw new Error(clusterUnavailable)
  const root = mkdtempSync(path.join(tmpdir(), 'crestline-faults-pg-'))
  if (asRoot) execFileSync('chown', ['postgres', root])
  const dataDir = path.join(root, 'data')
  const port = await freePort()
  pgTool(INITDB!, [
    '-D',
    dataDir,
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--no-sync',
    '--no-instructions',
  ])
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c max_connections=60`
  let running = false
  const cluster: Cluster = {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async createDatabase(name) {
      const admin = new pg.Client({ connectionString: cluster.url() })
      await admin.connect()
      try {
        await admin.query(`create database ${name}`)
      } finally {
        await admin.end()
      }
      return cluster.url(name)
    },
    start() {
      pgTool(PG_CTL!, [
        '-D',
        dataDir,
        '-o',
        options,
        '-l',
        path.join(root, 'server.log'),
        '-w',
        '-t',
        '30',
        'start',
      ])
      running = true
    },
    stop() {
      pgTool(PG_CTL!, ['-D', dataDir, '-m', 'fast', '-w', '-t', '30', 'stop'])
      running = false
    },
    destroy() {
      if (running) {
        try {
          pgTool(PG_CTL!, ['-D', dataDir, '-m', 'immediate', '-w', 'stop'])
        } catch {
          // Already stopped: nothing to do.
        }
        running = false
      }
      rmSync(root, { recursive: true, force: true })
    },
  }
  cluster.start()
  // Should the test file end without its afterAll (a crash of the worker), the cluster goes too.
  process.once('exit', () => cluster.destroy())
  return cluster
}
