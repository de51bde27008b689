import { eq } from 'drizzle-orm'
import type { Logger } from 'pino'
import { BRAND } from '../../shared/brand'
import { PASSWORD_MAX, PASSWORD_MIN } from '../../shared/validation'
import type { Db } from '../db/client'
import { accounts, sessions, twoFactors, users, verifications } from '../db/schema'
import type { Mailer } from '../mail/mailer'
import { resetPasswordMail } from '../mail/messages'
import { generateBackupCodes } from './backup-codes'
import { hashPassword, verifyPassword } from './password-hash'
import { SESSION_EXPIRES_IN, SESSION_UPDATE_AGE } from './session'
import { totpSingleUse } from './totp-single-use'

export interface AuthOptions {
  db: Db
  secret: string
  appOrigin: string
  trustedOrigins: string[]
  mailer: Mailer
  log: Logger
  /** After a successful password reset: the account's owner has proved who they are. */
  onPasswordReset?: (email: string) => Promise<void>
}

/**
 * better-auth does passwords, sessions and resets (ADR 003). Sign-up is ours
 * (`modules/invites/sign-up.ts`): invite-only and one transaction. Its rate limiter is off:
 * `auth/rate-limiter.ts` keys on Fastify's `request.ip`, which better-auth cannot see.
 */
export async function createAuth(options: AuthOptions) {
  const { db, mailer, log } = options
  const [{ betterAuth, getCurrentAdapter }, { drizzleAdapter }, { APIError }, { twoFactor }, singleUseCodes] =
    await Promise.all([
      import('better-auth'),
      import('better-auth/adapters/drizzle'),
      import('better-auth/api'),
      import('better-auth/plugins/two-factor'),
      totpSingleUse(db),
    ])
  return betterAuth({
    appName: BRAND.name,
    baseURL: options.appOrigin,
    basePath: '/api/auth',
    secret: options.secret,
    trustedOrigins: options.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
      },
      transaction: true,
    }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      revokeSessionsOnPasswordReset: true,
      // better-auth's own scrypt, a few at a time (auth/password-hash.ts).
      password: { hash: hashPassword, verify: verifyPassword },
      resetPasswordTokenExpiresIn: 60 * 60,
      // Not awaited: an existing and an unknown email must take the same time (no enumeration).
      sendResetPassword: async ({ user, token }) => {
        const link = `${options.appOrigin}/reset-password?token=${encodeURIComponent(token)}`
        mailer
          .send(resetPasswordMail(user.email, link))
          .catch((err) => log.error({ err }, 'reset mail failed'))
      },
      onPasswordReset: async ({ user }) => {
        await options.onPasswordReset?.(user.email.toLowerCase())
      },
    },
    user: {
      additionalFields: {
        onboardingRequired: { type: 'boolean', input: false, defaultValue: true },
        disabledAt: { type: 'date', input: false, required: false },
      },
    },
    // No cookie cache: a disabled account's sessions must end at once (docs/product.md#what-admins-may-change).
    session: {
      cookieCache: { enabled: false },
      expiresIn: SESSION_EXPIRES_IN,
      updateAge: SESSION_UPDATE_AGE,
    },
    // TOTP with an authenticator app and ten one-time backup codes (ADR 030); no email codes. Each
    // authenticator code works once (totp-single-use.ts); backup codes are in one case (backup-codes.ts).
    plugins: [
      twoFactor({
        issuer: BRAND.name,
        backupCodeOptions: { customBackupCodesGenerate: () => generateBackupCodes(10) },
      }),
      singleUseCodes,
    ],
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: { level: 'error' },
    advanced: { database: { generateId: 'uuid' } },
    databaseHooks: {
      session: {
        create: {
          // A disabled account cannot log in; the answer is the same as for a wrong password.
          // Inside better-auth's own transaction (change-password makes a session in one), the check
          // must use that transaction: on PGlite a second connection does not exist and would wait forever.
          before: async (session, ctx) => {
            const user = ctx
              ? await (await getCurrentAdapter(ctx.context.adapter)).findOne<{ disabledAt: Date | null }>({
                  model: 'user',
                  where: [{ field: 'id', value: session.userId }],
                })
              : (
                  await db
                    .select({ disabledAt: users.disabledAt })
                    .from(users)
                    .where(eq(users.id, session.userId))
                )[0]
            if (user?.disabledAt) {
              throw new APIError('UNAUTHORIZED', {
                code: 'INVALID_EMAIL_OR_PASSWORD',
                message: 'Invalid email or password',
              })
            }
          },
        },
      },
    },
  })
}

export type Auth = Awaited<ReturnType<typeof createAuth>>

/** better-auth, built on first use (`lazyAuth`). */
export type LoadAuth = () => Promise<Auth>

/**
 * better-auth's modules were the largest part of loading the server's modules at start
 * (docs/performance.md, change 13). They are loaded on first use, which `main.ts` asks for as
 * soon as the server listens (and stops the server if it fails): health checks, pages and cached
 * reads are served meanwhile, and a request that needs better-auth (signing in, a session's
 * daily refresh) waits for it.
 */
export function lazyAuth(options: AuthOptions): LoadAuth {
  let loading: Promise<Auth> | undefined
  return () => {
    loading ??= createAuth(options)
    return loading
  }
}
