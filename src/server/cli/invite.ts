import { parseArgs } from 'node:util'
import pino from 'pino'
import { createInviteBodySchema } from '../../shared/invites'
import { openDatabase } from '../db/client'
import { loadDotEnv, parseEnv } from '../env'
import { createMailer } from '../mail/mailer'
import { inviteMail } from '../mail/messages'
import { createInvite, inviteLink } from '../modules/invites/invites'

/**
 * npm run invite -- --admin [--student --educator --fao] [--email a@b.c]
 * Works on a fresh DATA_DIR before any start and without a build; the URL is the last stdout line.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      admin: { type: 'boolean', default: false },
      educator: { type: 'boolean', default: false },
      fao: { type: 'boolean', default: false },
      student: { type: 'boolean', default: false },
      email: { type: 'string' },
    },
  })
  const body = createInviteBodySchema.safeParse(values)
  if (!body.success) {
    console.error(`Usage: npm run invite -- --admin|--educator|--fao|--student [--email a@b.c]`)
    for (const issue of body.error.issues)
      console.error(`  ${issue.path.join('.') || 'roles'}: ${issue.message}`)
    process.exit(2)
  }
  loadDotEnv()
  const env = parseEnv()
  const log = pino({ level: 'warn' })
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 2 })
  try {
    const row = await createInvite(database.db, body.data, null)
    const link = inviteLink(env.appOrigin, row.id)
    if (row.email) {
      const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir: env.DATA_DIR, log })
      await mailer.send(inviteMail(row.email, link, row, row.expiresAt))
      mailer.close()
    }
    process.stdout.write(`${link}\n`)
  } finally {
    await database.close()
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
