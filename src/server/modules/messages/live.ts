import { sql } from 'drizzle-orm'
import type { ConversationKind } from '../../../shared/messages'
import type { DbOrTx } from '../../db/client'
import { selectRowsPrepared } from '../../db/raw'
import { type MessageRow, mayReadConversationSql, messageColumns, messagesAfter } from './conversation'

/**
 * Live conversations (docs/api.md#messages): once a write committed, its notice goes to
 * `MESSAGE_CHANNEL`, to every instance (PostgreSQL's LISTEN/NOTIFY; the embedded database
 * delivers it in-process). Each instance listens once and fans a notice out to the streams it
 * holds open on that conversation. A notice only says "look": the instance reads what is new
 * after the oldest place among its streams, once per conversation, and each stream sends what is
 * after its own place. A missed notice (the listening connection dropped, a process ended between
 * a commit and its notice) is made good by the next one, by the catch-up on reconnecting, or by
 * the look every heartbeat takes; a stream never sends a message twice, because its place only
 * moves forward.
 */
export const MESSAGE_CHANNEL = 'crestline_messages'

export type NoticeType = 'new' | 'changed'

interface Notice {
  s: string
  k: ConversationKind
  m: string
  t: NoticeType
}

/**
 * Sends the notices of committed writes, many in one statement. PostgreSQL serializes the commits
 * of every transaction that notifies (each then waits for its own flush): a NOTIFY inside each
 * write would queue every write behind the others. Notices sent after the commit, gathered while
 * the previous statement runs, cost one such commit per batch, and nothing while the instance is
 * idle (docs/performance.md, change 35).
 */
export class LiveNotices {
  private pending: string[] = []
  private flushing: Promise<void> | null = null

  constructor(
    private readonly db: DbOrTx,
    private readonly onError: (error: unknown) => void,
  ) {}

  add(studentId: string, kind: ConversationKind, messageId: string, type: NoticeType) {
    this.pending.push(JSON.stringify({ s: studentId, k: kind, m: messageId, t: type } satisfies Notice))
    this.flushing ??= this.flush().finally(() => {
      this.flushing = null
    })
  }

  private async flush() {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, 500)
      try {
        await this.db.execute(
          sql`select pg_notify(${MESSAGE_CHANNEL}, v.p) from (values ${sql.join(
            batch.map((payload) => sql`(${payload})`),
            sql`, `,
          )}) v(p)`,
        )
      } catch (error) {
        // The streams' heartbeat look finds the messages these notices were for.
        this.onError(error)
      }
    }
  }
}

/** One open stream, as the hub sees it. */
export interface LiveStream {
  userId: string
  sessionId: string | undefined
  /** The last message sent (or held by the client when it connected). */
  lastSeq: number
  /** A new message (with its id) or a change to one already sent (without: the client's place stays). */
  send(row: MessageRow, type: NoticeType): void
  /** A comment line, so that proxies keep an idle stream open. */
  ping(): void
  close(): void
}

class ConversationStreams {
  readonly streams = new Set<LiveStream>()
  private readonly changed = new Set<string>()
  private dirty = false
  private running: Promise<void> | null = null

  constructor(
    private readonly db: DbOrTx,
    readonly studentId: string,
    readonly kind: ConversationKind,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Reads and sends what is new; passes run one at a time, and a notice during one asks for another. */
  poke(changedId?: string) {
    if (changedId) this.changed.add(changedId)
    this.dirty = true
    this.running ??= this.run().finally(() => {
      this.running = null
    })
  }

  private async run() {
    while (this.dirty && this.streams.size > 0) {
      this.dirty = false
      try {
        await this.pass()
      } catch (error) {
        this.onError(error)
        return
      }
    }
  }

  private async pass() {
    const changed = [...this.changed]
    this.changed.clear()
    const from = Math.min(...[...this.streams].map((stream) => stream.lastSeq))
    const rows = await messagesAfter(this.db, this.studentId, this.kind, from)
    for (const stream of this.streams) {
      for (const row of rows) {
        const seq = Number(row.seq)
        if (seq <= stream.lastSeq) continue
        stream.send(row, 'new')
        stream.lastSeq = seq
      }
    }
    // A full page: there may be more after it.
    if (rows.length === 500) this.dirty = true
    if (changed.length === 0) return
    const changes: MessageRow[] = []
    for (const id of changed) {
      const [row] = await selectRowsPrepared<MessageRow>(
        this.db,
        'live-message',
        sql`select ${messageColumns} from messages m join users a on a.id = m.author_id where m.id = ${id}`,
      )
      if (row) changes.push(row)
    }
    for (const stream of this.streams)
      for (const row of changes) if (Number(row.seq) <= stream.lastSeq) stream.send(row, 'changed')
  }
}

/**
 * The open streams of one instance, by conversation. `check` runs every `heartbeatMs`: each
 * stream gets a comment line (so proxies keep it open), and a stream whose session ended or whose
 * person may no longer read the conversation is closed.
 */
export class LiveHub {
  private readonly conversations = new Map<string, ConversationStreams>()
  private readonly timer: NodeJS.Timeout

