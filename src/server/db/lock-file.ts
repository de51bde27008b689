import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/**
 * PGlite is single-process and keeps no lock of its own (ADR 002): a lock file holds the
 * owner's pid; a dead pid's lock is stale and taken over.
 */
export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const lockPath = path.join(dataDir, 'db.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockPath, String(process.pid), { flag: 'wx' })
      return () => rmSync(lockPath, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = Number.parseInt(readFileSync(lockPath, 'utf8'), 10)
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `The embedded database in ${dataDir} is in use by process ${holder} (a running server?). ` +
            'Stop it first, or use DATABASE_URL for several processes.',
        )
      }
      rmSync(lockPath, { force: true })
    }
  }
  throw new DataDirLockedError(`Could not lock ${dataDir}`)
}
