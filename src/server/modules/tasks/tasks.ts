import { type SQL, sql } from 'drizzle-orm'
import { may } from '../../../shared/record-rules'
import type { DashboardTask, Task, TaskInput, TaskPatch } from '../../../shared/tasks'
import type { Viewer } from '../../auth/viewer'
import type { DbOrTx, Tx } from '../../db/client'
import { selectRows } from '../../db/raw'
import { fieldError, notFound } from '../../problems'
import { recordAudit } from '../audit/audit'
import { type AccessOnRecord, mayReadRecordSql, studentAccess, viewerIsGuardianSql } from '../students/record'
import { refuseOverCap } from '../students/record-caps'
import { requireRule } from '../students/record-rules'
import { isoSql, isUuid } from '../students/sql'

/**
 * Tasks (docs/product.md#tasks). Admins and educators on the team change any task; the student
 * adds tasks for themself and changes the ones they added; the assignee marks theirs done or open
 * again; FAOs and guardians read. Everyone else: 404, as for the record.
 */

interface TaskRow {
  id: string
  student_id: string
  student_name: string
  title: string
  details: string | null
  due_date: string | null
  assignee_id: string
  assignee_name: string
  status: 'open' | 'done'
  completed_at: string | null
  created_by_id: string
  created_by_name: string
  created_at: string
  updated_at: string
  needs_new_assignee: boolean
  practice_attempt_id: string | null
}

/**
 * The practice attempt a task `t` was made for, or null: read through the attempts' student index
 * (a student has few). Raw text, for the week's JSON built by `sql.raw` too.
 */
export const taskAttemptSql = (t: string) =>
  `(select pa.id from practice_attempts pa where pa.student_id = ${t}.student_id and pa.task_id = ${t}.id limit 1)`

const taskColumns = sql`t.id, t.student_id, s.name as student_name, t.title, t.details,
  to_char(t.due_date, 'YYYY-MM-DD') as due_date, t.assignee_id, a.name as assignee_name, t.status,
  ${isoSql(sql`t.completed_at`)} as completed_at, t.created_by_id, c.name as created_by_name,
  ${isoSql(sql`t.created_at`)} as created_at, ${isoSql(sql`t.updated_at`)} as updated_at,
  not ${mayReadRecordSql(sql`t.student_id`, sql`t.assignee_id`)} as needs_new_assignee,
  ${sql.raw(taskAttemptSql('t'))} as practice_attempt_id`
const taskJoins = sql`tasks t join users s on s.id = t.student_id join users a on a.id = t.assignee_id
  join users c on c.id = t.created_by_id`
/** Open first, by due date (none last); then done, most recently completed first. */
const listOrder = sql`(t.status = 'done'), case when t.status = 'open' then t.due_date end asc nulls last,
  t.completed_at desc nulls last, t.created_at, t.id`

function toTask(row: TaskRow): Task {
  return {
    uuid: row.id,
    studentUUID: row.student_id,
    title: row.title,
    details: row.details,
    dueDate: row.due_date,
    assignee: { name: row.assignee_name, uuid: row.assignee_id },
    status: row.status,
    completedAt: row.completed_at,
    createdBy: { name: row.created_by_name, uuid: row.created_by_id },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    needsNewAssignee: row.needs_new_assignee,
    practiceAttemptUUID: row.practice_attempt_id,
  }
}

const audited = (row: TaskRow) => ({
  title: row.title,
  details: row.details,
  dueDate: row.due_date,
  assigneeId: row.assignee_id,
  status: row.status,
})

export async function listTasks(db: DbOrTx, viewer: Viewer, studentId: string): Promise<Task[]> {
  await studentAccess(db, viewer, studentId)
  const rows = await selectRows<TaskRow>(
    db,
    sql`select ${taskColumns} from ${taskJoins} where t.student_id = ${studentId} order by ${listOrder}`,
  )
  return rows.map(toTask)
}

