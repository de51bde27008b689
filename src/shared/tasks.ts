import { z } from 'zod'
import { dateTimeFormat } from './dates'
import { booleanField, orRequired, planDateField, requiredText, uuidField } from './validation'
import { wallClock } from './zone-clock'

/**
 * Tasks on a student's plan: essays due, practice tests to take, applications to submit. Each has
 * an assignee (the student or a staff member on the team) and, optionally, a due date.
 */
export const TASK_TITLE_MAX = 200
export const TASK_DETAILS_MAX = 5000
export const TASK_STATUSES = ['open', 'done'] as const
export type TaskStatus = (typeof TASK_STATUSES)[number]

const personRef = z.object({ name: z.string(), uuid: z.string() })

export const taskSchema = z.object({
  uuid: z.string(),
  studentUUID: z.string(),
  title: z.string(),
  details: z.string().nullable(),
  dueDate: z.string().nullable(),
  assignee: personRef,
  status: z.enum(TASK_STATUSES),
  completedAt: z.string().nullable(),
  createdBy: personRef,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The assignee may no longer read the record (they left the team or lost their role): reassign it. */
  needsNewAssignee: z.boolean(),
  /** The practice test this task is for (one assigned from Practice tests), else null. */
  practiceAttemptUUID: z.string().nullable(),
})
export type Task = z.infer<typeof taskSchema>

export { planDateField }

const readOnlyTaskFields = {
  uuid: z.unknown().optional(),
  studentUUID: z.unknown().optional(),
  completedAt: z.unknown().optional(),
  createdBy: z.unknown().optional(),
  createdAt: z.unknown().optional(),
  updatedAt: z.unknown().optional(),
  assignee: z.unknown().optional(),
  needsNewAssignee: z.unknown().optional(),
  practiceAttemptUUID: z.unknown().optional(),
}

/** `POST`: the assignee defaults to the student. */
export const taskInputSchema = z.strictObject({
  title: requiredText(TASK_TITLE_MAX),
  details: z.string().trim().max(TASK_DETAILS_MAX).nullish(),
  dueDate: planDateField.nullish(),
  assigneeUUID: uuidField.optional(),
  status: z.enum(TASK_STATUSES, { error: orRequired('Use open or done.') }).optional(),
  ...readOnlyTaskFields,
})
export type TaskInput = z.infer<typeof taskInputSchema>

/** `PATCH`: any of the fields; omitted ones stay as they are. */
export const taskPatchSchema = z
  .strictObject({
    title: requiredText(TASK_TITLE_MAX).optional(),
    details: z.string().trim().max(TASK_DETAILS_MAX).nullish(),
    dueDate: planDateField.nullish(),
    assigneeUUID: uuidField.optional(),
    status: z.enum(TASK_STATUSES, { error: orRequired('Use open or done.') }).optional(),
    ...readOnlyTaskFields,
  })
  .refine((body) => ['title', 'details', 'dueDate', 'assigneeUUID', 'status'].some((key) => key in body), {
    message: 'Send at least one of title, details, dueDate, assigneeUUID or status.',
    path: ['body'],
  })
export type TaskPatch = z.infer<typeof taskPatchSchema>

export const taskListSchema = z.object({ tasks: z.array(taskSchema) })

/** `GET /v1/tasks/mine?scope=assigned|students`. */
export const myTasksQuerySchema = z.object({
  scope: z.enum(['assigned', 'students'], { error: 'Use assigned or students.' }).optional(),
})

/** A task on the dashboard also names its student. */
export const dashboardTaskSchema = taskSchema.extend({ studentName: z.string() })
export const myTasksSchema = z.object({ tasks: z.array(dashboardTaskSchema) })
export type DashboardTask = z.infer<typeof dashboardTaskSchema>

/** Whether reminders are emailed (`PATCH /v1/users/me`). */
export const taskRemindersField = booleanField

/** Today's date in an IANA time zone, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const clock = wallClock(now, timeZone)
  if (clock)
    return `${clock.year}-${String(clock.month + 1).padStart(2, '0')}-${String(clock.day).padStart(2, '0')}`
  // One formatter per zone: `isOverdue` asks this for every task of a list.
  const parts = dateTimeFormat({ timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(
    now,
  )
  const part = (type: string) => parts.find((p) => p.type === type)?.value
  return `${part('year')}-${part('month')}-${part('day')}`
}

/** Overdue: an open task whose due date is before today in the viewer's time zone. */
export const isOverdue = (task: Pick<Task, 'status' | 'dueDate'>, timeZone: string, now = new Date()) =>
  task.status === 'open' && task.dueDate !== null && task.dueDate < todayIn(timeZone, now)
