import compress from '@fastify/compress'
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Logger } from 'pino'
import { type LoadAuth, lazyAuth } from './auth/better-auth'
import { openRateLimitStore, RateLimiter } from './auth/rate-limiter'
import { resolveAuthSecret } from './auth/secret'
import { trustedOrigins } from './auth/trusted-origins'
import type { Database, Db } from './db/client'
import type { Env } from './env'
import { createFileStore, type FileStore, prepareIncomingDir } from './files/store'
import { readSessionWithRider, registerKeptAnswers } from './kept'
import { logSerializers } from './logging'
import { createMailer, type Mailer } from './mail/mailer'
import { WEB_DIST_DIR } from './paths'
import accessPlugin from './plugins/access'
import errorsPlugin from './plugins/errors'
import inputGuardPlugin from './plugins/input-guard'
import openApiPlugin from './plugins/openapi'
import { isApiPath, requestPath } from './plugins/request-path'
import securityPlugin from './plugins/security'
import webPlugin from './plugins/web'
import adminSettingsRoutes from './routes/api/v1/admin-settings'
import auditRoutes from './routes/api/v1/audit-events'
import calendarRoutes from './routes/api/v1/calendar'
import collegeRoutes from './routes/api/v1/colleges'
import contactRoutes from './routes/api/v1/contact-requests'
import dataRightsRoutes from './routes/api/v1/data-rights'
import documentFileRoutes from './routes/api/v1/document-files'
import documentRoutes from './routes/api/v1/documents'
import educatorRoutes from './routes/api/v1/educators'
import guardianRoutes from './routes/api/v1/guardians'
import hoursRoutes from './routes/api/v1/hours'
import messageRoutes from './routes/api/v1/messages'
import noteRoutes from './routes/api/v1/notes'
import practiceAttemptRoutes from './routes/api/v1/practice-attempts'
import practiceTestRoutes from './routes/api/v1/practice-tests'
import recordOverviewRoutes from './routes/api/v1/record-overview'
import scoreRoutes from './routes/api/v1/scores'
import screenRoutes from './routes/api/v1/screens'
import sessionRoutes from './routes/api/v1/sessions'
import skillRoutes from './routes/api/v1/skills'
import studentProfileRoutes from './routes/api/v1/student-profile'
import studentRoutes from './routes/api/v1/students'
import taskRoutes from './routes/api/v1/tasks'
import teamMemberRoutes from './routes/api/v1/team-members'
import tutoringSessionRoutes from './routes/api/v1/tutoring-sessions'
import userAccountRoutes from './routes/api/v1/user-accounts'
import userInviteRoutes from './routes/api/v1/user-invites'
import userRoutes from './routes/api/v1/users'
import authRoutes from './routes/auth'
import healthRoutes from './routes/health'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    mailer: Mailer
    env: Env
    files: FileStore
    /** better-auth, loaded on first use (`lazyAuth`); `main.ts` loads it once it listens. */
    loadAuth: LoadAuth
  }
}

