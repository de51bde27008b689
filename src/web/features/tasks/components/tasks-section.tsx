import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { formatPlainDate, formatTimestamp } from '../../../../shared/dates'
import { kindOf } from '../../../../shared/record-rules'
import type { Student } from '../../../../shared/students'
import type { Task } from '../../../../shared/tasks'
import type { CurrentUser } from '../../../../shared/users'
import { Alert } from '../../../components/ui/alert'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { lazyDialog } from '../../../components/ui/lazy-dialog'
import { MarkdownView } from '../../../components/ui/markdown-view'
import { ListSkeleton } from '../../../components/ui/skeleton'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import {
  canAddTask,
  canChangeTask,
  canChooseAssignee,
  canTickTask,
  dueWords,
  viewerTimeZone,
} from '../../../lib/plan-rules'
import { canAnswerPractice, canSeePractice, type RecordAccess } from '../../../lib/record-access'
import { useSavingValue } from '../../../lib/use-saving-value'
import { tasksQueryOptions, useDeleteTask, useSaveTask } from '../api'

const TaskDialog = lazyDialog(() => import('./task-dialog').then((module) => module.TaskDialog))

interface TasksSectionProps {
  student: Student
  viewer: CurrentUser
  access: RecordAccess
}

/**
 * "Tasks": the open ones by due date (overdue marked in words), then the done ones. The assignee
 * ticks a task done or open again; staff on the team manage any task, the student their own.
 */
