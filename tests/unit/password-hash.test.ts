import { describe, expect, it } from 'vitest'
import {
  hashPassword,
  PASSWORD_HASHES_AT_ONCE,
  passwordHashesInFlight,
  verifyPassword,
} from '../../src/server/auth/password-hash'

describe('password hashes', () => {
  it('run two at a time (32 MB each); the others wait their turn, and every one comes out right', async () => {
    expect(PASSWORD_HASHES_AT_ONCE).toBe(2)
    const passwords = Array.from({ length: 6 }, (_, i) => `a burst of logins ${i}`)
    const hashing = passwords.map((password) => hashPassword(password))
    await Promise.resolve()
    expect(passwordHashesInFlight()).toEqual({ active: 2, waiting: 4 })
    let mostAtOnce = 0
    const watch = setInterval(() => {
      mostAtOnce = Math.max(mostAtOnce, passwordHashesInFlight().active)
    }, 5)
    const hashes = await Promise.all(hashing)
    clearInterval(watch)
    expect(mostAtOnce).toBe(2)
    expect(passwordHashesInFlight()).toEqual({ active: 0, waiting: 0 })

    const checks = await Promise.all([
      ...hashes.map((hash, i) => verifyPassword({ hash, password: passwords[i]! })),
      verifyPassword({ hash: hashes[0]!, password: passwords[1]! }),
    ])
    expect(checks).toEqual([true, true, true, true, true, true, false])
    // Thirteen scrypt runs: CPU time that stretches when other test files run beside this one.
  }, 30_000)
})
