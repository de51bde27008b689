import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import pino from 'pino'
import { guardianInviteBodySchema } from '../../shared/guardians'
import { createInviteBodySchema } from '../../shared/invites'
import { emailField } from '../../shared/validation'
import { type Db, openDatabase } from '../db/client'
import { selectRows } from '../db/raw'
import { type Env, loadDotEnv, parseEnv } from '../env'
import { createMailer } from '../mail/mailer'
import { guardianLinkedMail, inviteMail } from '../mail/messages'
import { inviteOrLinkGuardian } from '../modules/guardians/guardians'
import { createInvite, inviteLink } from '../modules/invites/invites'

const USAGE = `Usage: npm run invite -- --admin|--educator|--fao|--student [--email a@b.c] [--name "Dana Whitfield"]
   or: npm run invite -- --guardian-of <student email> --email <guardian email> [--relationship Mother] [--name "Omar Nguyen"]

  --admin, --educator, --fao, --student  the roles the invite gives (at least one, any combination)
  --email          only this address can use the invite, and it is mailed there
  --guardian-of    the email of the student whose guardian is invited (then --email is required)
  --relationship   with --guardian-of: how they are related, such as Mother (default Guardian)
  --name           optional: the email greets them by it, and sign-up starts from it
  --help           this text

The invite URL is the last line of the output.`

const usageLines = USAGE.split('\n\n')[0] ?? USAGE

/**
 * npm run invite -- --admin [--student --educator --fao] [--email a@b.c] [--name "…"]
 * npm run invite -- --guardian-of student@example.com --email parent@example.com [--relationship Mother] [--name "…"]
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
      name: { type: 'string' },
      'guardian-of': { type: 'string' },
      relationship: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  })
  const { 'guardian-of': guardianOf, relationship, help, ...roles } = values
  if (help) {
    process.stdout.write(`${USAGE}\n`)
    return
  }
  if (guardianOf !== undefined)
    return inviteGuardianFromCli({ guardianOf, email: values.email, relationship, name: values.name })
  // A relationship without --guardian-of is refused by the strict schema, naming it.
  const body = createInviteBodySchema.safeParse(
    relationship === undefined ? roles : { ...roles, relationship },
  )
  if (!body.success) {
    console.error(usageLines)
    for (const issue of body.error.issues)
      console.error(`  ${issue.path.join('.') || 'roles'}: ${issue.message}`)
    process.exit(2)
  }
  await withDatabase(async ({ db, env, mailer }) => {
    const row = await createInvite(db, body.data, null)
    const link = inviteLink(env.appOrigin, row.id)
    if (row.email) await mailer().send(inviteMail(row.email, link, row, row.expiresAt, { name: row.name }))
    process.stdout.write(`${link}\n`)
  })
}

/** A guardian of one student: an invite bound to their email, or a link when they have an account. */
async function inviteGuardianFromCli(values: {
  guardianOf: string
  email?: string | undefined
  relationship?: string | undefined
  name?: string | undefined
}) {
  const studentEmail = emailField.safeParse(values.guardianOf)
  const body = guardianInviteBodySchema.safeParse({
    email: values.email,
    relationship: values.relationship ?? 'Guardian',
    name: values.name,
  })
  if (!studentEmail.success || !body.success) {
    console.error(usageLines)
    if (!studentEmail.success) console.error(`  guardian-of: ${studentEmail.error.issues[0]?.message}`)
    for (const issue of body.error?.issues ?? []) console.error(`  ${issue.path.join('.')}: ${issue.message}`)
    process.exit(2)
  }
  await withDatabase(async ({ db, env, mailer }) => {
    const [student] = await selectRows<{ id: string; name: string }>(
      db,
      sql`select u.id, u.name from users u join student_profiles sp on sp.user_id = u.id
      where lower(u.email) = ${studentEmail.data}`,
    )
    if (!student) throw new Error(`No student has the email ${studentEmail.data}.`)
    const outcome = await inviteOrLinkGuardian(db, null, student.id, body.data)
    const recordLink = `${env.appOrigin}/students/${student.id}`
    if (outcome.kind === 'linked') {
      if (outcome.notify)
        await mailer().send(guardianLinkedMail(outcome.guardian.email, student.name, recordLink))
      process.stdout.write(
        `${outcome.guardian.email} already had an account and is now linked to ${student.name}.\n`,
      )
      process.stdout.write(`${recordLink}\n`)
      return
    }
    const link = inviteLink(env.appOrigin, outcome.invite.id)
    const mail = inviteMail(body.data.email, link, outcome.invite, outcome.invite.expiresAt, {
      guardianOf: { studentName: student.name },
      name: outcome.invite.name,
    })
    await mailer().send(mail)
    process.stdout.write(`${link}\n`)
  })
}

type Mailer = ReturnType<typeof createMailer>

/** Opens the database (and a mailer when one is asked for), runs the work, closes both. */
async function withDatabase(
  work: (tools: { db: Db; env: Env; mailer: () => Mailer }) => Promise<void>,
): Promise<void> {
  loadDotEnv()
  const env = parseEnv()
  const log = pino({ level: 'warn' })
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 2 })
  let mailer: Mailer | undefined
  try {
    await work({
      db: database.db,
      env,
      mailer: () => {
        mailer ??= createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dataDir: env.DATA_DIR, log })
        return mailer
      },
    })
  } finally {
    mailer?.close()
    await database.close()
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
