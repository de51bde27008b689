import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import ical, { ICalEvent, type ICalEventData } from 'ical-generator'
import { BRAND } from '../../../shared/brand'
import type { CalendarFeed } from '../../../shared/calendar'
import { type CollegeRound, ROUND_LABELS } from '../../../shared/colleges'
import type { DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { HttpProblem, notFound } from '../../problems'
import { twoFactorMissingSql } from '../admin/settings'
import { mayReadRecordSql, viewerIsGuardianSql } from '../students/record'
import {
  feedSessions,
  icalUtc,
  SESSION_FEED_AHEAD_DAYS,
  SESSION_FEED_PAST_DAYS,
  sessionEvent,
} from './feed-sessions'
import { vtimezone } from './vtimezone'
import { localTimes } from './zoned-time'

/**
 * A private iCalendar feed per user (ADR 027): `GET /api/v1/calendar/{token}.ics`, no cookie, so a
 * calendar app can subscribe. The token is 32 random bytes, found by its SHA-256; a new one
 * replaces the old. So that its owner can see the link again (a second device), the token is also
 * kept sealed: AES-256-GCM under a key derived from the app's secret, useless without that secret
 * (a copy of the database alone does not give the links). Tasks, deadlines and test days are
 * all-day events on plain dates, so no client's time zone shifts them; tutoring sessions are timed
 * events in the zone each was scheduled in, with that zone's VTIMEZONE.
 */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
const TOKEN = /^[A-Za-z0-9_-]{43}$/

export const feedUrl = (appOrigin: string, token: string) => `${appOrigin}/api/v1/calendar/${token}.ics`

const sealKey = (secret: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'calendar-feed', 'calendar feed link v1', 32))

/** The token sealed for storage: `v1.` then base64url of nonce, tag and ciphertext. */
export function sealToken(secret: string, token: string): string {
  const nonce = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', sealKey(secret), nonce)
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()])
  return `v1.${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url')}`
}

/** The token back, or null when it cannot be opened (another secret, a damaged value). */
export function openToken(secret: string, sealed: string): string | null {
  if (!sealed.startsWith('v1.')) return null
  const bytes = Buffer.from(sealed.slice(3), 'base64url')
  if (bytes.length < 29) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealKey(secret), bytes.subarray(0, 12))
    decipher.setAuthTag(bytes.subarray(12, 28))
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}

/** Makes a new token for the user, voiding the old one. */
export async function renewFeedToken(db: DbOrTx, userId: string, secret: string): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db.execute(sql`insert into calendar_feeds (user_id, token_hash, token_sealed)
    values (${userId}, ${hashToken(token)}, ${sealToken(secret, token)})
    on conflict (user_id) do update set token_hash = excluded.token_hash, token_sealed = excluded.token_sealed,
      created_at = now()`)
  return token
}

/**
 * The user's current link, shown again (`GET /v1/users/me/calendar/link`). 404 when the feed is
 * off, and 404 `link-not-kept` for a link made before links were kept (or under another secret):
 * it still works, and making a new link is the way to see one.
 */
export async function currentFeedUrl(db: DbOrTx, userId: string, secret: string, appOrigin: string) {
  const [row] = await selectRows<{ token_hash: string; token_sealed: string | null }>(
    db,
    sql`select token_hash, token_sealed from calendar_feeds where user_id = ${userId}`,
  )
  if (!row) throw notFound('Your calendar feed is off.')
  const token = row.token_sealed ? openToken(secret, row.token_sealed) : null
  if (!token || hashToken(token) !== row.token_hash) {
    throw new HttpProblem(
      404,
      'link-not-kept',
      'This link cannot be shown again (it was made before links were kept, or under an earlier server secret): make a new link to see it (the old one stops working).',
    )
  }
  return { url: feedUrl(appOrigin, token) }
}

export async function revokeFeedToken(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(sql`delete from calendar_feeds where user_id = ${userId}`)
}

