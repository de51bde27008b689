import { hashPassword as scryptHash, verifyPassword as scryptVerify } from 'better-auth/crypto'
import pLimit from 'p-limit'

/**
 * How many password hashes (scrypt, N = 16384, r = 16) run at once in this process. Each one
 * holds its 128 · N · r bytes while it runs, on one of libuv's four threads: unbounded, a burst
 * of logins took that memory for each of them, and every thread that file reads and writes and
 * DNS lookups also wait for (docs/performance.md, change 17). Two keep both cores of a small
 * machine busy; the rest wait their turn (the login rate limiter bounds how many can wait). The
 * hash itself is unchanged, so stored hashes stay valid.
 */
export const PASSWORD_HASHES_AT_ONCE = 2

const limit = pLimit(PASSWORD_HASHES_AT_ONCE)

/** better-auth's scrypt hash, at most `PASSWORD_HASHES_AT_ONCE` at a time. */
export function hashPassword(password: string): Promise<string> {
  return limit(() => scryptHash(password))
}

/** better-auth's scrypt check, sharing the same turns as `hashPassword`. */
export function verifyPassword(data: { hash: string; password: string }): Promise<boolean> {
  return limit(() => scryptVerify(data))
}

/** Hashes running or waiting now (for tests). */
export function passwordHashesInFlight(): { active: number; waiting: number } {
  return { active: limit.activeCount, waiting: limit.pendingCount }
}
