import { fileURLToPath } from 'node:url'
import { setFlagsFromString } from 'node:v8'
import closeWithGrace from 'close-with-grace'
import pino from 'pino'
import { buildApp } from './app'
import { DEMO_PASSWORD, DemoRefusedError, seedDemo } from './cli/demo'
import { answerBackupRequest } from './db/backup'
import { openDatabase } from './db/client'
import { CREATE_DATABASE_ARG, createEmbeddedDatabase, createEmbeddedDatabaseApart } from './db/create-apart'
import { EnvError, loadDotEnv, parseEnv } from './env'
import { createFileStore, prepareIncomingDir } from './files/store'
import { logSerializers } from './logging'
import { mailStaysInOutbox, OUTBOX_WARNING } from './mail/mailer'
import { sendLowBalanceMail } from './modules/hours/low-balance'
import { ensureBootstrapInvite, firstAdminNotice } from './modules/invites/bootstrap'
import { inviteLink } from './modules/invites/invites'
import { sendMessageMail } from './modules/messages/mail'
import { sendSessionMail } from './modules/sessions/reminders'
import { sendDueReminders, startReminders } from './modules/tasks/reminders'

/**
 * V8 lets the heap grow by up to four times its live size before a full collection. Under load
 * that kept several times the live set in garbage, and RSS on PostgreSQL over its budget. Growing
 * it by two fifths at a time holds the peak under the budget at the same throughput, and unlike a
 * `--max-old-space-size` cap it never refuses a large answer (docs/performance.md, change 16).
 * A `--heap-growing-percent` given to node itself wins.
 */
function growTheHeapSlowly() {
  if (process.execArgv.some((arg) => arg.startsWith('--heap-growing-percent'))) return
  setFlagsFromString('--heap-growing-percent=40')
}

/** Listens and shuts down gracefully; everything else is `buildApp()`. */
async function main() {
  growTheHeapSlowly()
  loadDotEnv()
  let env: ReturnType<typeof parseEnv>
  try {
    env = parseEnv()
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  if (process.argv.includes(CREATE_DATABASE_ARG)) {
    await createEmbeddedDatabase(env.DATA_DIR)
    process.exit(0)
  }
  // stdout as pino's default (asynchronous), kept at hand to print the first-admin block in order.
  const stdout = pino.destination(1)
  const logger = pino({ level: env.LOG_LEVEL, serializers: logSerializers }, stdout)
  const started = performance.now()
  if (!env.DATABASE_URL) {
    const created = await createEmbeddedDatabaseApart(env.DATA_DIR, fileURLToPath(import.meta.url))
    if (created) {
      const ms = Math.round(performance.now() - started)
      logger.info({ pid: created.pid, ms }, 'embedded database created by a short-lived process')
    }
  }
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolSize: env.DATABASE_POOL_SIZE,
  })
  logger.info({ database: database.kind, ms: Math.round(performance.now() - started) }, 'database ready')
  if (process.env.CRESTLINE_DEMO === '1') await loadDemo(database.db, env)
  const app = await buildApp({ env, database, logger })

  // `npm run backup` asks the server that holds the embedded database for a copy (db/backup.ts).
  const dumpDataDir = database.dumpDataDir
  if (dumpDataDir) {
    process.on('SIGUSR2', () => {
      answerBackupRequest(env.DATA_DIR, dumpDataDir)
        .then((file) => file && logger.info({ file }, 'backup written'))
        .catch((err) => logger.error({ err }, 'backup failed'))
    })
  }

  // Task reminders: every instance runs the job; each reminder is claimed once in the database.
  const stopReminders = startReminders(() => sendDueReminders(database.db, app.mailer, env.appOrigin), logger)
  // The low-balance email: the same, each person's email claimed once per fall (modules/hours/low-balance.ts).
  const stopLowBalance = startReminders(
    () => sendLowBalanceMail(database.db, app.mailer, env.appOrigin),
    logger,
    60_000,
    'low-balance mail',
  )
  // Session reminders and the attendance digest: the same way, claimed in the database.
  const stopSessionMail = startReminders(
    () => sendSessionMail(database.db, app.mailer, env.appOrigin),
    logger,
    60_000,
    'session mail',
  )

  // Unread-message email: started once the server listens (below), so that at start its first
  // pass does not compete with the first-admin check for a small pool's one connection.
  let stopMessageMail = () => {}

  // SIGUSR2 asks for a backup (above), not for a shutdown.
  closeWithGrace({ delay: 10_000, skip: ['SIGUSR2'] }, async ({ signal, err }) => {
    if (err) logger.error({ err }, 'shutting down after an error')
    else logger.info({ signal }, 'shutting down: finishing in-flight requests')
    stopReminders()
    stopLowBalance()
    stopSessionMail()
    stopMessageMail()
    await app.close()
    await database.close()
  })

  await app.listen({ port: env.PORT, host: env.HOST })
  const bootstrap = await ensureBootstrapInvite(database.db)
  // Batched or daily, each email claimed in the database as the reminders are.
  stopMessageMail = startReminders(
    () => sendMessageMail(database.db, app.mailer, env.appOrigin),
    logger,
    60_000,
    'message mail',
  )
  if (mailStaysInOutbox(env)) {
    // A plain line as well as a log field: nobody gets their invite until someone sets SMTP_URL.
    logger.warn({ outbox: `${env.DATA_DIR}/outbox` }, OUTBOX_WARNING)
    stdout.write(`\nWarning: ${OUTBOX_WARNING}\n\n`)
  }
  logger.info({ url: env.appOrigin, ms: Math.round(performance.now() - started) }, 'serving')
  // A plain block after the last start-up log line, not a log field: the first admin claims the
  // product with it, and it must be the first thing they see. The log lines are written
  // asynchronously, so the block goes through the same stream to keep its place after them.
  if (bootstrap) stdout.write(firstAdminNotice(inviteLink(env.appOrigin, bootstrap)))
  // better-auth loads once the server listens (lazyAuth): health checks and pages are served
  // meanwhile. A server that cannot load it could not sign anyone in: it stops.
  try {
    await app.loadAuth()
  } catch (err) {
    logger.fatal({ err }, 'better-auth could not be loaded: stopping')
    stdout.flushSync()
    process.exit(1)
  }
}

async function loadDemo(db: Parameters<typeof seedDemo>[0], env: ReturnType<typeof parseEnv>) {
  try {
    // The demo's uploaded file goes where the server keeps uploads (DATA_DIR/files or S3_BUCKET).
    const files = { store: createFileStore(env), incomingDir: await prepareIncomingDir(env.DATA_DIR) }
    const logins = await seedDemo(db, env.NODE_ENV, files)
    const lines = logins.map((l) => `  ${l.email.padEnd(34)} ${l.roles.padEnd(10)} ${l.name}`)
    process.stdout.write(`\nDemo logins (password for all: ${DEMO_PASSWORD}):\n${lines.join('\n')}\n\n`)
  } catch (error) {
    if (error instanceof DemoRefusedError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
