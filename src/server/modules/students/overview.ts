import { sql } from 'drizzle-orm'
import type { RecordOverview } from '../../../shared/record-overview'
import { todayIn } from '../../../shared/tasks'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { type ExtraColumn, studentAccessWith } from './record'

/** Colleges not yet applied to: their deadline is still ahead of the student. */
const NOT_YET_APPLIED = sql`('researching', 'applying')`
const FALLBACK_TIME_ZONE = 'America/New_York'

/** The viewer's time zone, read with the access check (the viewer's id is the statement's parameter). */
const viewerTimeZone = (viewerId: string): ExtraColumn => ({
  name: 'viewer-time-zone',
  sql: () => sql`(select time_zone from users where id = ${viewerId})`,
})

/** Today in the viewer's zone, as the web app works it out (Intl, not the database's zone names). */
function viewerToday(timeZone: string | undefined, now = new Date()): string {
  try {
    return todayIn(timeZone || FALLBACK_TIME_ZONE, now)
  } catch {
    return todayIn(FALLBACK_TIME_ZONE, now)
  }
}

interface OverviewRow {
  next_deadline: RecordOverview['nextDeadline']
  next_task: RecordOverview['nextTask']
  open_tasks: number
  class_year: number | null
  school: string | null
  next_test: RecordOverview['nextTest']
}

/**
 * The record's overview beyond the record read (docs/product.md#the-records-overview-and-sections):
 * whoever reads the record reads its tasks and college list, so the access check is the record's
 * (404 otherwise). "Today" is the viewer's, in the time zone of their settings.
 */
export async function recordOverview(db: DbOrTx, viewer: Viewer, studentId: string): Promise<RecordOverview> {
  const { extra: timeZone } = await studentAccessWith(db, viewer, studentId, viewerTimeZone(viewer.id))
  const today = viewerToday(timeZone)
  const [row] = await selectRows<OverviewRow>(
    db,
    sql`select
      (select json_build_object('uuid', e.id, 'name', e.name, 'round', e.round,
          'deadline', to_char(e.deadline, 'YYYY-MM-DD'))
        from college_entries e
        where e.student_id = ${studentId} and e.status in ${NOT_YET_APPLIED} and e.deadline >= ${today}::date
        order by e.deadline, lower(e.name), e.id limit 1) as next_deadline,
      (select json_build_object('uuid', t.id, 'title', t.title, 'dueDate', to_char(t.due_date, 'YYYY-MM-DD'),
          'assignee', json_build_object('name', a.name, 'uuid', a.id))
        from tasks t join users a on a.id = t.assignee_id
        where t.student_id = ${studentId} and t.status = 'open'
        order by t.due_date asc nulls last, t.created_at, t.id limit 1) as next_task,
      (select count(*)::int from tasks t where t.student_id = ${studentId} and t.status = 'open') as open_tasks,
      p.class_year, p.school,
      (select json_build_object('test', d->>'test', 'date', d->>'date')
        from jsonb_array_elements(p.test_dates) d
        where d->>'date' >= ${today} order by d->>'date' limit 1) as next_test
      from student_profiles p where p.user_id = ${studentId}`,
  )
  return {
    nextDeadline: row?.next_deadline ?? null,
    nextTask: row?.next_task ?? null,
    openTasks: row?.open_tasks ?? 0,
    classYear: row?.class_year ?? null,
    school: row?.school ?? null,
    nextTest: row?.next_test ?? null,
  }
}