  constructor(
    private readonly db: DbOrTx,
    private readonly onError: (error: unknown) => void,
    heartbeatMs = 20_000,
  ) {
    this.timer = setInterval(() => void this.check(), heartbeatMs)
    this.timer.unref()
  }

  get size() {
    let count = 0
    for (const conversation of this.conversations.values()) count += conversation.streams.size
    return count
  }

  /** Adds the stream and sends it what came after its place; returns its removal. */
  open(studentId: string, kind: ConversationKind, stream: LiveStream): () => void {
    const key = `${studentId}:${kind}`
    let conversation = this.conversations.get(key)
    if (!conversation) {
      conversation = new ConversationStreams(this.db, studentId, kind, this.onError)
      this.conversations.set(key, conversation)
    }
    conversation.streams.add(stream)
    conversation.poke()
    return () => {
      conversation.streams.delete(stream)
      if (conversation.streams.size === 0 && this.conversations.get(key) === conversation)
        this.conversations.delete(key)
    }
  }

  /** A notice from the channel. */
  notice(payload: string) {
    let notice: Notice
    try {
      notice = JSON.parse(payload) as Notice
    } catch {
      return
    }
    this.conversations.get(`${notice.s}:${notice.k}`)?.poke(notice.t === 'changed' ? notice.m : undefined)
  }

  /** Notices may have been missed (the listening connection came back): every conversation looks again. */
  catchUp() {
    for (const conversation of this.conversations.values()) conversation.poke()
  }

  /** Heartbeats, and the end of streams whose session or access is gone. */
  async check() {
    for (const conversation of [...this.conversations.values()]) {
      const streams = [...conversation.streams]
      for (const stream of streams) stream.ping()
      // A notice lost between a commit and its sending is found here at the latest.
      conversation.poke()
      try {
        const allowed = await this.stillAllowed(conversation, streams)
        for (const stream of streams) if (!allowed.has(stream)) stream.close()
      } catch (error) {
        this.onError(error)
      }
    }
  }

  /** The streams whose person still has an enabled account, a live session and the conversation. */
  private async stillAllowed(conversation: ConversationStreams, streams: LiveStream[]) {
    const allowed = new Set<LiveStream>()
    const people = new Map<string, LiveStream[]>()
    for (const stream of streams) {
      const key = `${stream.userId}:${stream.sessionId}`
      people.set(key, [...(people.get(key) ?? []), stream])
    }
    for (const group of people.values()) {
      const { userId, sessionId } = group[0]!
      const [row] = await selectRowsPrepared<{ ok: boolean }>(
        this.db,
        'live-stream-allowed',
        sql`select exists(select 1 from users where id = ${userId} and disabled_at is null)
          and (${sessionId ?? null}::uuid is null
            or exists(select 1 from sessions where id = ${sessionId ?? null}::uuid and expires_at > now()))
          and ${mayReadConversationSql(sql`${conversation.studentId}::uuid`, sql`${userId}::uuid`, sql`${conversation.kind}::text`)} as ok`,
      )
      if (row?.ok) for (const stream of group) allowed.add(stream)
    }
    return allowed
  }

  /** At shutdown: every stream ends, so the server's close does not wait for them. */
  closeAll() {
    clearInterval(this.timer)
    for (const conversation of this.conversations.values())
      for (const stream of [...conversation.streams]) stream.close()
    this.conversations.clear()
  }
}
