import { sql } from 'drizzle-orm'
import type { RecordOverview } from '../../../shared/record-overview'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { studentAccess } from './record'

/** Colleges not yet applied to: their deadline is still ahead of the student. */
const NOT_YET_APPLIED = sql`('researching', 'applying')`

interface OverviewRow {
  next_deadline: RecordOverview['nextDeadline']
  next_task: RecordOverview['nextTask']
  open_tasks: number
}

/**
 * The record's overview beyond the record read (docs/product.md#the-records-overview-and-sections): whoever
 * reads the record reads its tasks and college list, so the access check is the record's (404
 * otherwise). "Today" is the viewer's, in the time zone of their settings.
 */
export async function recordOverview(db: DbOrTx, viewer: Viewer, studentId: string): Promise<RecordOverview> {
  await studentAccess(db, viewer, studentId)
  const [row] = await selectRows<OverviewRow>(
    db,
    sql`with today as (
      select (now() at time zone coalesce((select time_zone from users where id = ${viewer.id}), 'UTC'))::date as day
    )
    select
      (select json_build_object('uuid', e.id, 'name', e.name, 'round', e.round,
          'deadline', to_char(e.deadline, 'YYYY-MM-DD'))
        from college_entries e
        where e.student_id = ${studentId} and e.status in ${NOT_YET_APPLIED}
          and e.deadline >= (select day from today)
        order by e.deadline, lower(e.name), e.id limit 1) as next_deadline,
      (select json_build_object('uuid', t.id, 'title', t.title, 'dueDate', to_char(t.due_date, 'YYYY-MM-DD'),
          'assignee', json_build_object('name', a.name, 'uuid', a.id))
        from tasks t join users a on a.id = t.assignee_id
        where t.student_id = ${studentId} and t.status = 'open'
        order by t.due_date asc nulls last, t.created_at, t.id limit 1) as next_task,
      (select count(*)::int from tasks t where t.student_id = ${studentId} and t.status = 'open') as open_tasks`,
  )
  return { nextDeadline: row!.next_deadline, nextTask: row!.next_task, openTasks: row!.open_tasks }
}
