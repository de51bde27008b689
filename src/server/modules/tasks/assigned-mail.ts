import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import type { Mailer } from '../../mail/mailer'
import { type TaskMailFacts, taskAssignedMail } from '../../mail/task-messages'
import { mayReadRecordSql } from '../students/record'
import { planLink } from './reminders'
import { taskAttemptSql } from './tasks'

interface AssignedRow extends TaskMailFacts {
  email: string
  practice_attempt_id: string | null
}

/** What sending needs: the server instance (`app`) has all three. */
export interface TellDeps {
  db: DbOrTx
  mailer: Mailer
  env: { appOrigin: string }
}

/**
 * Emails a task's assignee that `actorId` gave it to them: after the write that created or
 * reassigned it has committed, so a refused write sends nothing. No email when the assignee gave
 * it to themself, when the task is done, when the assignee turned task emails off, is disabled or
 * may no longer read the record, or when the student is archived. A failed send is logged, not
 * thrown: the task is written either way. Returns whether one was sent.
 */
export async function tellAssignee(
  deps: TellDeps,
  log: { error: (obj: object, msg: string) => void },
  taskId: string,
  actorId: string,
): Promise<boolean> {
  try {
    return await sendAssigned(deps, taskId, actorId)
  } catch (err) {
    log.error({ err }, 'task-assigned mail failed')
    return false
  }
}

async function sendAssigned({ db, mailer, env }: TellDeps, taskId: string, actorId: string) {
  const { appOrigin } = env
  const [task] = await selectRows<AssignedRow>(
    db,
    sql`select t.title, t.details, to_char(t.due_date, 'YYYY-MM-DD') as due_date, t.student_id,
      s.name as student_name, t.assignee_id, a.email, actor.id as created_by_id,
      actor.name as created_by_name, ${sql.raw(taskAttemptSql('t'))} as practice_attempt_id
    from tasks t
    join users a on a.id = t.assignee_id and a.disabled_at is null and a.email_task_reminders
    join users actor on actor.id = ${actorId}
    join users s on s.id = t.student_id
    join student_profiles sp on sp.user_id = t.student_id and sp.archived_at is null
    where t.id = ${taskId} and t.status = 'open' and t.assignee_id <> ${actorId}
      and ${mayReadRecordSql(sql`t.student_id`, sql`t.assignee_id`)}`,
  )
  if (!task) return false
  const sheet =
    task.practice_attempt_id && task.assignee_id === task.student_id
      ? `${appOrigin}/students/${task.student_id}/practice/${task.practice_attempt_id}`
      : null
  await mailer.send(
    taskAssignedMail(
      task.email,
      { ...task, practice: task.practice_attempt_id !== null },
      { open: sheet ?? planLink(appOrigin, task.student_id), settings: `${appOrigin}/settings` },
    ),
  )
  return true
}
