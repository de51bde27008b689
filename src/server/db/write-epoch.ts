import type { PGlite } from '@electric-sql/pglite'

/**
 * The embedded database's write counter. PGlite lives inside this process and the data folder's
 * lock keeps every other process out (ADR 002), so every write to it passes through its PGlite
 * object here. `trackWrites` wraps that object's `query`, `exec` and `transaction` so that each
 * write moves the counter on once when it starts and once when it ends: an answer read at an epoch
 * is still true at that same epoch (session-memo.ts). A read that ran while a write was under way
 * holds the epoch between the two moves, which is never current again.
 *
 * A plain read is a `query` of one statement that begins with `select` (or `execute`s a named
 * one: those are reads by rule, `db/raw.ts`), or an `exec` that `prepare`s one. Anything else
 * counts as a write (an `exec` may hold several statements), and so does every transaction,
 * whatever it holds.
 */
const epochs = new WeakMap<PGlite, { value: number }>()

const READ_QUERY = /^\s*(select|execute)\s/i
const READ_EXEC = /^\s*prepare\s[^;]*$/i

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
  client.query = ((text: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) =>
    READ_QUERY.test(text)
      ? query(text, params, options)
      : around(() => query(text, params, options))) as PGlite['query']
  client.exec = (text, options) =>
    READ_EXEC.test(text) ? exec(text, options) : around(() => exec(text, options))
  client.transaction = (callback) => around(() => transaction(callback))
}

/** The write counter of a tracked embedded database; undefined for PostgreSQL or an untracked one. */
export function writeEpoch(client: unknown): number | undefined {
  return epochs.get(client as PGlite)?.value
}