/**
 * The same list as `listTasks`, `pageSize` tasks at a time: the order is read first as ids, then
 * each page's tasks, so an export never holds every task's details at once.
 */
export async function* taskPages(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  pageSize = 50,
): AsyncGenerator<Task[]> {
  await studentAccess(db, viewer, studentId)
  const ids = (
    await selectRows<{ id: string }>(
      db,
      sql`select t.id from tasks t where t.student_id = ${studentId} order by ${listOrder}`,
    )
  ).map((row) => row.id)
  for (let start = 0; start < ids.length; start += pageSize) {
    const pageIds = ids.slice(start, start + pageSize)
    const rows = await selectRows<TaskRow>(
      db,
      sql`select ${taskColumns} from ${taskJoins} where t.student_id = ${studentId} and t.id in ${pageIds}`,
    )
    const byId = new Map(rows.map((row) => [row.id, row]))
    // A task deleted since the ids were read is left out.
    yield pageIds.flatMap((id) => {
      const row = byId.get(id)
      return row ? [toTask(row)] : []
    })
  }
}

async function loadTask(tx: Tx, studentId: string, taskId: string): Promise<TaskRow> {
  if (!isUuid(taskId)) throw notFound('No such task.')
  const [row] = await selectRows<TaskRow>(
    tx,
    sql`select ${taskColumns} from ${taskJoins} where t.id = ${taskId} and t.student_id = ${studentId}
    for update of t`,
  )
  if (!row) throw notFound('No such task.')
  return row
}

/** A task is assigned to the student or to a staff member on their team. */
async function checkAssignee(tx: Tx, studentId: string, assigneeId: string) {
  const [ok] = await selectRows<{ ok: boolean }>(
    tx,
    sql`select (${assigneeId}::uuid = ${studentId}::uuid
      or exists(select 1 from team_members where student_id = ${studentId} and member_id = ${assigneeId})) as ok`,
  )
  if (!ok?.ok) {
    throw fieldError('assigneeUUID', 'Assign the task to the student or to a staff member on their team.')
  }
}

export async function createTask(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  input: TaskInput,
): Promise<Task> {
  const access = await studentAccess(db, viewer, studentId)
  requireRule(access, 'tasks.create')
  const assigneeId = input.assigneeUUID ?? studentId
  requireRule(access, 'tasks.create', assigneeId === viewer.id)
  return db.transaction(async (tx) => {
    await checkAssignee(tx, studentId, assigneeId)
    await refuseOverCap(tx, studentId, 'tasks')
    const done = input.status === 'done'
    const [inserted] = await selectRows<{ id: string }>(
      tx,
      sql`insert into tasks (student_id, title, details, due_date, assignee_id, status, completed_at, created_by_id)
      values (${studentId}, ${input.title}, ${input.details || null}, ${input.dueDate ?? null}, ${assigneeId},
        ${done ? 'done' : 'open'}, ${done ? sql`now()` : null}, ${viewer.id})
      returning id`,
    )
    const row = await loadTask(tx, studentId, inserted!.id)
    await recordAudit(tx, {
      actorId: viewer.id,
      action: 'task.created',
      subjectType: 'task',
      subjectId: row.id,
      studentId,
      after: audited(row),
    })
    return toTask(row)
  })
}

/** Read-only fields a client may send back are not changes. */
const CHANGE_KEYS = new Set(['title', 'details', 'dueDate', 'assigneeUUID', 'status'])

/** Whether this caller may make this change (see the module comment). */
function checkTaskChange(access: AccessOnRecord, viewer: Viewer, row: TaskRow, patch: TaskPatch) {
  const statusOnly = Object.keys(patch)
    .filter((key) => CHANGE_KEYS.has(key))
    .every((key) => key === 'status')
  if (statusOnly && may(access, 'tasks.setStatus', row.assignee_id === viewer.id)) return
  const own = row.created_by_id === viewer.id
  // Reassigning is assigning anew: a student's own task stays assigned to themself.
  if (may(access, 'tasks.change', own) && patch.assigneeUUID !== undefined) {
    requireRule(access, 'tasks.create', patch.assigneeUUID === viewer.id)
  }
  requireRule(access, 'tasks.change', own)
}

