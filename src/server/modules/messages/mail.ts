import { sql } from 'drizzle-orm'
import type { ConversationKind } from '../../../shared/messages'
import { todayIn } from '../../../shared/tasks'
import type { DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import type { Mailer } from '../../mail/mailer'
import { dailyMessagesMail, type UnreadSummary, unreadMessagesMail } from '../../mail/message-mail'
import { mayReadConversationSql } from './conversation'

/** A batched email waits until the first unread message is this old (more may come meanwhile). */
export const BATCH_AFTER_MINUTES = 10
/** At most one batched email per person per conversation in this time. */
export const BATCH_GAP_MINUTES = 60
/** The daily summary goes out from this local hour. */
export const DAILY_HOUR = 18
/** Messages older than this are no longer news: nobody is emailed about them. */
const LOOK_BACK_HOURS = 48

interface Candidate {
  user_id: string
  email: string
  time_zone: string
  mode: 'batched' | 'daily'
  student_id: string
  student_name: string
  kind: ConversationKind
}

const at = (now: Date, minutesBefore = 0) =>
  sql`${new Date(now.getTime() - minutesBefore * 60_000).toISOString()}::timestamptz`

/**
 * Who has unread messages nobody has emailed them about yet, per conversation: the people taking
 * part in it (the team, the family for Family, whoever opened or wrote in it) with an enabled
 * account that wants message email, who may still read it (so Staff only to staff), about
 * students who are not archived. For the batched email the first such message must be 10 minutes old.
 */
async function candidates(db: DbOrTx, now: Date): Promise<Candidate[]> {
  return selectRows<Candidate>(
    db,
    sql`with recent as (
      select distinct student_id, kind from messages
      where deleted_at is null and created_at > ${at(now, LOOK_BACK_HOURS * 60)} and created_at <= ${at(now)}
    ), people as (
      select r.student_id, r.kind, tm.member_id as user_id from recent r join team_members tm on tm.student_id = r.student_id
      union select r.student_id, r.kind, r.student_id from recent r where r.kind = 'family'
      union select r.student_id, r.kind, gl.guardian_id from recent r
        join guardian_links gl on gl.student_id = r.student_id where r.kind = 'family'
      union select r.student_id, r.kind, cr.user_id from recent r
        join conversation_reads cr on cr.student_id = r.student_id and cr.kind = r.kind
    )
    select p.user_id, u.email, u.time_zone, u.email_messages as mode, p.student_id, s.name as student_name, p.kind
    from people p
    join users u on u.id = p.user_id and u.disabled_at is null and u.email_messages <> 'off'
    join student_profiles sp on sp.user_id = p.student_id and sp.archived_at is null
    join users s on s.id = p.student_id
    left join conversation_reads cr on cr.user_id = p.user_id and cr.student_id = p.student_id and cr.kind = p.kind
    where ${mayReadConversationSql(sql`p.student_id`, sql`p.user_id`, sql`p.kind`)}
      and exists(select 1 from messages m where m.student_id = p.student_id and m.kind = p.kind
        and m.author_id <> p.user_id and m.deleted_at is null
        and m.seq > greatest(coalesce(cr.read_seq, 0), coalesce(cr.mailed_seq, 0))
        and m.created_at > ${at(now, LOOK_BACK_HOURS * 60)}
        and m.created_at <= case when u.email_messages = 'batched' then ${at(now, BATCH_AFTER_MINUTES)} else ${at(now)} end)
    order by p.user_id, p.student_id, p.kind`,
  )
}

/** What the person has not read in the conversation now: who wrote how many, and the newest. */
async function summarize(db: DbOrTx, candidate: Candidate, appOrigin: string) {
  const unread = sql`m.student_id = ${candidate.student_id} and m.kind = ${candidate.kind}
    and m.author_id <> ${candidate.user_id} and m.deleted_at is null
    and m.seq > coalesce((select read_seq from conversation_reads where user_id = ${candidate.user_id}
      and student_id = ${candidate.student_id} and kind = ${candidate.kind}), 0)`
  const authors = await selectRows<{ name: string; count: number }>(
    db,
    sql`select a.name, count(*)::int as count from messages m join users a on a.id = m.author_id
    where ${unread} group by a.id, a.name order by count(*) desc, a.name`,
  )
  const [newest] = await selectRows<{ body: string; seq: string }>(
    db,
    sql`select m.body, m.seq::text as seq from messages m where ${unread} order by m.seq desc limit 1`,
  )
  if (!newest) return null
  const summary: UnreadSummary = {
    studentName: candidate.student_name,
    kind: candidate.kind,
    authors,
    newest: newest.body,
    link: `${appOrigin}/students/${candidate.student_id}?section=messages&conversation=${candidate.kind}#messages`,
    own: candidate.user_id === candidate.student_id,
  }
  return { summary, seq: newest.seq }
}

/** The email told them of messages up to `seq`: those never make another. */
async function markMailed(db: DbOrTx, candidate: Candidate, seq: string) {
  await db.execute(
    sql`insert into conversation_reads (user_id, student_id, kind, mailed_seq)
    values (${candidate.user_id}, ${candidate.student_id}, ${candidate.kind}, ${seq})
    on conflict (user_id, student_id, kind) do update
      set mailed_seq = greatest(conversation_reads.mailed_seq, excluded.mailed_seq)`,
  )
}

/**
 * Claims the person's batched email for the conversation, at most one an hour, on whichever
 * instance wins: a row of `mail_claims` (kind `messages`, the person, `student/kind`) whose
 * `claimed_at` is the last email's time, moved by a compare-and-set. Returns the release, which
 * puts the previous claim back (a failed send), or null when it is not this pass's to send.
 */
async function claimBatch(db: DbOrTx, candidate: Candidate, now: Date) {
  const period = `${candidate.student_id}/${candidate.kind}`
  const key = sql`kind = 'messages' and subject_id = ${candidate.user_id} and period = ${period}`
  const [previous] = await selectRows<{ claimed_at: string; recent: boolean }>(
    db,
    sql`select claimed_at::text as claimed_at, claimed_at > ${at(now, BATCH_GAP_MINUTES)} as recent
    from mail_claims where ${key}`,
  )
  if (previous?.recent) return null
  const won = previous
    ? await selectRows(
        db,
        sql`update mail_claims set claimed_at = ${at(now)} where ${key} and claimed_at = ${previous.claimed_at}::timestamptz
        returning period`,
      )
    : await selectRows(
        db,
        sql`insert into mail_claims (kind, subject_id, period, claimed_at)
        values ('messages', ${candidate.user_id}, ${period}, ${at(now)}) on conflict do nothing returning period`,
      )
  if (won.length === 0) return null
  return async () => {
    await db.execute(
      previous
        ? sql`update mail_claims set claimed_at = ${previous.claimed_at}::timestamptz where ${key}`
        : sql`delete from mail_claims where ${key}`,
    )
  }
}

function localHour(timeZone: string, now: Date): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(now))
}

