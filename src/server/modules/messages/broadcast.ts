import { sql } from 'drizzle-orm'
import type { BroadcastInput, BroadcastResult } from '../../../shared/messages'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { fieldError } from '../../problems'
import { recordAudits } from '../audit/audit'
import { lockConversations } from './writes'

interface Recipient {
  id: string
  name: string
}

/** The active students a broadcast goes to, by name; 400 naming the field for a wrong pick. */
async function recipients(db: DbOrTx, to: BroadcastInput['to']): Promise<Recipient[]> {
  if (to.kind === 'all-active') {
    return selectRows<Recipient>(
      db,
      sql`select u.id, u.name from student_profiles sp join users u on u.id = sp.user_id
      where sp.archived_at is null order by lower(u.name), u.id`,
    )
  }
  if (to.kind === 'educator') {
    const [educator] = await selectRows<{ id: string }>(
      db,
      sql`select user_id as id from educator_profiles where user_id = ${to.educatorUUID}`,
    )
    if (!educator) throw fieldError('to.educatorUUID', 'Choose an educator.')
    return selectRows<Recipient>(
      db,
      sql`select u.id, u.name from team_members tm
      join student_profiles sp on sp.user_id = tm.student_id and sp.archived_at is null
      join users u on u.id = sp.user_id
      where tm.member_id = ${to.educatorUUID} order by lower(u.name), u.id`,
    )
  }
  const ids = [...new Set(to.studentUUIDs)]
  const found = await selectRows<Recipient>(
    db,
    sql`select u.id, u.name from student_profiles sp join users u on u.id = sp.user_id
    where sp.archived_at is null and sp.user_id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) order by lower(u.name), u.id`,
  )
  const active = new Set(found.map((row) => row.id))
  const missing = to.studentUUIDs.findIndex((id) => !active.has(id))
  if (missing >= 0) throw fieldError(`to.studentUUIDs.${missing}`, 'Choose an active student.')
  return found
}

/**
 * `POST /v1/broadcasts` (admins): one message in the Family conversation of each student picked,
 * each a normal message (read marks, unread counts, the live stream and the batched email treat it
 * as any other). One transaction: every conversation gets it, or none; set-based statements, so
 * its cost grows with the students only in the rows written.
 */
export async function broadcast(db: DbOrTx, viewer: Viewer, input: BroadcastInput): Promise<BroadcastResult> {
  return db.transaction(async (tx) => {
    const students = await recipients(tx, input.to)
    if (students.length === 0) return { sent: 0, students: [] }
    const ids = students.map((student) => student.id)
    await lockConversations(tx, ids)
    const list = sql`array[${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}]`
    const written = await selectRows<{ id: string; student_id: string; seq: string }>(
      tx,
      sql`insert into messages (student_id, kind, author_id, body)
      select s.id, 'family', ${viewer.id}, ${input.body} from unnest(${list}) with ordinality s(id, n) order by s.n
      returning id, student_id, seq::text as seq`,
    )
    await tx.execute(
      sql`insert into conversation_reads (user_id, student_id, kind, read_seq, read_at)
      select ${viewer.id}, m.student_id, 'family', m.seq, now() from messages m
      where m.id in (${sql.join(
        written.map((row) => sql`${row.id}::uuid`),
        sql`, `,
      )})
      on conflict (user_id, student_id, kind) do update
        set read_seq = greatest(conversation_reads.read_seq, excluded.read_seq), read_at = now()`,
    )
    await recordAudits(
      tx,
      written.map((row) => ({
        actorId: viewer.id,
        action: 'message.posted' as const,
        subjectType: 'message' as const,
        subjectId: row.id,
        studentId: row.student_id,
        after: {
          kind: 'family' as const,
          characters: input.body.length,
          attachmentIds: [],
          broadcast: true as const,
        },
      })),
    )
    const byStudent = new Map(written.map((row) => [row.student_id, row.id]))
    return {
      sent: written.length,
      students: students.map((student) => ({
        uuid: student.id,
        name: student.name,
        messageUUID: byStudent.get(student.id)!,
      })),
    }
  })
}
