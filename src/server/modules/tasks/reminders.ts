import { sql } from 'drizzle-orm'
import { todayIn } from '../../../shared/tasks'
import type { DbOrTx } from '../../db/client'
import { selectRows } from '../../db/raw'
import type { Mailer } from '../../mail/mailer'
import { taskReminderMail } from '../../mail/task-messages'
import { mayReadRecordSql } from '../students/record'

/** A student's plan in the workspace. */
export const planLink = (appOrigin: string, studentId: string) =>
  `${appOrigin}/students/${studentId}?section=plan`

/** Reminders go out at this local hour on the day before a task is due. */
export const REMINDER_HOUR = 8

interface Candidate {
  id: string
  title: string
  details: string | null
  due_date: string
  student_id: string
  student_name: string
  email: string
  time_zone: string
  assignee_id: string
  created_by_id: string
  created_by_name: string
}

/** The day before a plain date, as YYYY-MM-DD. */
export function dayBefore(date: string): string {
  const day = new Date(`${date}T00:00:00Z`)
  day.setUTCDate(day.getUTCDate() - 1)
  return day.toISOString().slice(0, 10)
}

function localHour(timeZone: string, now: Date): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(now))
}

/** Whether a reminder for this due date is due now: from 08:00 on the day before, until the day itself. */
export function reminderIsDue(dueDate: string, timeZone: string, now: Date): boolean {
  return todayIn(timeZone, now) === dayBefore(dueDate) && localHour(timeZone, now) >= REMINDER_HOUR
}

/**
 * One pass of the reminder job. Candidates are open tasks with a due date around today whose
 * reminder for that date has not been claimed, assigned to an enabled account that wants
 * reminders, on an active student whose record they may still read. Each is claimed by one conditional UPDATE: of two servers (or
 * two passes) racing, the row lock lets one set `reminded_due_date` and the other's condition then
 * fails, so each reminder is sent once, across restarts too. A failed send releases the claim so
 * the next pass tries again. Returns the ids of the tasks reminded.
 */
export async function sendDueReminders(
  db: DbOrTx,
  mailer: Mailer,
  appOrigin: string,
  now: Date = new Date(),
): Promise<string[]> {
  const today = now.toISOString().slice(0, 10)
  const candidates = await selectRows<Candidate>(
    db,
    sql`select t.id, t.title, t.details, to_char(t.due_date, 'YYYY-MM-DD') as due_date, t.student_id,
      s.name as student_name, u.email, u.time_zone, t.assignee_id, t.created_by_id, c.name as created_by_name
    from tasks t
    join users c on c.id = t.created_by_id
    join users u on u.id = t.assignee_id and u.disabled_at is null and u.email_task_reminders
    join student_profiles sp on sp.user_id = t.student_id and sp.archived_at is null
    join users s on s.id = t.student_id
    where t.status = 'open' and t.due_date between ${today}::date - 1 and ${today}::date + 2
      and t.reminded_due_date is distinct from t.due_date
      and ${mayReadRecordSql(sql`t.student_id`, sql`t.assignee_id`)}`,
  )
  const sent: string[] = []
  for (const task of candidates) {
    if (!reminderIsDue(task.due_date, task.time_zone, now)) continue
    const claimed = await selectRows<{ id: string }>(
      db,
      sql`update tasks set reminded_due_date = due_date
      where id = ${task.id} and status = 'open' and due_date = ${task.due_date}
        and reminded_due_date is distinct from due_date
      returning id`,
    )
    if (claimed.length === 0) continue
    try {
      await mailer.send(
        taskReminderMail(task.email, task, {
          open: planLink(appOrigin, task.student_id),
          settings: `${appOrigin}/settings`,
        }),
      )
      sent.push(task.id)
    } catch (error) {
      await db.execute(
        sql`update tasks set reminded_due_date = null where id = ${task.id} and reminded_due_date = ${task.due_date}`,
      )
      throw error
    }
  }
  return sent
}

/** Runs a mail job every minute (and once now) until stopped; errors are logged, never thrown. */
export function startReminders(
  run: () => Promise<unknown>,
  log: { error: (obj: object, msg: string) => void },
  everyMs = 60_000,
  name = 'task reminders',
): () => void {
  let running = false
  const tick = () => {
    if (running) return
    running = true
    run()
      .catch((err) => log.error({ err }, `${name} failed`))
      .finally(() => {
        running = false
      })
  }
  const timer = setInterval(tick, everyMs)
  timer.unref()
  tick()
  return () => clearInterval(timer)
}