/** Each batched candidate: claimed, summarized, sent; a failure gives the claim back. */
async function sendBatched(db: DbOrTx, mailer: Mailer, appOrigin: string, list: Candidate[], now: Date) {
  const settingsLink = `${appOrigin}/settings`
  let failure: unknown
  for (const candidate of list) {
    const release = await claimBatch(db, candidate, now)
    if (!release) continue
    const found = await summarize(db, candidate, appOrigin)
    if (!found) {
      await release()
      continue
    }
    try {
      await mailer.send(unreadMessagesMail(candidate.email, found.summary, settingsLink))
      await markMailed(db, candidate, found.seq)
    } catch (error) {
      await release()
      failure ??= error
    }
  }
  if (failure) throw failure
}

/** Each daily person from 18:00 in their zone: one email for the day, claimed per local date. */
async function sendDaily(db: DbOrTx, mailer: Mailer, appOrigin: string, list: Candidate[], now: Date) {
  const byPerson = new Map<string, Candidate[]>()
  for (const candidate of list)
    byPerson.set(candidate.user_id, [...(byPerson.get(candidate.user_id) ?? []), candidate])
  let failure: unknown
  for (const [userId, conversations] of byPerson) {
    const { email, time_zone: timeZone } = conversations[0]!
    if (localHour(timeZone, now) < DAILY_HOUR) continue
    const day = todayIn(timeZone, now)
    const claimed = await selectRows(
      db,
      sql`insert into mail_claims (kind, subject_id, period, claimed_at) values ('messages-daily', ${userId}, ${day}, ${at(now)})
      on conflict do nothing returning period`,
    )
    if (claimed.length === 0) continue
    const found = []
    for (const candidate of conversations) {
      const summary = await summarize(db, candidate, appOrigin)
      if (summary) found.push({ candidate, ...summary })
    }
    try {
      if (found.length > 0)
        await mailer.send(
          dailyMessagesMail(
            email,
            found.map((f) => f.summary),
            `${appOrigin}/settings`,
          ),
        )
      for (const f of found) await markMailed(db, f.candidate, f.seq)
    } catch (error) {
      await db.execute(
        sql`delete from mail_claims where kind = 'messages-daily' and subject_id = ${userId} and period = ${day}`,
      )
      failure ??= error
    }
  }
  if (failure) throw failure
}

/**
 * One pass of the message email job (every instance runs it each minute; each email is claimed
 * in the database, so it goes out once across instances and restarts). Batched: a person with
 * messages unread for 10 minutes in a conversation gets one email for it, at most one an hour,
 * none when they read first. Daily: one email at 18:00 their time. Off: nothing.
 */
export async function sendMessageMail(db: DbOrTx, mailer: Mailer, appOrigin: string, now: Date = new Date()) {
  // A daily claim matters only for its day: older ones go.
  await db.execute(
    sql`delete from mail_claims where kind = 'messages-daily' and claimed_at < ${at(now, 3 * 24 * 60)}`,
  )
  const list = await candidates(db, now)
  const results = await Promise.allSettled([
    sendBatched(
      db,
      mailer,
      appOrigin,
      list.filter((candidate) => candidate.mode === 'batched'),
      now,
    ),
    sendDaily(
      db,
      mailer,
      appOrigin,
      list.filter((candidate) => candidate.mode === 'daily'),
      now,
    ),
  ])
  for (const result of results) if (result.status === 'rejected') throw result.reason
}
