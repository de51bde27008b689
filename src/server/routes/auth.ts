import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  changePasswordBodySchema,
  requestPasswordResetBodySchema,
  resetPasswordBodySchema,
  signInBodySchema,
  signUpBodySchema,
  twoFactorPasswordBodySchema,
  verifyBackupCodeBodySchema,
  verifyTotpBodySchema,
} from '../../shared/auth'
import { checkInviteLimit, checkLimits, emailOf, type Reservation, settle } from '../auth/attempt-limits'
import type { LoadAuth } from '../auth/better-auth'
import { relay, toFetchRequest, withStandardIssuer } from '../auth/bridge'
import { refuseCommonPassword } from '../auth/common-passwords'
import type { RateLimiter } from '../auth/rate-limiter'
import { keepNewestResetLink, resetTokenOwner, voidResetLinksOf } from '../auth/reset-links'
import { twoFactorRequiredOf } from '../modules/admin/settings'
import { signUpWithInvite } from '../modules/invites/sign-up'
import { access } from '../plugins/access'
import { HttpProblem, notFound } from '../problems'

interface Options {
  auth: LoadAuth
  limiter: RateLimiter
  appOrigin: string
}

/** better-auth routes we validate and limit before handing over (docs/api.md#rate-limits). */
const CHECKED_ROUTES = [
  {
    path: '/api/auth/sign-in/email',
    kind: 'sign-in',
    body: signInBodySchema,
    summary: 'Log in with email and password',
  },
  {
    path: '/api/auth/request-password-reset',
    kind: 'reset',
    body: requestPasswordResetBodySchema,
    summary: 'Email a reset link (same answer whether or not the email exists)',
  },
  {
    path: '/api/auth/reset-password',
    kind: 'reset-token',
    body: resetPasswordBodySchema,
    summary: 'Set a new password with an emailed token',
  },
  {
    path: '/api/auth/two-factor/enable',
    kind: 'two-factor-password',
    body: twoFactorPasswordBodySchema,
    summary: 'Start two-factor set-up: answers the authenticator link (otpauth://) and ten backup codes',
  },
  {
    path: '/api/auth/two-factor/disable',
    kind: 'two-factor-password',
    body: twoFactorPasswordBodySchema,
    summary: 'Turn two-factor off (refused while an admin requires it of your roles)',
  },
  {
    path: '/api/auth/two-factor/generate-backup-codes',
    kind: 'two-factor-password',
    body: twoFactorPasswordBodySchema,
    summary: 'New backup codes; the old ones stop working',
  },
  {
    path: '/api/auth/two-factor/verify-totp',
    kind: 'two-factor-code',
    body: verifyTotpBodySchema,
    summary: "A code from the authenticator app: the login's second step, or the first code after set-up",
  },
  {
    path: '/api/auth/two-factor/verify-backup-code',
    kind: 'two-factor-code',
    body: verifyBackupCodeBodySchema,
    summary: "A backup code instead of the app's code (each works once)",
  },
  {
    path: '/api/auth/change-password',
    kind: 'change-password',
    body: changePasswordBodySchema,
    summary: 'Change your password (the current one is required); optionally end your other sessions',
  },
] as const

