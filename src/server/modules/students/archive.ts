import { sql } from 'drizzle-orm'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { notFound } from '../../problems'
import { recordAudit } from '../audit/audit'
import { isoSql, isUuid } from './sql'

export interface ArchivedState {
  name: string
  uuid: string
  archived: boolean
  archivedAt: string | null
}

/**
 * `PATCH /v1/students/{id}` `{ archived }`: archived students leave active lists, educators'
 * navigation and `activeStudents`, and keep every record (docs/product.md#archive).
 */
export async function setArchived(
  db: DbOrTx,
  actor: Viewer,
  studentId: string,
  archived: boolean,
): Promise<ArchivedState> {
  if (!isUuid(studentId)) throw notFound('No such student.')
  return db.transaction(async (tx) => {
    const [before] = await selectRows<{ archived: boolean }>(
      tx,
      sql`select archived_at is not null as archived from student_profiles where user_id = ${studentId} for update`,
    )
    if (!before) throw notFound('No such student.')
    if (before.archived !== archived) {
      await tx.execute(
        archived
          ? sql`update student_profiles set archived_at = now() where user_id = ${studentId}`
          : sql`update student_profiles set archived_at = null where user_id = ${studentId}`,
      )
      await recordAudit(tx, {
        actorId: actor.id,
        action: archived ? 'student.archived' : 'student.restored',
        subjectType: 'student',
        subjectId: studentId,
        studentId,
        before: { archived: before.archived },
        after: { archived },
      })
    }
    const [state] = await selectRows<ArchivedState>(
      tx,
      sql`select u.name, u.id as uuid, sp.archived_at is not null as archived,
        case when sp.archived_at is null then null else ${isoSql(sql`sp.archived_at`)} end as "archivedAt"
      from student_profiles sp join users u on u.id = sp.user_id where sp.user_id = ${studentId}`,
    )
    return state!
  })
}
