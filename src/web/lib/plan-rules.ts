import type { CollegeEntry } from '../../shared/colleges'
import { grantFor, kindOf, may } from '../../shared/record-rules'
import type { Student } from '../../shared/students'
import { isOverdue, type Task, todayIn } from '../../shared/tasks'
import type { CurrentUser } from '../../shared/users'
import type { RecordAccess } from './record-access'

/**
 * The coaching plan's rules on screen (docs/product.md#tasks, docs/product.md#college-list). The
 * web only hides what the server would refuse (the rules are the server's table,
 * src/shared/record-rules.ts); the server still checks every call.
 */

/** Admins and educators on the team add tasks for anyone on the plan; the student adds their own. */
export const canAddTask = (access: RecordAccess) => may(access, 'tasks.create')

/** Choosing the assignee: whoever may add a task for anyone (a student's tasks are their own). */
export const canChooseAssignee = (access: RecordAccess) => grantFor(kindOf(access), 'tasks.create') === 'any'

/** Edit and delete: staff writers any task; the student the ones they created. */
export const canChangeTask = (access: RecordAccess, viewer: CurrentUser, task: Task) =>
  may(access, 'tasks.change', task.createdBy.uuid === viewer.uuid)

/** Ticking done or open again: the assignee (staff or the student), and whoever may change the task. */
export const canTickTask = (access: RecordAccess, viewer: CurrentUser, task: Task) =>
  may(access, 'tasks.setStatus', task.assignee.uuid === viewer.uuid) || canChangeTask(access, viewer, task)

/** Everything on the college list but the aid figures: the student, educators on the team, admins. */
export const canEditCollegePlan = (access: RecordAccess) => may(access, 'colleges.plan')

/** The aid figures: only an FAO on the team (comparing aid offers is their work). */
export const canEditAid = (access: RecordAccess, viewer: CurrentUser) =>
  may(access, 'colleges.financial') && viewer.profileFao != null

/** Who a task may be assigned to: the student and the staff on the team. */
export function assigneeOptions(student: Student): { uuid: string; name: string }[] {
  return [
    { uuid: student.uuid, name: student.name || 'The student' },
    ...student.team.map((member) => ({ uuid: member.uuid, name: member.name || 'Unnamed' })),
  ]
}

const DAY = 86_400_000

/** Whole days from `today` to `date` (both YYYY-MM-DD); negative when past. */
export function daysBetween(today: string, date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY)
}

/**
 * A deadline in words for the list: "Today", "Tomorrow", "5 days left" (marked: within 14 days),
 * "21 days left", "Passed 3 days ago"; null when there is no deadline.
 */
export function daysLeft(deadline: string | null, today: string): { text: string; soon: boolean } | null {
  if (!deadline) return null
  const days = daysBetween(today, deadline)
  if (days < 0) return { text: `Passed ${-days} ${-days === 1 ? 'day' : 'days'} ago`, soon: false }
  if (days === 0) return { text: 'Due today', soon: true }
  if (days === 1) return { text: 'Due tomorrow', soon: true }
  return { text: `${days} days left`, soon: days <= 14 }
}

/** The net-cost comparison: entries with both aid figures, cheapest first (then by name). */
export function byNetCost(entries: CollegeEntry[]): (CollegeEntry & { netCost: number })[] {
  return entries
    .filter((entry): entry is CollegeEntry & { netCost: number } => entry.netCost !== null)
    .sort((a, b) => a.netCost - b.netCost || a.name.localeCompare(b.name))
}

/** "Overdue" or "Due in 3 days" or "Due Mar 1"-style words for a task, in the viewer's time zone. */
export function dueWords(task: Pick<Task, 'status' | 'dueDate'>, timeZone: string, now = new Date()) {
  // The list writes "No due date" itself: the words here are only the marks beside a date.
  if (!task.dueDate) return { text: '', overdue: false, soon: false }
  if (isOverdue(task, timeZone, now)) return { text: 'Overdue', overdue: true, soon: false }
  const days = daysBetween(todayIn(timeZone, now), task.dueDate)
  if (task.status === 'open' && days === 0) return { text: 'Due today', overdue: false, soon: true }
  if (task.status === 'open' && days === 1) return { text: 'Due tomorrow', overdue: false, soon: true }
  return { text: '', overdue: false, soon: task.status === 'open' && days <= 7 }
}

export const viewerTimeZone = (viewer: CurrentUser) =>
  viewer.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone

export const dollars = (value: number) => `$${value.toLocaleString('en-US')}`