const authRoutes: FastifyPluginAsyncZod<Options> = async (app, { auth, limiter, appOrigin }) => {
  /** Each attempt's reserved failure, settled once the attempt's outcome is known. */
  const reservations = new WeakMap<FastifyRequest, Reservation | null>()
  const inviteReservations = new WeakMap<FastifyRequest, Reservation | null>()

  app.post(
    '/api/auth/sign-up/email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account with an invite (invite-only), then log in',
        body: signUpBodySchema,
        response: {
          200: z.object({ user: z.object({ id: z.string(), email: z.string(), name: z.string() }) }),
        },
      },
      config: { access: access.public },
      preHandler: async (request) => {
        await refuseCommonPassword('password', request.body.password)
        reservations.set(request, await checkLimits(request, limiter, 'sign-up'))
        inviteReservations.set(request, await checkInviteLimit(limiter, request.body.invite))
      },
    },
    async (request, reply) => {
      const settleBoth = async (status: number) => {
        await settle(limiter, reservations.get(request), status)
        await settle(limiter, inviteReservations.get(request), status)
      }
      try {
        await signUpWithInvite(app.db, request.body)
      } catch (error) {
        await settleBoth(error instanceof HttpProblem ? error.status : 500)
        throw error
      }
      await settleBoth(200)
      const response = await (await auth()).api.signInEmail({
        body: { email: request.body.email, password: request.body.password },
        headers: toFetchRequest(request, appOrigin).headers,
        asResponse: true,
      })
      return relay(response, reply)
    },
  )

  /**
   * Whose failures count: the email for sign-in and reset; for a password change, the user whose
   * session better-auth itself resolves (so extra or forged cookies cannot spread the guesses).
   */
  async function subjectOf(request: FastifyRequest, kind: string): Promise<string> {
    // A code is limited per address here and per login by better-auth (5 tries, then a lockout).
    if (kind === 'two-factor-code') return ''
    if (kind !== 'change-password' && kind !== 'two-factor-password') return emailOf(request.body)
    const session = await (await auth()).api
      .getSession({ headers: toFetchRequest(request, appOrigin).headers })
      .catch(() => null)
    return session ? `user:${session.user.id}` : ''
  }

  for (const route of CHECKED_ROUTES) {
    app.post(
      route.path,
      {
        schema: { tags: ['auth'], summary: route.summary, body: route.body },
        config: { access: access.public },
        preHandler: async (request) => {
          if (route.path === '/api/auth/two-factor/disable') await refuseWhileRequired(request)
          // Before the limits: choosing a common password is not a failed guess.
          await refuseCommonPassword('newPassword', (request.body as { newPassword?: unknown }).newPassword)
          // A new password ends every other session (docs/product.md#accounts-and-sessions).
          if (route.kind === 'change-password') {
            ;(request.body as { revokeOtherSessions?: boolean }).revokeOtherSessions = true
          }
          const subject = await subjectOf(request, route.kind)
          reservations.set(request, await checkLimits(request, limiter, route.kind, subject))
        },
      },
      async (request, reply) => {
        // Whose reset this is, read before better-auth uses up the token.
        const resetOwner = route.kind === 'reset-token' ? await resetTokenOwner(app.db, request.body) : null
        const response = await (await auth()).handler(toFetchRequest(request, appOrigin))
        if (resetOwner && response.ok) await voidResetLinksOf(app.db, resetOwner)
        if (route.kind === 'reset' && response.ok) await keepNewestResetLink(app.db, emailOf(request.body))
        await settle(limiter, reservations.get(request), response.status)
        return relay(
          response,
          reply,
          route.path === '/api/auth/two-factor/enable' ? withStandardIssuer : undefined,
        )
      },
    )
  }

  /** Staff cannot turn two-factor off while admins require it of them. */
  async function refuseWhileRequired(request: FastifyRequest) {
    const session = await (await auth()).api
      .getSession({ headers: toFetchRequest(request, appOrigin).headers })
      .catch(() => null)
    if (session && (await twoFactorRequiredOf(app.db, session.user.id))) {
      throw new HttpProblem(
        403,
        'two-factor-required',
        'Admins require two-factor for staff, so it cannot be turned off. Make new backup codes instead.',
      )
    }
  }

  app.post(
    '/api/auth/sign-out',
    {
      schema: { tags: ['auth'], summary: 'Log out: ends this session and clears its cookie' },
      config: { access: access.public },
    },
    async (request, reply) => relay(await (await auth()).handler(toFetchRequest(request, appOrigin)), reply),
  )

  // Only the endpoints above are the product's; the rest of better-auth (update-user,
  // get-session, list-sessions …) would skip our rules and audit, so they do not exist here.
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/api/auth/*',
    schema: { hide: true },
    config: { access: access.public },
    handler: async () => {
      throw notFound('No such auth endpoint.')
    },
  })
}

export default authRoutes