export async function updateTask(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  taskId: string,
  patch: TaskPatch,
): Promise<{ task: Task; reassigned: boolean }> {
  const access = await studentAccess(db, viewer, studentId)
  return db.transaction(async (tx) => {
    const before = await loadTask(tx, studentId, taskId)
    checkTaskChange(access, viewer, before, patch)
    if (patch.assigneeUUID !== undefined) await checkAssignee(tx, studentId, patch.assigneeUUID)
    const sets: SQL[] = [sql`updated_at = now()`]
    if (patch.title !== undefined) sets.push(sql`title = ${patch.title}`)
    if (patch.details !== undefined) sets.push(sql`details = ${patch.details || null}`)
    if (patch.dueDate !== undefined && patch.dueDate !== before.due_date) {
      // A new due date gets its own reminder.
      sets.push(sql`due_date = ${patch.dueDate}`, sql`reminded_due_date = null`)
    }
    if (patch.assigneeUUID !== undefined) sets.push(sql`assignee_id = ${patch.assigneeUUID}`)
    if (patch.status !== undefined && patch.status !== before.status) {
      sets.push(
        patch.status === 'done'
          ? sql`status = 'done', completed_at = now()`
          : sql`status = 'open', completed_at = null`,
      )
    }
    await tx.execute(sql`update tasks set ${sql.join(sets, sql`, `)} where id = ${taskId}`)
    const after = await loadTask(tx, studentId, taskId)
    await recordAudit(tx, {
      actorId: viewer.id,
      action: 'task.updated',
      subjectType: 'task',
      subjectId: taskId,
      studentId,
      before: audited(before),
      after: audited(after),
    })
    return { task: toTask(after), reassigned: after.assignee_id !== before.assignee_id }
  })
}

export async function deleteTask(
  db: DbOrTx,
  viewer: Viewer,
  studentId: string,
  taskId: string,
): Promise<void> {
  const access = await studentAccess(db, viewer, studentId)
  await db.transaction(async (tx) => {
    const row = await loadTask(tx, studentId, taskId)
    requireRule(access, 'tasks.delete', row.created_by_id === viewer.id)
    await tx.execute(sql`delete from tasks where id = ${taskId}`)
    await recordAudit(tx, {
      actorId: viewer.id,
      action: 'task.deleted',
      subjectType: 'task',
      subjectId: taskId,
      studentId,
      before: audited(row),
    })
  })
}

/**
 * The dashboard's open tasks: `assigned`, the caller's own; `students`, those of the students the
 * caller follows (on their team, or as their guardian). Only on records the caller may still read
 * (a task assigned to someone who left the team stays on the record, needing a new assignee, and
 * leaves their list). Active students only; soonest due first, so overdue ones lead, then those
 * due this week; tasks without a date last.
 */
export async function myTasks(
  db: DbOrTx,
  viewer: Viewer,
  scope: 'assigned' | 'students',
): Promise<DashboardTask[]> {
  const whose =
    scope === 'assigned'
      ? sql`t.assignee_id = ${viewer.id}`
      : sql`(exists(select 1 from team_members tm where tm.student_id = t.student_id and tm.member_id = ${viewer.id})
          or ${viewerIsGuardianSql(sql`t.student_id`, viewer.id)})`
  const rows = await selectRows<TaskRow>(
    db,
    sql`select ${taskColumns} from ${taskJoins}
    join student_profiles sp on sp.user_id = t.student_id and sp.archived_at is null
    where t.status = 'open' and ${whose} and ${mayReadRecordSql(sql`t.student_id`, sql`${viewer.id}::uuid`)}
    order by t.due_date asc nulls last, t.created_at, t.id limit 200`,
  )
  return rows.map((row) => ({ ...toTask(row), studentName: row.student_name }))
}
