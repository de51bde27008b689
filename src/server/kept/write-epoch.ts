import type { PGlite } from '@electric-sql/pglite'
import { LRUCache } from 'lru-cache'
import { DECLARED_READ } from '../db/raw'

/**
 * The embedded database's write counter. PGlite lives inside this process and the data folder's
 * lock keeps every other process out (ADR 002), so every write to it passes through its PGlite
 * object here. `trackWrites` wraps that object's `query`, `exec` and `transaction` so that each
 * call moves the counter on once when it starts and once when it ends: an answer read at an epoch
 * is still true at that same epoch (`keptUntilWrite`). A read that ran while a write was under way
 * holds the epoch between the two moves, which is never current again.
 *
 * No SQL text is read to tell reads from writes. Every call counts as a write, but the reads the
 * code declares: the named statements of db/raw.ts, always selects, which run through the
 * object's own `query` kept under `DECLARED_READ`. The hot reads are all declared; another read
 * only drops what is kept a little early.
 */
const epochs = new WeakMap<PGlite, { value: number }>()

export function trackWrites(client: PGlite): void {
  if (epochs.has(client)) return
  const epoch = { value: 0 }
  epochs.set(client, epoch)
  const around = async <T>(write: () => Promise<T>): Promise<T> => {
    epoch.value++
    try {
      return await write()
    } finally {
      epoch.value++
    }
  }
  const query = client.query.bind(client)
  const exec = client.exec.bind(client)
  const transaction = client.transaction.bind(client)
  ;(client as PGlite & { [DECLARED_READ]?: PGlite['query'] })[DECLARED_READ] = query
  client.query = ((text: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) =>
    around(() => query(text, params, options))) as PGlite['query']
  client.exec = (text, options) => around(() => exec(text, options))
  client.transaction = (callback) => around(() => transaction(callback))
}

/** The write counter of a tracked embedded database; undefined for PostgreSQL or an untracked one. */
export function writeEpoch(client: unknown): number | undefined {
  return epochs.get(client as PGlite)?.value
}

/**
 * Answers read from the embedded database, kept per key until its next write (`writeEpoch`), or
 * until `stillTrue` says the clock has changed one. On PostgreSQL, which other instances write,
 * `read` always loads. Only for reads whose answer follows from the data alone, or says itself
 * when time would change it.
 */
export function keptUntilWrite<T extends object>(options: {
  /** At most this many bytes of answers (their JSON's length, twice for UTF-16) per database. */
  maxBytes: number
  /** Whether an answer may be kept at all (one that asks for a write may not). */
  keep?: (value: T) => boolean
  /** Whether a kept answer is still true now; the data has not changed when this is asked. */
  stillTrue?: (value: T) => boolean
}) {
  const byDatabase = new WeakMap<object, LRUCache<string, { epoch: number; value: T }>>()
  // One answer goes to many requests: none may change it for the others.
  const frozen = (value: T): T => {
    for (const part of Object.values(value)) if (part && typeof part === 'object') Object.freeze(part)
    return Object.freeze(value)
  }
  const memo = {
    hits: 0,
    /** `db` is the database's handle; a transaction's (no client of its own) always loads. */
    async read(db: object, key: string, load: () => Promise<T>): Promise<T> {
      const client = (db as { $client?: unknown }).$client
      const epoch = writeEpoch(client)
      if (epoch === undefined) return load()
      let kept = byDatabase.get(client as object)
      if (!kept) {
        kept = new LRUCache({
          maxSize: options.maxBytes,
          sizeCalculation: (entry) => JSON.stringify(entry.value).length * 2 + 100,
        })
        byDatabase.set(client as object, kept)
      }
      const entry = kept.get(key)
      if (entry && entry.epoch === epoch && (options.stillTrue?.(entry.value) ?? true)) {
        memo.hits++
        return entry.value
      }
      const value = await load()
      if (options.keep?.(value) ?? true) kept.set(key, { epoch, value: frozen(value) })
      else kept.delete(key)
      return value
    },
  }
  return memo
}
