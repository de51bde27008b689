import { sql } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { rearmLowBalance } from './low-balance'

/**
 * The hours ledger's one rule for sessions (docs/product.md#hour-packages): an attended,
 * late-cancelled or no-show session has exactly one entry, drawing its duration from the
 * student's oldest open package of its service, else of any service (a package with hours left
 * that has not expired by the session's day); any other status has none. Call it in the
 * transaction that changed the session, after the change, with the session row locked. An entry
 * removed or made smaller may bring the balance back to the low-balance threshold, which re-arms
 * that email.
 */
export async function syncSessionCharge(tx: Tx, sessionId: string, actorId: string): Promise<void> {
  const [session] = await selectRows<{
    student_id: string
    status: string
    duration_minutes: number
    service: string
    local_day: string
  }>(
    tx,
    sql`select student_id, status, duration_minutes, service,
      to_char((starts_at at time zone time_zone)::date, 'YYYY-MM-DD') as local_day
    from tutoring_sessions where id = ${sessionId}`,
  )
  if (!session) return
  const charged = ['attended', 'late-cancelled', 'no-show'].includes(session.status)
  if (!charged) {
    const removed = await selectRows<{ id: string }>(
      tx,
      sql`delete from hour_ledger where session_id = ${sessionId} returning id`,
    )
    if (removed.length > 0) await rearmLowBalance(tx, session.student_id)
    return
  }
  const updated = await selectRows<{ id: string }>(
    tx,
    sql`update hour_ledger set minutes = ${-session.duration_minutes}
    where session_id = ${sessionId} returning id`,
  )
  if (updated.length > 0) {
    await rearmLowBalance(tx, session.student_id)
    return
  }
  const [open] = await selectRows<{ id: string }>(
    tx,
    sql`select p.id from hour_packages p
    where p.student_id = ${session.student_id}
      and (p.service = ${session.service} or p.service is null)
      and (p.expires_on is null or p.expires_on >= ${session.local_day}::date)
      and (select coalesce(sum(l.minutes), 0) from hour_ledger l
        where l.student_id = p.student_id and l.package_id = p.id) > 0
    order by (p.service is null), p.purchased_on, p.created_at, p.id
    limit 1`,
  )
  await tx.execute(sql`insert into hour_ledger (student_id, kind, minutes, package_id, session_id, created_by_id)
    values (${session.student_id}, 'session', ${-session.duration_minutes}, ${open?.id ?? null}, ${sessionId}, ${actorId})`)
}
