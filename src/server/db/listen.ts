import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'

/**
 * A channel's `NOTIFY`s, delivered to `onPayload` on this instance. On PostgreSQL one dedicated
 * connection per instance listens (the pool's connections come and go); when it drops it is made
 * again, with a pause that grows to 10 s, and `onReconnect` says that notices may have been
 * missed meanwhile. The embedded database delivers its own notices in-process. Returns the stop.
 */
export type Listen = (
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect: () => void,
) => Promise<() => Promise<void>>

export function listenPglite(client: PGlite): Listen {
  return async (channel, onPayload) => {
    const stop = await client.listen(channel, onPayload)
    return async () => {
      // The database may already be closed at shutdown: nothing left to stop then.
      await stop().catch(() => {})
    }
  }
}

export function listenPostgres(url: string): Listen {
  return async (channel, onPayload, onReconnect) => {
    let client: pg.Client | null = null
    let stopped = false
    let pause = 250
    let timer: NodeJS.Timeout | undefined
    const connect = async (again: boolean) => {
      const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 })
      next.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined) onPayload(message.payload)
      })
      next.on('error', () => retry(next))
      next.on('end', () => retry(next))
      try {
        await next.connect()
        await next.query(`listen ${pg.escapeIdentifier(channel)}`)
      } catch {
        retry(next)
        return
      }
      if (stopped) {
        await next.end().catch(() => {})
        return
      }
      client = next
      pause = 250
      if (again) onReconnect()
    }
    const retry = (failed: pg.Client) => {
      if (stopped || (client !== null && client !== failed) || timer) return
      client = null
      failed.end().catch(() => {})
      timer = setTimeout(() => {
        timer = undefined
        void connect(true)
      }, pause)
      timer.unref()
      pause = Math.min(pause * 2, 10_000)
    }
    await connect(false)
    return async () => {
      stopped = true
      clearTimeout(timer)
      await client?.end().catch(() => {})
    }
  }
}
