import { createHmac } from 'node:crypto'
import { base32 } from '@better-auth/utils/base32'
import type { BetterAuthPlugin } from 'better-auth'
import { and, eq, isNull, lt, or } from 'drizzle-orm'
import type { Db } from '../db/client'
import { twoFactors } from '../db/schema'

/** better-auth's TOTP: six digits, 30-second steps, one step either side accepted. */
const PERIOD_MS = 30_000
const WINDOW = 1

/** The code of one time step (RFC 6238 over RFC 4226's HOTP, HMAC-SHA-1, six digits). */

/**
 * The key a stored secret stands for, decoded as better-auth decodes it (`decryptTOTPSecret`):
 * a secret imported from another provider is kept as `base32:<secret>`; one better-auth made is
 * used as its UTF-8 bytes.
 */
export function totpKey(secret: string): Buffer {
  return secret.startsWith('base32:')
    ? Buffer.from(base32.decode(secret.slice(7).toUpperCase()))
    : Buffer.from(secret, 'utf8')
}

export function totpCode(key: Buffer, step: number): string {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(step))
  const mac = createHmac('sha1', key).update(counter).digest()
  const offset = mac[mac.length - 1]! & 0x0f
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000
  return value.toString().padStart(6, '0')
}

/** The latest step within the accepted window whose code this is, or null. */
export function stepOfCode(key: Buffer, code: string, now = Date.now()): number | null {
  const current = Math.floor(now / PERIOD_MS)
  for (let step = current + WINDOW; step >= current - WINDOW; step -= 1) {
    if (totpCode(key, step) === code) return step
  }
  return null
}

/**
 * Each authenticator code works once (ASVS 2.8.4, RFC 6238 section 5.2): before better-auth checks
 * a code (`/two-factor/verify-totp`, the login's second step and the first code of set-up, the
 * only place a code is taken), the step it belongs to is claimed for the user by one conditional
 * UPDATE in the database, which succeeds only when that step is later than the last one accepted.
 * So a code already accepted, or an older one, is refused (401 `invalid-code`, as a wrong code),
 * on every instance, and of two requests racing with one code only one passes. A wrong code is
 * left to better-auth, which counts it toward its lockout. Backup codes are single-use already
 * (better-auth removes each as it is used).
 */
export async function totpSingleUse(db: Db): Promise<BetterAuthPlugin> {
  const [{ APIError, createAuthMiddleware, getSessionFromCtx }, { symmetricDecrypt }] = await Promise.all([
    import('better-auth/api'),
    import('better-auth/crypto'),
  ])
  type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]

  /** Whose code this is: the session's user (set-up), or the pending login's (its signed cookie). */
  async function userOf(ctx: HookContext): Promise<string | null> {
    const session = await getSessionFromCtx(ctx).catch(() => null)
    if (session) return session.user.id
    const cookie = ctx.context.createAuthCookie('two_factor')
    const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret)
    if (!identifier) return null
    const pending = await ctx.context.internalAdapter.findVerificationValue(identifier)
    return pending?.value ?? null
  }

  return {
    id: 'totp-single-use',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/two-factor/verify-totp',
          handler: createAuthMiddleware(async (ctx) => {
            const code = (ctx.body as { code?: unknown } | undefined)?.code
            if (typeof code !== 'string') return
            const userId = await userOf(ctx)
            if (!userId) return
            const [row] = await db
              .select({ secret: twoFactors.secret })
              .from(twoFactors)
              .where(eq(twoFactors.userId, userId))
            if (!row) return
            const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret })
            const step = stepOfCode(totpKey(secret), code)
            if (step === null) return
            const claimed = await db
              .update(twoFactors)
              .set({ lastTotpStep: step })
              .where(
                and(
                  eq(twoFactors.userId, userId),
                  or(isNull(twoFactors.lastTotpStep), lt(twoFactors.lastTotpStep, step)),
                ),
              )
              .returning({ id: twoFactors.id })
            if (claimed.length === 0) {
              throw new APIError('UNAUTHORIZED', { code: 'INVALID_CODE', message: 'Invalid code' })
            }
          }),
        },
      ],
    },
  }
}
