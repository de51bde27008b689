import { Secret, TOTP } from 'otpauth'
import { describe, expect, it } from 'vitest'
import { stepOfCode, totpKey } from '../../src/server/auth/totp-single-use'

/** Codes made with otpauth, an implementation independent of the server's (RFC 6238). */
describe('the single-use claim finds the step of a code', () => {
  const now = Date.UTC(2026, 10, 26, 12, 0, 10)

  it('for a secret better-auth made (used as its UTF-8 bytes)', () => {
    const secret = 'a-generated-secret-of-32-characters'
    const code = new TOTP({
      secret: new Secret({ buffer: new TextEncoder().encode(secret).buffer }),
    }).generate({
      timestamp: now,
    })
    expect(stepOfCode(totpKey(secret), code, now)).toBe(Math.floor(now / 30_000))
  })

  it('for a secret imported from another provider (stored as base32:…)', () => {
    const imported = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
    const code = new TOTP({ secret: Secret.fromBase32(imported) }).generate({ timestamp: now })
    expect(stepOfCode(totpKey(`base32:${imported.toLowerCase()}`), code, now)).toBe(Math.floor(now / 30_000))
  })
})