export interface BuildOptions {
  env: Env
  database: Database
  logger?: Logger | boolean
  mailer?: Mailer
  webDir?: string
  /** The module rendering an app page's first screen (`dist/ssr/render.js` beside the web build by default; ADR 049). */
  firstRenderModule?: string
  /** Where uploaded files go; from the environment (DATA_DIR/files or S3_BUCKET) by default. */
  files?: FileStore
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/

/** TRUST_PROXY: 'true', a hop count, or a list of proxy addresses/CIDRs (Fastify's forms). */
export function trustProxySetting(value: string | undefined): FastifyServerOptions['trustProxy'] {
  if (value === undefined || value === 'false') return false
  if (value === 'true') return true
  if (!/^\d+$/.test(value)) return value
  const hops = Number(value)
  return (_address: string, hop: number) => hop < hops
}

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>
/** Fastify types these factories for ajv's compilers; ours hand out zod's. */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory

/** The whole product as one Fastify instance; `main.ts` only listens and shuts down. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { env, database } = options
  const app = Fastify({
    // Every line through our serializers: the request's URL without capabilities or query values,
    // errors without a failed query's parameters (logging.ts).
    loggerInstance:
      typeof options.logger === 'object'
        ? (options.logger.child({}, { serializers: logSerializers }) as FastifyBaseLogger)
        : undefined,
    logger:
      options.logger === true
        ? ({ serializers: logSerializers } as FastifyServerOptions['logger'])
        : undefined,
    trustProxy: trustProxySetting(env.TRUST_PROXY),
    bodyLimit: 256 * 1024,
    // A proxy's x-request-id is kept when it is a plain token, so one id follows a request
    // through the proxy's logs and ours; anything else (log injection, huge values) gets a new one.
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id']
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID()
    },
    // The errors plugin answers requests during shutdown with 503 problem details instead.
    return503OnClosing: false,
    // Every schema is zod's (below): Fastify's default compilers (ajv, fast-json-stringify) are
    // never used, and loading them was most of `fastify()`'s own time at every start
    // (docs/performance.md, change 13).
    schemaController: { compilersFactory: zodCompilers },
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      dataDir: env.DATA_DIR,
      log: app.log as Logger,
    })
  const rateLimitStore = await openRateLimitStore({
    redisUrl: env.REDIS_URL,
    keyPrefix: env.REDIS_KEY_PREFIX,
    db: database.db,
    log: app.log,
  })
  const limiter = new RateLimiter(rateLimitStore, env.AUTH_RATE_LIMIT_SCALE)
  const secret = resolveAuthSecret(env.AUTH_SECRET, env.DATA_DIR)
  const auth = lazyAuth({
    db: database.db,
    secret,
    appOrigin: env.appOrigin,
    trustedOrigins: trustedOrigins(env),
    mailer,
    log: app.log as Logger,
    // A reset lifts the login lockout of that email, from every address.
    onPasswordReset: (email) => limiter.clearFailures('sign-in', email),
  })
  app.decorate('loadAuth', auth)
  app.decorate('db', database.db)
  app.decorate('mailer', mailer)
  app.decorate('env', env)
  app.decorate('files', options.files ?? createFileStore(env))
  // The answers kept between writes (src/server/kept/): its own folder, this its one registration.
  registerKeptAnswers(app as unknown as FastifyInstance, database)
  const incomingDir = await prepareIncomingDir(env.DATA_DIR)

  // External plugins, then ours, then routes (docs/architecture.md, request flow).
  await app.register(errorsPlugin)
  await app.register(securityPlugin, { env })
  await app.register(inputGuardPlugin)
  await app.register(compress, { threshold: 1024 })
  await app.register(openApiPlugin)
  await app.register(accessPlugin, {
    auth,
    db: database.db,
    secret,
    secureCookies: env.appOrigin.startsWith('https://'),
    readSession: readSessionWithRider,
  })

  await app.register(healthRoutes)
  await app.register(authRoutes, {
    auth,
    limiter,
    appOrigin: env.appOrigin,
  })
  await app.register(userRoutes)
  await app.register(userAccountRoutes, { appOrigin: env.appOrigin })
  await app.register(userInviteRoutes, { appOrigin: env.appOrigin })
  await app.register(studentRoutes)
  await app.register(recordOverviewRoutes)
  await app.register(scoreRoutes)
  await app.register(studentProfileRoutes)
  await app.register(documentRoutes)
  await app.register(teamMemberRoutes)
  await app.register(documentFileRoutes, { incomingDir })
  await app.register(guardianRoutes)
  await app.register(noteRoutes)
  await app.register(messageRoutes, { listen: database.listen })
  await app.register(taskRoutes)
  await app.register(tutoringSessionRoutes)
  await app.register(hoursRoutes)
  await app.register(practiceTestRoutes)
  await app.register(practiceAttemptRoutes)
  await app.register(skillRoutes)
  await app.register(collegeRoutes)
  await app.register(calendarRoutes, { secret })
  await app.register(educatorRoutes)
  await app.register(screenRoutes)
  await app.register(auditRoutes)
  await app.register(dataRightsRoutes)
  await app.register(sessionRoutes)
  await app.register(adminSettingsRoutes)
  await app.register(contactRoutes, {
    limiter,
    notifyEmail: env.CONTACT_NOTIFY_EMAIL,
    appOrigin: env.appOrigin,
  })
  await app.register(webPlugin, {
    webDir: options.webDir ?? WEB_DIST_DIR,
    ...(options.firstRenderModule ? { firstRenderModule: options.firstRenderModule } : {}),
  })

  // The request id a 500 quotes, on every answer, so a user's report can be found in the logs.
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
    // API answers hold minors' records: no browser or proxy may keep a copy.
    if (isApiPath(requestPath(request.url)) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store')
  })
  app.addHook('onClose', async () => {
    await mailer.close()
    await rateLimitStore.close()
  })
  return app as unknown as FastifyInstance
}
