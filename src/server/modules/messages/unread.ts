import { sql } from 'drizzle-orm'
import type { ConversationKind, UnreadList } from '../../../shared/messages'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { guardianLinkCountsSql } from '../students/record'
import { isoSql } from '../students/sql'
import { mayReadConversationSql } from './conversation'

/** The most conversations the unread list names; `total` counts them all. */
const UNREAD_LIST_MAX = 100

/**
 * The conversations a person takes part in, over `p(user_id)`: the Family and Staff ones of the
 * students whose team they are on, their own Family one as a student, their children's as a
 * guardian, and any other they opened or wrote in (an admin follows a conversation from then on).
 * Each still passes `mayReadConversationSql`, so Staff is never among the family's.
 */
export const participationSql = (userId: string) => sql`
  select tm.student_id, k.kind from team_members tm cross join (values ('family'), ('staff')) k(kind)
    where tm.member_id = ${userId}
  union select ${userId}::uuid, 'family' where exists(select 1 from student_profiles where user_id = ${userId})
  union select gl.student_id, 'family' from guardian_links gl
    where gl.guardian_id = ${userId} and ${guardianLinkCountsSql(sql`gl.accepted_at`, userId)}
  union select cr.student_id, cr.kind from conversation_reads cr where cr.user_id = ${userId}`

interface UnreadRow {
  student_id: string
  student_name: string
  kind: ConversationKind
  unread: number
  latest_at: string
}

/**
 * `GET /v1/conversations/unread`: the caller's conversations with unread messages (by others, not
 * deleted, after their read mark), the newest first, and the total; archived students' left out.
 */
export async function unreadConversations(db: DbOrTx, viewer: Viewer): Promise<UnreadList> {
  const rows = await selectRows<UnreadRow>(
    db,
    sql`select c.student_id, s.name as student_name, c.kind, count(*)::int as unread,
      ${isoSql(sql`max(m.created_at)`)} as latest_at
    from (${participationSql(viewer.id)}) c
    join student_profiles sp on sp.user_id = c.student_id and sp.archived_at is null
    join users s on s.id = c.student_id
    left join conversation_reads r on r.user_id = ${viewer.id} and r.student_id = c.student_id and r.kind = c.kind
    join messages m on m.student_id = c.student_id and m.kind = c.kind and m.seq > coalesce(r.read_seq, 0)
      and m.author_id <> ${viewer.id} and m.deleted_at is null
    where ${mayReadConversationSql(sql`c.student_id`, sql`${viewer.id}::uuid`, sql`c.kind`)}
    group by c.student_id, s.name, c.kind
    order by max(m.seq) desc`,
  )
  return {
    total: rows.reduce((sum, row) => sum + row.unread, 0),
    conversations: rows.slice(0, UNREAD_LIST_MAX).map((row) => ({
      studentUUID: row.student_id,
      studentName: row.student_name,
      kind: row.kind,
      unread: row.unread,
      latestAt: row.latest_at,
    })),
  }
}
