import { readdirSync, readFileSync } from 'node:fs'

/**
 * CPU time per request of a row under load: the server's process, and the PostgreSQL backends of
 * the bench's database (when PostgreSQL runs on this machine and its processes can be read),
 * from `/proc/{pid}/stat` before and after the load. On a busy machine this says more than
 * throughput does: it is what each request costs, whatever else ran beside it.
 */

const TICKS_PER_SECOND = 100

/** User and system CPU seconds of one process, or 0 once it is gone. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
  } catch {
    return 0
  }
}

/** The PostgreSQL backends connected to `database` (their titles name it), by pid. */
function backendsOf(database: string): number[] {
  const pids: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8')
      if (title.startsWith('postgres:') && title.split(' ').includes(database)) pids.push(Number(entry))
    } catch {}
  }
  return pids
}

export interface CpuMark {
  server: number
  backends: Map<number, number>
}

/** The CPU seconds so far of the server and of the database's backends. */
export function markCpu(serverPid: number, database: string | undefined): CpuMark {
  const backends = new Map<number, number>()
  if (database) for (const pid of backendsOf(database)) backends.set(pid, cpuSeconds(pid))
  return { server: cpuSeconds(serverPid), backends }
}

/** Milliseconds of CPU per request since `before`: the server's, and the database's (its backends'). */
export function cpuPerRequest(before: CpuMark, after: CpuMark, requests: number) {
  let database = 0
  for (const [pid, seconds] of after.backends) database += seconds - (before.backends.get(pid) ?? 0)
  const perRequest = (seconds: number) => (requests > 0 ? (seconds * 1000) / requests : 0)
  return { server: perRequest(after.server - before.server), database: perRequest(database) }
}

/** "1.2 + 0.8 ms CPU per request (server + database)". */
export const cpuText = (cpu: { server: number; database: number }) =>
  `${cpu.server.toFixed(1)} + ${cpu.database.toFixed(1)} ms CPU per request (server + database)`
