/**
 * Whether an error means the database cannot be reached (down, restarting, shutting down, the
 * connection cut), as opposed to a fault in the query or the data. The errors plugin answers these
 * with 503 `database-unavailable` instead of 500: the request may be retried once it is back.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/** SQLSTATEs: admin_shutdown, crash_shutdown, cannot_connect_now (starting or stopping), too_many_connections. */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300'])

/** node-postgres reports a lost or refused connection by message only. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Cannot use a pool after calling end',
]

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error as `cause` ("Failed query: …"); a failed rollback wraps it again.
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code
    if (
      typeof code === 'string' &&
      (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08'))
    ) {
      return true
    }
    if (DRIVER_MESSAGES.some((message) => current instanceof Error && current.message.includes(message)))
      return true
    current = current.cause
  }
  return false
}
