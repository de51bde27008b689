import { createHash, randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import ical from 'ical-generator'
import { BRAND } from '../../../shared/brand'
import { type CollegeRound, ROUND_LABELS } from '../../../shared/colleges'
import type { DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { notFound } from '../../problems'
import { twoFactorMissingSql } from '../admin/settings'
import { mayReadRecordSql, viewerIsGuardianSql } from '../students/record'

/**
 * A private iCalendar feed per user (ADR 027): `GET /api/v1/calendar/{token}.ics`, no cookie, so a
 * calendar app can subscribe. The token is 32 random bytes; only its SHA-256 is stored, and a new
 * one replaces the old. Events are all-day on plain dates, so no client's time zone shifts them.
 */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
const TOKEN = /^[A-Za-z0-9_-]{43}$/

export const feedUrl = (appOrigin: string, token: string) => `${appOrigin}/api/v1/calendar/${token}.ics`

/** Makes a new token for the user, voiding the old one; the link is shown once. */
export async function renewFeedToken(db: DbOrTx, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db.execute(sql`insert into calendar_feeds (user_id, token_hash) values (${userId}, ${hashToken(token)})
    on conflict (user_id) do update set token_hash = excluded.token_hash, created_at = now()`)
  return token
}

export async function revokeFeedToken(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(sql`delete from calendar_feeds where user_id = ${userId}`)
}

export async function feedStatus(
  db: DbOrTx,
  userId: string,
): Promise<{ enabled: boolean; createdAt: string | null }> {
  const [row] = await selectRows<{ created_at: string }>(
    db,
    sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
    from calendar_feeds where user_id = ${userId}`,
  )
  return { enabled: Boolean(row), createdAt: row?.created_at ?? null }
}

interface FeedEvent {
  kind: 'task' | 'college'
  id: string
  date: string
  title: string
  student_id: string
  student_name: string
  detail: string
}

/**
 * The feed's events: the user's own open tasks, the open tasks of the students they follow (on
 * the team, or as guardian), and the deadlines of the college lists they read (their own, their
 * team's students', their children's). Only records the user may still read, and never archived
 * students.
 */
async function feedEvents(db: DbOrTx, userId: string): Promise<FeedEvent[]> {
  const follows = sql`(sp.user_id = ${userId}
    or exists(select 1 from team_members tm where tm.student_id = sp.user_id and tm.member_id = ${userId})
    or ${viewerIsGuardianSql(sql`sp.user_id`, userId)})`
  const readable = mayReadRecordSql(sql`sp.user_id`, sql`${userId}::uuid`)
  return selectRows<FeedEvent>(
    db,
    sql`select 'task' as kind, t.id, to_char(t.due_date, 'YYYY-MM-DD') as date, t.title, t.student_id,
      s.name as student_name, a.name as detail
    from tasks t join student_profiles sp on sp.user_id = t.student_id and sp.archived_at is null
    join users s on s.id = t.student_id join users a on a.id = t.assignee_id
    where t.status = 'open' and t.due_date is not null
      and (t.assignee_id = ${userId} or ${follows}) and ${readable}
    union all
    select 'college', e.id, to_char(e.deadline, 'YYYY-MM-DD'), e.name, e.student_id, s.name, e.round
    from college_entries e join student_profiles sp on sp.user_id = e.student_id and sp.archived_at is null
    join users s on s.id = e.student_id
    where e.deadline is not null and ${follows} and ${readable}
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
    name: `${BRAND.name}: deadlines`,
    prodId: { company: BRAND.name, product: 'workspace' },
  })
  for (const event of await feedEvents(db, owner.id)) {
    const summary =
      event.kind === 'task'
        ? `${event.title} (${event.student_name})`
        : `${event.title}: ${ROUND_LABELS[event.detail as CollegeRound] ?? event.detail} deadline (${event.student_name})`
    calendar.createEvent({
      id: `${event.kind}-${event.id}@${new URL(appOrigin).hostname}`,
      // A plain date string: all-day, on that calendar day wherever the reader is.
      start: event.date,
      allDay: true,
      summary,
      description: event.kind === 'task' ? `Assigned to ${event.detail}.` : undefined,
      url: `${appOrigin}/students/${event.student_id}`,
    })
  }
  return calendar.toString()
}
