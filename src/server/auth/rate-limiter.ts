import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Redis } from 'ioredis'
import type { Logger } from 'pino'
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

/** Where the counters live: PostgreSQL by default, Redis when `REDIS_URL` is set (ADR 005, ADR 022). */
export interface RateLimitStore {
  /** Counts one hit on `key` and returns the count in its current window. */
  hit(key: string, seconds: number): Promise<Hit>
  /** The current count without counting. */
  peek(key: string): Promise<Hit>
  /** Takes back one hit of the current window (a reserved attempt that turned out fine). */
  release(key: string): Promise<void>
  /** Forgets every counter whose key starts with `prefix`. */
  clearPrefix(prefix: string): Promise<void>
  close(): Promise<void>
}

const NO_HITS: Hit = { count: 0, retryAfterSeconds: 0 }

/** Fixed windows as rows of `rate_limit_buckets`, swept now and then. */
export class PostgresRateLimitStore implements RateLimitStore {
  constructor(private readonly db: Db) {}

  async hit(key: string, seconds: number): Promise<Hit> {
    const [row] = await selectRows<{ count: number; retry_after: number }>(
      this.db,
      sql`
      insert into rate_limit_buckets (key, count, reset_at)
      values (${key}, 1, now() + make_interval(secs => ${seconds}))
      on conflict (key) do update set
        count = case when rate_limit_buckets.reset_at <= now() then 1 else rate_limit_buckets.count + 1 end,
        reset_at = case when rate_limit_buckets.reset_at <= now() then excluded.reset_at else rate_limit_buckets.reset_at end
      returning count, ceil(extract(epoch from reset_at - now()))::int as retry_after`,
    )
    if (Math.random() < 0.01) void this.sweep()
    return { count: Number(row!.count), retryAfterSeconds: Math.max(1, Number(row!.retry_after)) }
  }

  async peek(key: string): Promise<Hit> {
    const [row] = await selectRows<{ count: number; retry_after: number }>(
      this.db,
      sql`
      select count, ceil(extract(epoch from reset_at - now()))::int as retry_after
      from rate_limit_buckets where key = ${key} and reset_at > now()`,
    )
    return row
      ? { count: Number(row.count), retryAfterSeconds: Math.max(1, Number(row.retry_after)) }
      : NO_HITS
  }

  async release(key: string): Promise<void> {
    await this.db.execute(
      sql`update rate_limit_buckets set count = count - 1 where key = ${key} and reset_at > now() and count > 0`,
    )
  }

  async clearPrefix(prefix: string): Promise<void> {
    await this.db.execute(sql`delete from rate_limit_buckets where starts_with(key, ${prefix})`)
  }

  async close(): Promise<void> {}

  private async sweep(): Promise<void> {
    await this.db
      .execute(sql`delete from rate_limit_buckets where reset_at < now() - interval '1 hour'`)
      .catch(() => {})
  }
}

// INCR and the expiry in one step, so a crash between them cannot leave a counter without a window.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('TTL', KEYS[1])
if ttl < 0 then
  redis.call('EXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`

const RELEASE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`

/**
 * Fixed windows as Redis keys that expire with their window. When Redis fails (down, slow), the
 * limiter answers from PostgreSQL instead and logs it: login stays both possible and limited.
 */
export class RedisRateLimitStore implements RateLimitStore {
  constructor(
    private readonly redis: Redis,
    private readonly fallback: RateLimitStore,
    private readonly log: Pick<Logger, 'warn'>,
    private readonly prefix: string,
  ) {}

  async hit(key: string, seconds: number): Promise<Hit> {
    try {
      const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, seconds)) as [
        number,
        number,
      ]
      return { count, retryAfterSeconds: Math.max(1, ttl) }
    } catch (error) {
      this.log.warn({ err: error }, 'Redis rate-limit store failed; counting in PostgreSQL')
      return this.fallback.hit(key, seconds)
    }
  }

  async peek(key: string): Promise<Hit> {
    try {
      const [[, count], [, ttl]] = (await this.redis
        .multi()
        .get(this.prefix + key)
        .ttl(this.prefix + key)
        .exec()) as [[null, string | null], [null, number]]
      return count === null || ttl <= 0 ? NO_HITS : { count: Number(count), retryAfterSeconds: ttl }
    } catch (error) {
      this.log.warn({ err: error }, 'Redis rate-limit store failed; reading PostgreSQL')
      return this.fallback.peek(key)
    }
  }

  async release(key: string): Promise<void> {
    try {
      await this.redis.eval(RELEASE_SCRIPT, 1, this.prefix + key)
    } catch (error) {
      this.log.warn({ err: error }, 'Redis rate-limit store failed; releasing in PostgreSQL')
      await this.fallback.release(key)
    }
  }

  /** Also clears PostgreSQL, which counted while Redis was away. Rare (after a password reset): SCAN is fine. */
  async clearPrefix(prefix: string): Promise<void> {
    try {
      let cursor = '0'
      do {
        const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${this.prefix}${prefix}*`, 'COUNT', 500)
        if (keys.length > 0) await this.redis.del(...keys)
        cursor = next
      } while (cursor !== '0')
    } catch (error) {
      this.log.warn({ err: error }, 'Redis rate-limit store failed; clearing PostgreSQL only')
    }
    await this.fallback.clearPrefix(prefix)
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect())
  }
}

