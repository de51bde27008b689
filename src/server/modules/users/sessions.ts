import Bowser from 'bowser'
import { sql } from 'drizzle-orm'
import type { UserSession } from '../../../shared/sessions'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { conflict, notFound } from '../../problems'
import { isoSql, isUuid } from '../students/sql'

/** "Safari on iOS (mobile)" from a user agent, or "Unknown device". */
export function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device'
  const { browser, os, platform } = Bowser.parse(userAgent)
  const parts = [browser.name, os.name ? `on ${os.name}` : null].filter(Boolean)
  if (parts.length === 0) return 'Unknown device'
  const kind = platform.type === 'mobile' || platform.type === 'tablet' ? ` (${platform.type})` : ''
  return `${parts.join(' ')}${kind}`
}

interface SessionRow {
  id: string
  user_agent: string | null
  ip_address: string | null
  created_at: string
  updated_at: string
}

/** The person's live sessions, the most recently used first. Tokens never leave the database. */
export async function listMySessions(db: DbOrTx, viewer: Viewer): Promise<UserSession[]> {
  const rows = await selectRows<SessionRow>(
    db,
    sql`select id, user_agent, ip_address, ${isoSql(sql`created_at`)} as created_at,
      ${isoSql(sql`updated_at`)} as updated_at
    from sessions where user_id = ${viewer.id} and expires_at > now()
    order by updated_at desc, id`,
  )
  return rows.map((row) => ({
    uuid: row.id,
    current: row.id === viewer.sessionId,
    device: deviceName(row.user_agent),
    ipAddress: row.ip_address || null,
    createdAt: row.created_at,
    lastSeenAt: row.updated_at,
  }))
}

/** Ends one of the person's other sessions at once; this browser logs out with Log out instead. */
export async function endMySession(db: DbOrTx, viewer: Viewer, sessionId: string): Promise<void> {
  if (!isUuid(sessionId)) throw notFound('No such session.')
  if (sessionId === viewer.sessionId) {
    throw conflict('current-session', 'This is the session you are using. Log out to end it.')
  }
  const ended = await selectRows<{ id: string }>(
    db,
    sql`delete from sessions where id = ${sessionId} and user_id = ${viewer.id} returning id`,
  )
  if (ended.length === 0) throw notFound('No such session.')
}

/** Ends every session of the person but this one; answers how many ended. */
export async function endMyOtherSessions(db: DbOrTx, viewer: Viewer): Promise<number> {
  const ended = await selectRows<{ id: string }>(
    db,
    sql`delete from sessions where user_id = ${viewer.id}
      and id is distinct from ${viewer.sessionId ?? null}::uuid returning id`,
  )
  return ended.length
}
