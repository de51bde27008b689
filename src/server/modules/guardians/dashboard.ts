import { sql } from 'drizzle-orm'
import type { SessionNote } from '../../../shared/notes'
import { latestOfficialEntry, superscores, withActComposite, withSatCumulative } from '../../../shared/scores'
import type { GuardianCard } from '../../../shared/screens'
import type { DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { noteJsonSql } from '../notes/notes'
import { guardianLinkCountsSql } from '../students/record'
import { actScoresJson, type RawAct, type RawSat, satScoresJson } from '../students/sql'

interface CardRow {
  uuid: string
  name: string
  relationship: string
  sat: RawSat[]
  act: RawAct[]
  note: SessionNote | null
}

/**
 * A guardian's dashboard: one card per linked, active student, with the newest official SAT and ACT, the
 * superscores and the newest shared note (internal notes never appear). One query.
 */
export async function guardianCards(db: DbOrTx, guardianId: string): Promise<GuardianCard[]> {
  const rows = await selectRows<CardRow>(
    db,
    sql`select u.id as uuid, u.name, gl.relationship,
      ${satScoresJson(sql`u.id`)} as sat, ${actScoresJson(sql`u.id`)} as act,
      (select ${noteJsonSql('_n')} from session_notes _n where _n.student_id = u.id and _n.visibility = 'shared'
        order by _n.date desc, _n.created_at desc, _n.id desc limit 1) as note
    from guardian_links gl
    join student_profiles sp on sp.user_id = gl.student_id and sp.archived_at is null
    join users u on u.id = sp.user_id
    where gl.guardian_id = ${guardianId} and ${guardianLinkCountsSql(sql`gl.accepted_at`, guardianId)}
    order by u.name, u.id`,
  )
  return rows.map((row) => ({
    student: { name: row.name, uuid: row.uuid, archived: false },
    relationship: row.relationship,
    latestSat: newest(row.sat, withSatCumulative),
    latestAct: newest(row.act, withActComposite),
    superscores: superscores(row.sat, row.act),
    newestSharedNote: row.note,
  }))
}

/** Score lists come oldest first; the newest official entry is the latest. */
function newest<Raw extends RawSat | RawAct, Scored>(
  entries: Raw[],
  score: (entry: Raw) => Scored,
): Scored | null {
  const last = latestOfficialEntry(entries)
  return last ? score(last) : null
}
