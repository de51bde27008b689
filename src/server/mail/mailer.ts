import { randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { Logger } from 'pino'

export interface MailMessage {
  to: string
  subject: string
  text: string
  /** Where a reply goes, e.g. the visitor who wrote through the contact form. */
  replyTo?: string
}

export interface Mailer {
  send(message: MailMessage): Promise<void>
  close(): void
  /** True when messages are written to `DATA_DIR/outbox` instead of sent (no `SMTP_URL`). */
  readonly outbox?: boolean
}

/**
 * Whether a production server writes mail to the outbox instead of sending it: invites and
 * password resets would then reach nobody. Development and tests use the outbox on purpose.
 */
export function mailStaysInOutbox(env: { NODE_ENV: string; SMTP_URL?: string | undefined }): boolean {
  return env.NODE_ENV === 'production' && !env.SMTP_URL
}

/** The warning a start prints, and admins see on the overview, when `mailStaysInOutbox`. */
export const OUTBOX_WARNING =
  'SMTP_URL is not set: invites and password resets are written to the outbox folder (DATA_DIR/outbox) and not sent.'

/**
 * Real SMTP when `SMTP_URL` is set; otherwise each message is written to `DATA_DIR/outbox` as an
 * .eml file with a log line, so a newcomer needs no mail server (ADR 008).
 */
export function createMailer(options: {
  smtpUrl?: string
  from: string
  dataDir: string
  log: Logger
}): Mailer {
  if (options.smtpUrl) {
    const url = new URL(options.smtpUrl)
    const transport = nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
      secure: url.protocol === 'smtps:',
      ignoreTLS:
        url.searchParams.get('tls') === 'off' || url.hostname === '127.0.0.1' || url.hostname === 'localhost',
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
      // Several routes send before they answer (a shared note, a task given): a relay that hangs
      // fails the email in seconds, not nodemailer's default minutes.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    })
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message })
        options.log.info({ to: message.to, subject: message.subject }, 'mail sent')
      },
      close: () => transport.close(),
    }
  }
  const outbox = path.join(options.dataDir, 'outbox')
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    outbox: true,
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message })
      await mkdir(outbox, { recursive: true })
      const file = path.join(
        outbox,
        `${new Date().toISOString().replaceAll(':', '-')}-${randomUUID().slice(0, 8)}.eml`,
      )
      await writeFile(file, info.message as Buffer)
      options.log.info(
        { to: message.to, subject: message.subject, file },
        'mail written to the outbox (SMTP_URL is not set)',
      )
    },
    close: () => {},
  }
}
