import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { formatPlainDate } from '../../../../shared/dates'
import type { CurrentUser } from '../../../../shared/users'
import { Alert } from '../../../components/ui/alert'
import { ListSkeleton } from '../../../components/ui/skeleton'
import { errorMessage } from '../../../lib/api-client'
import { dueWords, viewerTimeZone } from '../../../lib/plan-rules'
import { myTasksQueryOptions } from '../api'

const TITLES = { assigned: 'My tasks', students: "My students' tasks" } as const
const EMPTY = {
  assigned: 'Nothing to do: no open tasks are assigned to you.',
  students: 'No open tasks on your students’ plans.',
} as const

/**
 * The dashboard's open tasks: mine, or (staff) my students'; overdue and due within a week
 * first, as the server orders them, each linked to the student's record.
 */
export function MyTasks({ scope, viewer }: { scope: 'assigned' | 'students'; viewer: CurrentUser }) {
  const tasks = useQuery(myTasksQueryOptions(scope))
  const headingId = `my-tasks-${scope}`
  const timeZone = viewerTimeZone(viewer)
  return (
    <section aria-labelledby={headingId} className="card flex min-w-0 flex-col gap-3 p-4 sm:p-6">
      <h2 id={headingId} className="text-xl font-semibold">
        {TITLES[scope]}
      </h2>
      {tasks.isPending ? (
        <ListSkeleton label="Loading tasks…" rows={['h-5 w-56', 'h-5 w-48']} />
      ) : tasks.isError ? (
        <Alert tone="danger">The tasks could not be loaded: {errorMessage(tasks.error)}</Alert>
      ) : tasks.data.tasks.length === 0 ? (
        <p className="text-ink-muted">{EMPTY[scope]}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {tasks.data.tasks.map((task) => {
            const due = dueWords(task, timeZone)
            return (
              <li
                key={task.uuid}
                className="flex flex-col gap-1 py-2.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4"
              >
                <span className="min-w-0 break-words">
                  <Link to="/students/$uuid" params={{ uuid: task.studentUUID }} className="font-medium">
                    {task.title}
                  </Link>
                  <span className="text-sm text-ink-muted"> · {task.studentName || 'A student'}</span>
                </span>
                <span className="flex shrink-0 flex-wrap items-baseline gap-2 text-sm text-ink-muted">
                  {due.overdue ? (
                    <span className="rounded bg-danger-soft px-1.5 font-semibold text-danger">Overdue</span>
                  ) : due.text ? (
                    <span className="rounded bg-warning-soft px-1.5 font-semibold text-warning">
                      {due.text}
                    </span>
                  ) : null}
                  {task.dueDate ? `Due ${formatPlainDate(task.dueDate)}` : 'No due date'}
                </span>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
