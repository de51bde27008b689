import { createHmac } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import type { Logger } from 'pino'
import { expect } from 'vitest'
import { buildApp } from '../../src/server/app'
import type { Database, Db } from '../../src/server/db/client'
import { parseEnv } from '../../src/server/env'
import { type CreatedUser, createUser, type UserSpec } from '../factories'
import { openTestDatabase } from './test-database'

export const TEST_ORIGIN = 'http://localhost:3000'

/** A user made by the factory and signed in: what `t.userWith` gives a test. */
export type SignedIn = CreatedUser & { cookie: string }

export interface TestApp {
  app: FastifyInstance
  db: Db
  database: Database
  dataDir: string
  /**
   * A user made by the factory, with a session: made directly, as the sign-in route would make it,
   * or through the real sign-in route when the app was created with `signIn: 'route'`.
   */
  userWith(spec: UserSpec): Promise<SignedIn>
  /** A new session for an existing user, without the sign-in route's password check. */
  sessionFor(userId: string): Promise<string>
  login(email: string, password: string): Promise<string>
  request(options: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse>
  close(): Promise<void>
}

const testEnv = (dataDir: string, env: Record<string, string> = {}) =>
  parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_ORIGIN: TEST_ORIGIN,
    AUTH_SECRET: 'test-secret-that-is-long-enough-for-auth',
    AUTH_RATE_LIMIT_SCALE: '1000',
    // Files export one after another; the cooldown's own tests set it back (data-rights.test.ts).
    EXPORT_COOLDOWN_SECONDS: '0',
    LOG_LEVEL: 'silent',
    ...env,
  })

/** The real app on a fresh database for one test file; no mocks of our own parts. */
export async function createTestApp(
  env: Record<string, string> = {},
  {
    logger = false,
    signIn = 'session',
    webDir,
    firstRenderModule,
  }: {
    /** A logger to read what the server logs (tests of logging); none by default. */
    logger?: Logger | false
    /**
     * How `userWith` signs its user in: 'session' writes the session row the sign-in route would
     * write and signs its cookie (no password hash to check); 'route' posts the password to the
     * sign-in route, for the files that test signing in itself.
     */
    signIn?: 'session' | 'route'
    /** The built web app's folder (`dist/web` by default), for tests of the app shell. */
    webDir?: string
    /** The module rendering an app page's first screen, for tests of the server's first render. */
    firstRenderModule?: string
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crestline-test-'))
  const database = await openTestDatabase()
  const app = await buildApp({
    env: testEnv(dataDir, env),
    database,
    logger,
    ...(webDir ? { webDir } : {}),
    ...(firstRenderModule ? { firstRenderModule } : {}),
  })
  await app.ready()

  const request: TestApp['request'] = ({ cookie, headers, ...options }) =>
    app.inject({ ...options, headers: { ...(cookie ? { cookie } : {}), ...headers } })

  const login = async (email: string, password: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password },
    })
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`)
    return sessionCookie(response.headers['set-cookie'])
  }

  const sessionFor = async (userId: string) => {
    const context = await (await app.loadAuth()).$context
    // What a sign-in by `app.inject` records: Fastify's address for it and its default user agent.
    const session = await context.internalAdapter.createSession(userId, false, {
      ipAddress: '127.0.0.1',
      userAgent: 'lightMyRequest',
    })
    const signature = createHmac('sha256', context.secret).update(session.token).digest('base64')
    return `${context.authCookies.sessionToken.name}=${encodeURIComponent(`${session.token}.${signature}`)}`
  }

  return {
    app,
    db: database.db,
    database,
    dataDir,
    request,
    login,
    sessionFor,
    async userWith(spec) {
      const user = await createUser(database.db, spec)
      const cookie = signIn === 'route' ? await login(user.email, user.password) : await sessionFor(user.id)
      return { ...user, cookie }
    },
    async close() {
      await app.close()
      await database.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export function sessionCookie(setCookie: string | string[] | undefined): string {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []
  const session = cookies.find((c) => c.startsWith('better-auth.session_token='))
  if (!session) throw new Error('no session cookie')
  return session.split(';')[0]!
}

/**
 * Another instance of the app on the same database, as a second server behind a load balancer
 * would be: its own memory (caches, limits), the same data. Closing it leaves the database open.
 */
export async function secondInstance(
  t: TestApp,
  env: Record<string, string> = {},
): Promise<Pick<TestApp, 'app' | 'request' | 'close'>> {
  const app = await buildApp({
    env: testEnv(t.dataDir, env),
    database: { ...t.database, close: async () => {} },
    logger: false,
  })
  await app.ready()
  return {
    app,
    request: ({ cookie, headers, ...options }) =>
      app.inject({ ...options, headers: { ...(cookie ? { cookie } : {}), ...headers } }),
    close: () => app.close(),
  }
}

/** A write from the app's own origin that must succeed: its JSON answer, or null for a 204. */
export async function writeOk(
  t: Pick<TestApp, 'request'>,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  cookie: string,
  payload?: object,
) {
  const response = await t.request({ method, url, cookie, headers: { origin: TEST_ORIGIN }, payload })
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300)
  return response.statusCode === 204 ? null : response.json()
}
