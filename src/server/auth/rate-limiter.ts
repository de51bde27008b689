import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { selectRows } from '../db/raw'

export interface Window {
  /** Requests allowed per window. */
  limit: number
  seconds: number
}

export interface Hit {
  count: number
  retryAfterSeconds: number
}

/**
 * Fixed-window counters in the database, so every instance shares them (DESIGN.md section 3).
 * Keys are hashed: an email address never sits in this table.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly scale: number,
  ) {}

  allowed(window: Window): number {
    return window.limit * this.scale
  }

  private static key(parts: string[]): string {
    return createHash('sha256').update(parts.join('\u0000')).digest('base64url')
  }

  /** Counts one hit and returns the count in the current window. */
  async hit(parts: string[], window: Window): Promise<Hit> {
    const key = RateLimiter.key(parts)
    const [row] = await selectRows<{ count: number; retry_after: number }>(
      this.db,
      sql`
      insert into rate_limit_buckets (key, count, reset_at)
      values (${key}, 1, now() + make_interval(secs => ${window.seconds}))
      on conflict (key) do update set
        count = case when rate_limit_buckets.reset_at <= now() then 1 else rate_limit_buckets.count + 1 end,
        reset_at = case when rate_limit_buckets.reset_at <= now() then excluded.reset_at else rate_limit_buckets.reset_at end
      returning count, ceil(extract(epoch from reset_at - now()))::int as retry_after`,
    )
    if (Math.random() < 0.01) void this.sweep()
    return { count: Number(row!.count), retryAfterSeconds: Math.max(1, Number(row!.retry_after)) }
  }

  /** The current count without counting (for "failures so far"). */
  async peek(parts: string[]): Promise<Hit> {
    const [row] = await selectRows<{ count: number; retry_after: number }>(
      this.db,
      sql`
      select count, ceil(extract(epoch from reset_at - now()))::int as retry_after
      from rate_limit_buckets where key = ${RateLimiter.key(parts)} and reset_at > now()`,
    )
    return row
      ? { count: Number(row.count), retryAfterSeconds: Math.max(1, Number(row.retry_after)) }
      : { count: 0, retryAfterSeconds: 0 }
  }

  private async sweep(): Promise<void> {
    await this.db
      .execute(sql`delete from rate_limit_buckets where reset_at < now() - interval '1 hour'`)
      .catch(() => {})
  }
}

/** The limits of DESIGN.md section 6: a school's shared address must still get its class in. */
export const AUTH_LIMITS = {
  perIp: { limit: 60, seconds: 60 },
  failuresPerEmailAndIp: { limit: 5, seconds: 15 * 60 },
} as const satisfies Record<string, Window>
