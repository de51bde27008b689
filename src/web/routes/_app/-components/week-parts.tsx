import { Link, type LinkProps } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { ROUND_LABELS } from '../../../../shared/colleges'
import { formatPlainDate } from '../../../../shared/dates'
import type { WeekDeadline, WeekTask } from '../../../../shared/week'
import { daysBetween } from '../../../lib/plan-rules'
import type { RecordSectionId } from '../../../lib/record-sections'

/** A link to a student's record, at one of its sections when given. */
export function RecordLink({
  uuid,
  section,
  className,
  children,
}: {
  uuid: string
  /** The record's section to open (`/students/{uuid}?section=`). */
  section?: RecordSectionId
  className?: string
  children: ReactNode
}) {
  return (
    <Link
      to="/students/$uuid"
      params={{ uuid }}
      // The record reads `section` to open that part; other search parameters it keeps as they are.
      search={(section ? { section } : {}) as LinkProps['search']}
      className={className}
    >
      {children}
    </Link>
  )
}

/** One dashboard block: a card with its heading, and what to do when it is empty. */
export function WeekCard({
  id,
  title,
  children,
  footer,
}: {
  id: string
  title: string
  children: ReactNode
  footer?: ReactNode
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="card flex min-w-0 scroll-mt-4 flex-col gap-3 p-4 sm:p-6"
    >
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
      {footer ? <div className="border-t border-line pt-3">{footer}</div> : null}
    </section>
  )
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="text-ink-muted">{children}</p>
}

/** A tag in words (never colour alone): overdue, due soon, or plain. */
export function Tag({ tone, children }: { tone: 'danger' | 'warning' | 'plain'; children: ReactNode }) {
  const colours = {
    danger: 'bg-danger-soft text-danger',
    warning: 'bg-warning-soft text-warning',
    plain: 'bg-surface-sunken text-ink-muted',
  }
  return (
    <span className={`rounded px-1.5 text-sm font-semibold whitespace-nowrap ${colours[tone]}`}>
      {children}
    </span>
  )
}

/** "Overdue", "Due today", "Due in 3 days" … for an open task, from today's date. */
export function dueTag(dueDate: string | null, today: string): ReactNode {
  if (!dueDate) return <Tag tone="plain">No due date</Tag>
  const days = daysBetween(today, dueDate)
  if (days < 0) return <Tag tone="danger">Overdue</Tag>
  if (days === 0) return <Tag tone="warning">Due today</Tag>
  if (days === 1) return <Tag tone="warning">Due tomorrow</Tag>
  if (days <= 7) return <Tag tone="warning">Due in {days} days</Tag>
  return null
}

/** A deadline in words: "Today", "Tomorrow", "In 5 days". */
export function deadlineTag(deadline: string, today: string): ReactNode {
  const days = daysBetween(today, deadline)
  if (days < 0) return <Tag tone="plain">Passed</Tag>
  if (days === 0) return <Tag tone="danger">Today</Tag>
  if (days === 1) return <Tag tone="warning">Tomorrow</Tag>
  return <Tag tone={days <= 7 ? 'warning' : 'plain'}>In {days} days</Tag>
}

const rowClass = 'flex flex-col gap-1 py-2.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4'

/** Open tasks, each linked to the plan of its record; the student named when `showStudent`. */
export function TaskRows({
  tasks,
  today,
  showStudent,
  viewerUuid,
}: {
  tasks: WeekTask[]
  today: string
  showStudent: boolean
  /** The reader, whose own practice-test tasks open at the answer sheet rather than the plan. */
  viewerUuid?: string
}) {
  return (
    <ul className="flex flex-col divide-y divide-line">
      {tasks.map((task) => (
        <li key={task.uuid} className={rowClass}>
          <span className="min-w-0 break-words">
            {task.practiceAttemptUUID && task.assignee.uuid === viewerUuid ? (
              <Link
                to="/students/$uuid/practice/$attemptId"
                params={{ uuid: task.studentUUID, attemptId: task.practiceAttemptUUID }}
                className="font-medium"
              >
                {task.title}
              </Link>
            ) : (
              <RecordLink uuid={task.studentUUID} section="plan" className="font-medium">
                {task.title}
              </RecordLink>
            )}
            {showStudent ? (
              <span className="text-sm text-ink-muted"> · {task.studentName || 'A student'}</span>
            ) : null}
            {task.assignee.uuid !== task.studentUUID ? (
              <span className="text-sm text-ink-muted"> · for {task.assignee.name || 'a team member'}</span>
            ) : null}
          </span>
          <span className="flex shrink-0 flex-wrap items-baseline gap-2 text-sm text-ink-muted">
            {dueTag(task.dueDate, today)}
            {task.dueDate ? `Due ${formatPlainDate(task.dueDate)}` : null}
          </span>
        </li>
      ))}
    </ul>
  )
}

/** College deadlines, each linked to the plan of its record. */
export function DeadlineRows({
  deadlines,
  today,
  showStudent,
}: {
  deadlines: WeekDeadline[]
  today: string
  showStudent: boolean
}) {
  return (
    <ul className="flex flex-col divide-y divide-line">
      {deadlines.map((deadline) => (
        <li key={deadline.uuid} className={rowClass}>
          <span className="min-w-0 break-words">
            <RecordLink uuid={deadline.studentUUID} section="plan" className="font-medium">
              {deadline.college}
            </RecordLink>
            <span className="text-sm text-ink-muted">
              {' '}
              · {ROUND_LABELS[deadline.round]}
              {showStudent ? ` · ${deadline.studentName || 'A student'}` : ''}
            </span>
          </span>
          <span className="flex shrink-0 flex-wrap items-baseline gap-2 text-sm text-ink-muted">
            {deadlineTag(deadline.deadline, today)}
            {formatPlainDate(deadline.deadline)}
          </span>
        </li>
      ))}
    </ul>
  )
}

export interface Tile {
  label: string
  value: number
  /** A page of the app, or an anchor on this page (`#…`). */
  to: LinkProps['to'] | `#${string}`
  /** A part of that page to scroll to. */
  hash?: string
  /** A count that needs someone's attention when above zero. */
  urgent?: boolean
}

/** Counts at a glance, each a link to where it is handled. */
export function CountTiles({ tiles, label }: { tiles: Tile[]; label: string }) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {tiles.map((tile) => {
        const body = (
          <>
            <span
              className={`text-2xl font-bold tabular-nums sm:text-3xl ${tile.urgent && tile.value > 0 ? 'text-danger' : 'text-ink'}`}
            >
              {tile.value}
            </span>{' '}
            <span className="text-sm font-medium text-ink-muted">{tile.label}</span>
          </>
        )
        const className =
          'card flex h-full min-h-[4.5rem] flex-col justify-between gap-0.5 px-4 py-3 no-underline hover:border-line-strong sm:min-h-[5.5rem] sm:p-4'
        return (
          <li key={tile.label} className="min-w-0">
            {tile.to?.startsWith('#') ? (
              <a href={tile.to} className={className}>
                {body}
              </a>
            ) : (
              <Link to={tile.to as LinkProps['to']} hash={tile.hash} className={className}>
                {body}
              </Link>
            )}
          </li>
        )
      })}
    </ul>
  )
}