/**
 * The store `REDIS_URL` asks for. Redis commands fail fast instead of queueing while it is away;
 * ioredis is imported only then, so a start without Redis does not pay for loading it.
 */
export async function openRateLimitStore(options: {
  redisUrl?: string
  keyPrefix: string
  db: Db
  log: Pick<Logger, 'warn'>
}): Promise<RateLimitStore> {
  const postgres = new PostgresRateLimitStore(options.db)
  if (!options.redisUrl) return postgres
  const { Redis } = await import('ioredis')
  const redis = new Redis(options.redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 500,
    lazyConnect: false,
  })
  redis.on('error', (error) => options.log.warn({ err: error }, 'Redis connection error'))
  return new RedisRateLimitStore(redis, postgres, options.log, `${options.keyPrefix}rate:`)
}

/**
 * Fixed-window counters that every instance shares (ADR 005). Keys are hashed: an
 * email address never sits in the store.
 */
export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly scale: number,
  ) {}

  allowed(window: Window): number {
    return window.limit * this.scale
  }

  private static key(parts: string[]): string {
    return createHash('sha256').update(parts.join('\u0000')).digest('base64url')
  }

  /** Counts one hit and returns the count in the current window. */
  hit(parts: string[], window: Window): Promise<Hit> {
    return this.store.hit(RateLimiter.key(parts), window.seconds)
  }

  /** The current count without counting (for "failures so far"). */
  peek(parts: string[]): Promise<Hit> {
    return this.store.peek(RateLimiter.key(parts))
  }

  /**
   * Failures of one email from one address. The key starts with the email's own hash, so every
   * address's count for that email can be forgotten at once (`clearFailures`).
   */
  private static failureKey(kind: string, email: string, ip: string): string {
    return `${RateLimiter.key([kind, 'email', email])}.${RateLimiter.key([ip])}`
  }

  hitFailure(kind: string, email: string, ip: string): Promise<Hit> {
    return this.store.hit(RateLimiter.failureKey(kind, email, ip), AUTH_LIMITS.failuresPerEmailAndIp.seconds)
  }

  peekFailures(kind: string, email: string, ip: string): Promise<Hit> {
    return this.store.peek(RateLimiter.failureKey(kind, email, ip))
  }

  /** Takes back a failure reserved before an attempt that then succeeded. */
  releaseFailure(kind: string, email: string, ip: string): Promise<void> {
    return this.store.release(RateLimiter.failureKey(kind, email, ip))
  }

  /** Forgets an email's failures from every address (a password reset proves who they are). */
  clearFailures(kind: string, email: string): Promise<void> {
    return this.store.clearPrefix(`${RateLimiter.key([kind, 'email', email])}.`)
  }
}

/** The limits of docs/api.md#rate-limits: a school's shared address must still get its class in. */
export const AUTH_LIMITS = {
  perIp: { limit: 60, seconds: 60 },
  failuresPerEmailAndIp: { limit: 5, seconds: 15 * 60 },
} as const satisfies Record<string, Window>
