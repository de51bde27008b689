import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { HttpProblem } from '../../problems'

/**
 * One export at a time per person, and none within a short cooldown after the last one began
 * (docs/product.md#data-rights). The hold is a row of `rate_limit_buckets` in PostgreSQL, which
 * every instance shares (also when the login counters live in Redis): one upsert takes it or finds
 * it taken, so two instances cannot both start. `count` is 1 while an export runs and 0 once it has
 * ended; `reset_at` is when the next may begin. A running export holds it for at most
 * `LEASE_SECONDS`, so an instance that dies mid-export cannot block its person for long. An
 * advisory lock would need one connection held for the whole download; this needs none.
 */
const LEASE_SECONDS = 15 * 60

const gateKey = (personId: string) => `export:${personId}`

/** Ends the hold: the next export may begin once the cooldown after this one's start has passed. */
export type ExportRelease = () => Promise<void>

export async function beginExport(
  db: DbOrTx,
  personId: string,
  cooldownSeconds: number,
): Promise<ExportRelease> {
  const [taken] = await selectRows<{ started_at: string; lease_end: string }>(
    db,
    sql`insert into rate_limit_buckets as b (key, count, reset_at)
      values (${gateKey(personId)}, 1, now() + make_interval(secs => ${LEASE_SECONDS}))
      on conflict (key) do update set count = 1, reset_at = excluded.reset_at
        where b.reset_at <= now()
      returning now()::text as started_at, reset_at::text as lease_end`,
  )
  if (!taken) {
    const [held] = await selectRows<{ running: boolean; wait: number }>(
      db,
      sql`select count > 0 as running, ceil(extract(epoch from reset_at - now()))::int as wait
        from rate_limit_buckets where key = ${gateKey(personId)}`,
    )
    throw exportTooSoon(held?.running ? Math.max(1, cooldownSeconds) : Math.max(1, held?.wait ?? 1))
  }
  let released = false
  return async () => {
    if (released) return
    released = true
    await db.execute(
      sql`update rate_limit_buckets set count = 0,
        reset_at = ${taken.started_at}::timestamptz + make_interval(secs => ${cooldownSeconds})
      where key = ${gateKey(personId)} and count = 1 and reset_at = ${taken.lease_end}::timestamptz`,
    )
  }
}

export const exportTooSoon = (retryAfterSeconds: number) =>
  new HttpProblem(
    429,
    'export-too-soon',
    `Your last export is still being prepared or has only just begun. Try again in ${retryAfterSeconds} seconds.`,
    undefined,
    { 'retry-after': String(retryAfterSeconds) },
  )
