import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  to: string[]
  raw: string
  /** The message with quoted-printable soft breaks and escapes undone, for searching. */
  text: string
}

function decodeQuotedPrintable(raw: string): string {
  if (!/^Content-Transfer-Encoding:\s*quoted-printable/im.test(raw)) return raw
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives (ADR 007). */
export async function startSmtpSink() {
  const messages: ReceivedMail[] = []
  /** Addresses the sink refuses (550), so a test can make one send fail. */
  const refused = new Set<string>()
  const waiters: Array<() => void> = []
  let open = 0
  const idleWaiters: Array<() => void> = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      open += 1
      callback()
    },
    onClose() {
      open -= 1
      if (open === 0) for (const wake of idleWaiters.splice(0)) wake()
    },
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address)) {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }))
      } else callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: decodeQuotedPrintable(raw),
        })
        for (const wake of waiters.splice(0)) wake()
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refused,
    /** Waits for a message to `to` (up to 5 s); `nth` (from 1) waits for that many and answers the last. */
    async waitFor(to: string, nth = 1): Promise<ReceivedMail> {
      const deadline = Date.now() + 5_000
      for (;;) {
        const found = messages.filter((m) => m.to.includes(to))[nth - 1]
        if (found) return found
        if (Date.now() > deadline) throw new Error(`No mail ${nth} to ${to} within 5 s`)
        await new Promise<void>((resolve) => {
          waiters.push(resolve)
          setTimeout(resolve, 200)
        })
      }
    },
    /**
     * Resolves once no delivery is open: every message a client began has been received or given
     * up. After a call that awaits its sends, a message it sent (or wrongly sent) is then here.
     */
    idle(): Promise<void> {
      return open === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve))
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>
