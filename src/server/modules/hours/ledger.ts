import { sql } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { rearmLowBalance } from './low-balance'

interface SessionFacts {
  student_id: string
  status: string
  duration_minutes: number
  service: string
  local_day: string
}

/** The student's oldest open package for the session: of its service first, then for any service. */
async function openPackageFor(tx: Tx, session: SessionFacts): Promise<string | null> {
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
  return open?.id ?? null
}

/**
 * The hours ledger's one rule for sessions (docs/product.md#hour-packages): an attended,
 * late-cancelled or no-show session has exactly one entry, drawing its duration from the
 * student's oldest open package of its service, else of any service (a package with hours left
 * that has not expired by the session's day); any other status has none. An entry keeps its
 * package while that package still serves the session; a session moved to another service, or to
 * a day after its package's expiry, draws again. Call it in the transaction that changed the
 * session's status, duration, service or start, after the change, with the session row locked.
 * An entry removed or made smaller may bring the balance back to the low-balance threshold, which
 * re-arms that email.
 */
export async function syncSessionCharge(tx: Tx, sessionId: string, actorId: string): Promise<void> {
  const [session] = await selectRows<SessionFacts>(
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
  const [entry] = await selectRows<{ id: string; fits: boolean }>(
    tx,
    sql`select l.id, (p.id is null or ((p.service = ${session.service} or p.service is null)
        and (p.expires_on is null or p.expires_on >= ${session.local_day}::date))) as fits
    from hour_ledger l left join hour_packages p on p.id = l.package_id
    where l.session_id = ${sessionId} for update of l`,
  )
  if (entry) {
    const packageId = entry.fits ? sql`package_id` : sql`${await openPackageFor(tx, session)}::uuid`
    await tx.execute(sql`update hour_ledger set minutes = ${-session.duration_minutes}, package_id = ${packageId}
      where id = ${entry.id}`)
    await rearmLowBalance(tx, session.student_id)
    return
  }
  await tx.execute(sql`insert into hour_ledger (student_id, kind, minutes, package_id, session_id, created_by_id)
    values (${session.student_id}, 'session', ${-session.duration_minutes}, ${await openPackageFor(tx, session)},
      ${sessionId}, ${actorId})`)
}