export async function feedStatus(db: DbOrTx, userId: string): Promise<CalendarFeed> {
  const [row] = await selectRows<{ created_at: string; kept: boolean }>(
    db,
    sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
      token_sealed is not null as kept
    from calendar_feeds where user_id = ${userId}`,
  )
  return { enabled: Boolean(row), createdAt: row?.created_at ?? null, ...(row ? { linkKept: row.kept } : {}) }
}

interface FeedEvent {
  kind: 'task' | 'college' | 'test'
  id: string
  date: string
  title: string
  student_id: string
  student_name: string
  detail: string
}

/**
 * The feed's events: the user's own open tasks, the open tasks of the students they follow (on
 * the team, or as guardian), the deadlines of the college lists they read (their own, their
 * team's students', their children's), and those students' planned SAT and ACT dates. Only records the user may still read, and never archived
 * students.
 */
async function feedEvents(db: DbOrTx, userId: string): Promise<FeedEvent[]> {
  const follows = sql`(sp.user_id = ${userId}
    or exists(select 1 from team_members tm where tm.student_id = sp.user_id and tm.member_id = ${userId})
    or ${viewerIsGuardianSql(sql`sp.user_id`, userId)})`
  const readable = mayReadRecordSql(sql`sp.user_id`, sql`${userId}::uuid`)
  return selectRows<FeedEvent>(
    db,
    sql`select 'task' as kind, t.id::text, to_char(t.due_date, 'YYYY-MM-DD') as date, t.title, t.student_id,
      s.name as student_name, a.name as detail
    from tasks t join student_profiles sp on sp.user_id = t.student_id and sp.archived_at is null
    join users s on s.id = t.student_id join users a on a.id = t.assignee_id
    where t.status = 'open' and t.due_date is not null
      and (t.assignee_id = ${userId} or ${follows}) and ${readable}
    union all
    select 'college', e.id::text, to_char(e.deadline, 'YYYY-MM-DD'), e.name, e.student_id, s.name, e.round
    from college_entries e join student_profiles sp on sp.user_id = e.student_id and sp.archived_at is null
    join users s on s.id = e.student_id
    where e.deadline is not null and ${follows} and ${readable}
    union all
    select 'test', sp.user_id || '-' || (d.item->>'test') || '-' || (d.item->>'date'), d.item->>'date',
      d.item->>'test', sp.user_id, s.name, ''
    from student_profiles sp cross join jsonb_array_elements(sp.test_dates) as d(item)
    join users s on s.id = sp.user_id
    where sp.archived_at is null and ${follows} and ${readable}
    order by 3, 4
    limit 2000`,
  )
}

/**
 * The .ics text for a token; 404 for an unknown or revoked token, a disabled account, or staff who
 * must set up two-factor and have not yet.
 */
export async function calendarFor(db: DbOrTx, token: string, appOrigin: string): Promise<string> {
  if (!TOKEN.test(token)) throw notFound('No such calendar.')
  const [owner] = await selectRows<{ id: string }>(
    db,
    sql`select u.id from calendar_feeds f join users u on u.id = f.user_id
    where f.token_hash = ${hashToken(token)} and u.disabled_at is null and not ${twoFactorMissingSql}`,
  )
  if (!owner) throw notFound('No such calendar.')
  const calendar = ical({
    name: `${BRAND.name}: deadlines and sessions`,
    prodId: { company: BRAND.name, product: 'workspace' },
  })
  // Events are written one by one and folded here: ical-generator's own folding of a whole
  // calendar encodes it a character at a time, seconds of blocked event loop for a busy feed.
  const events: string[] = []
  const add = (data: ICalEventData) => events.push(new ICalEvent(data, calendar).toString())
  for (const event of await feedEvents(db, owner.id)) {
    const summary =
      event.kind === 'task'
        ? `${event.title} (${event.student_name})`
        : event.kind === 'test'
          ? `${event.title} test day (${event.student_name})`
          : `${event.title}: ${ROUND_LABELS[event.detail as CollegeRound] ?? event.detail} deadline (${event.student_name})`
    add({
      id: `${event.kind}-${event.id}@${new URL(appOrigin).hostname}`,
      // A plain date string: all-day, on that calendar day wherever the reader is.
      start: event.date,
      allDay: true,
      summary,
      description: event.kind === 'task' ? `Assigned to ${event.detail}.` : undefined,
      url: `${appOrigin}/students/${event.student_id}`,
    })
  }
  const now = Date.now()
  const from = new Date(now - SESSION_FEED_PAST_DAYS * 86_400_000)
  const to = new Date(now + SESSION_FEED_AHEAD_DAYS * 86_400_000)
  // Each zone's rules, for the whole span the feed's timed events cover.
  const span = { from: new Date(from.getTime() - 86_400_000), to: new Date(to.getTime() + 86_400_000) }
  const zones = new Set<string>()
  const local = localTimes(span)
  const stamp = icalUtc(new Date(now))
  const host = new URL(appOrigin).hostname
  for (const session of await feedSessions(db, owner.id, from, to)) {
    zones.add(session.time_zone)
    events.push(
      sessionEvent(session, {
        // The session's own id: a reschedule updates the same event in the reader's calendar.
        uid: `session-${session.id}@${host}`,
        stamp,
        localStart: local(new Date(session.starts_at), session.time_zone),
        localEnd: local(new Date(session.ends_at), session.time_zone),
        recordLink: `${appOrigin}/students/${session.student_id}`,
      }),
    )
  }
  const zoneBlocks = [...zones].sort().map((zone) => `${vtimezone(zone, span.from, span.to)}\r\n`)
  const head = calendar.toString()
  const end = head.lastIndexOf('END:VCALENDAR')
  return `${head.slice(0, end)}${zoneBlocks.join('')}${foldLines(events.join(''))}${head.slice(end)}`
}

/** Octets of a character in UTF-8. */
const octets = (char: string) => {
  const code = char.codePointAt(0)!
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4
}

/**
 * RFC 5545 §3.1 folding, as ical-generator folds: a line of more than 74 octets goes on in the
 * next line after one space, never splitting a character.
 */
export function foldLines(text: string): string {
  return text
    .split('\r\n')
    .map((line) => {
      // ASCII lines, nearly all of them, are one octet a character: cut every 74.
      if (!/[^ -~]/.test(line)) {
        if (line.length <= 74) return line
        const parts: string[] = []
        for (let start = 0; start < line.length; start += 74) parts.push(line.slice(start, start + 74))
        return parts.join('\r\n ')
      }
      let folded = ''
      let count = 0
      for (const char of line) {
        const size = octets(char)
        count += size
        if (count > 74) {
          folded += '\r\n '
          count = size
        }
        folded += char
      }
      return folded
    })
    .join('\r\n')
}