export function TasksSection({ student, viewer, access }: TasksSectionProps) {
  const tasks = useQuery(tasksQueryOptions(student.uuid))
  const [editing, setEditing] = useState<{ task: Task | null } | null>(null)
  const [deleting, setDeleting] = useState<Task | null>(null)
  const deleteTask = useDeleteTask(student.uuid)
  const list = tasks.data?.tasks ?? []
  const open = list.filter((task) => task.status === 'open')
  const done = list.filter((task) => task.status === 'done')
  const props = {
    student,
    viewer,
    access,
    onEdit: (task: Task) => setEditing({ task }),
    onDelete: setDeleting,
  }

  return (
    <section aria-labelledby="tasks-heading" className="card flex min-w-0 flex-col gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="tasks-heading" tabIndex={-1} className="text-xl font-semibold outline-none">
          Tasks
        </h2>
        {canAddTask(access) ? (
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => setEditing({ task: null })}
          >
            Add task
          </button>
        ) : null}
      </div>
      {tasks.isPending ? (
        <ListSkeleton label="Loading tasks…" rows={['h-5 w-56', 'h-5 w-40', 'h-5 w-48']} />
      ) : tasks.isError ? (
        <Alert tone="danger">The tasks could not be loaded: {errorMessage(tasks.error)}</Alert>
      ) : list.length === 0 ? (
        <p className="text-ink-muted">
          No tasks yet. Essays to draft, practice tests to take and applications to send go here, each with a
          due date and the person who does it.
        </p>
      ) : (
        <>
          <TaskGroup title="To do" tasks={open} empty="Nothing open: every task is done." {...props} />
          {done.length > 0 ? <TaskGroup title="Done" tasks={done} empty="" {...props} /> : null}
        </>
      )}
      {canAddTask(access) ? (
        <TaskDialog
          student={student}
          task={editing?.task ?? null}
          chooseAssignee={canChooseAssignee(access)}
          open={editing !== null}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={deleting ? `Delete the task “${deleting.title}”?` : ''}
        description="It is removed for everyone. This cannot be undone."
        confirmLabel="Delete task"
        fallbackFocus={() => document.getElementById('tasks-heading')?.focus()}
        onConfirm={async () => {
          if (!deleting) return
          await deleteTask.mutateAsync(deleting.uuid)
          toast('Task deleted')
        }}
      />
    </section>
  )
}

interface TaskGroupProps {
  title: string
  tasks: Task[]
  empty: string
  student: Student
  viewer: CurrentUser
  access: RecordAccess
  onEdit: (task: Task) => void
  onDelete: (task: Task) => void
}

function TaskGroup({ title, tasks, empty, ...rest }: TaskGroupProps) {
  const headingId = `tasks-${title.toLowerCase().replaceAll(' ', '-')}`
  return (
    <div className="flex flex-col gap-2">
      <h3 id={headingId} className="text-sm font-semibold tracking-wider text-ink-muted uppercase">
        {title}
      </h3>
      {tasks.length === 0 ? (
        <p className="text-ink-muted">{empty}</p>
      ) : (
        <ul aria-labelledby={headingId} className="flex flex-col divide-y divide-line">
          {tasks.map((task) => (
            <TaskItem key={task.uuid} task={task} {...rest} />
          ))}
        </ul>
      )}
    </div>
  )
}

function TaskItem({
  task,
  student,
  viewer,
  access,
  onEdit,
  onDelete,
}: Omit<TaskGroupProps, 'title' | 'tasks' | 'empty'> & { task: Task }) {
  const save = useSaveTask(student.uuid)
  const due = dueWords(task, viewerTimeZone(viewer))
  const done = task.status === 'done'
  // The box follows the click at once; the task moves to its group when the list comes back.
  const ticked = useSavingValue(done)
  const tick = async () => {
    try {
      await ticked.save(!done, () =>
        save.mutateAsync({ taskUuid: task.uuid, body: { status: done ? 'open' : 'done' } }),
      )
      toast(done ? `“${task.title}” is open again` : `“${task.title}” is done`)
    } catch (error) {
      toast(`Could not change the task: ${errorMessage(error)}`)
    }
  }
  return (
    <li className="flex gap-3 py-3 first:pt-1">
      {canTickTask(access, viewer, task) ? (
        // The label gives the small box a 44 x 44 px touch area.
        <label className="tap-box -mt-2 self-start">
          <input
            type="checkbox"
            className="size-5 shrink-0 accent-primary"
            checked={ticked.shown}
            disabled={save.isPending}
            onChange={tick}
            aria-label={`Done: ${task.title}`}
          />
        </label>
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className={`font-medium break-words ${done ? 'text-ink-muted line-through' : ''}`}>{task.title}</p>
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-ink-muted">
          {due.overdue ? (
            <span className="rounded bg-danger-soft px-1.5 font-semibold text-danger">Overdue</span>
          ) : due.text && !done ? (
            <span className="rounded bg-warning-soft px-1.5 font-semibold text-warning">{due.text}</span>
          ) : null}
          {task.dueDate ? <span>Due {formatPlainDate(task.dueDate)}</span> : <span>No due date</span>}
          <span>For {task.assignee.name || 'someone'}</span>
          {task.needsNewAssignee && !done ? (
            <span className="rounded bg-warning-soft px-1.5 font-semibold text-warning">
              Needs a new assignee
            </span>
          ) : null}
          {done && task.completedAt ? <span>Done {formatTimestamp(task.completedAt)}</span> : null}
        </p>
        {task.details ? <MarkdownView source={task.details} /> : null}
        {task.practiceAttemptUUID && canSeePractice(access) ? (
          <Link
            to="/students/$uuid/practice/$attemptId"
            params={{ uuid: task.studentUUID, attemptId: task.practiceAttemptUUID }}
            className="inline-flex min-h-11 items-center self-start font-medium"
          >
            {done || !canAnswerPractice(access)
              ? 'Open the practice test'
              : kindOf(access) === 'self'
                ? 'Take the test'
                : 'Enter answers'}
          </Link>
        ) : null}
        {canChangeTask(access, viewer, task) ? (
          <div className="-ml-3 flex flex-wrap gap-1">
            <button
              type="button"
              className="btn btn-quiet btn-small"
              onClick={() => onEdit(task)}
              aria-label={`Edit the task “${task.title}”`}
            >
              Edit
            </button>
            <button
              type="button"
              className="btn btn-quiet btn-small ml-auto text-danger"
              onClick={() => onDelete(task)}
              aria-label={`Delete the task “${task.title}”`}
            >
              Delete
            </button>
          </div>
        ) : null}
      </div>
    </li>
  )
}
