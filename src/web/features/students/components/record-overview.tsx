import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { ROUND_LABELS } from '../../../../shared/colleges'
import { formatPlainDate } from '../../../../shared/dates'
import type { RecordOverview as Overview } from '../../../../shared/record-overview'
import { ROLE_LABELS, userRoleLabels } from '../../../../shared/roles'
import { latestOfficialEntry } from '../../../../shared/scores'
import type { Student } from '../../../../shared/students'
import { todayIn } from '../../../../shared/tasks'
import type { CurrentUser } from '../../../../shared/users'
import { Skeleton } from '../../../components/ui/skeleton'
import { daysLeft, dueWords, viewerTimeZone } from '../../../lib/plan-rules'
import { recordOverviewQueryOptions } from '../api/get-record-overview'
import { scoreGapWords } from '../record-summary'

/** "Class of 2027 · Lincoln High School · SAT on Mar 14, 2027", or null when none is known. */
export function profileWords(
  overview: Pick<Overview, 'classYear' | 'school' | 'nextTest'> | undefined,
): string | null {
  if (!overview) return null
  const parts = [
    overview.classYear ? `Class of ${overview.classYear}` : null,
    overview.school || null,
    overview.nextTest ? `${overview.nextTest.test} on ${formatPlainDate(overview.nextTest.date)}` : null,
  ]
  const words = parts.filter((part) => part !== null)
  return words.length === 0 ? null : words.join(' · ')
}

/**
 * The record's overview (docs/product.md#the-records-overview-and-sections): where the student stands and what
 * is next, in the first screen of a phone. Scores and the team come from the record; the next
 * deadline and task from `GET /v1/students/{id}/overview`.
 */
export function RecordOverview({ student, viewer }: { student: Student; viewer: CurrentUser }) {
  const overview = useQuery(recordOverviewQueryOptions(student.uuid))
  const profileLine = profileWords(overview.data)
  return (
    <section aria-labelledby="overview-heading" className="card flex min-w-0 flex-col gap-4 p-4 sm:p-6">
      <div className="flex flex-col gap-0.5">
        <h2 id="overview-heading" className="text-xl font-semibold [overflow-wrap:anywhere]">
          {student.name || 'Unnamed student'} at a glance
        </h2>
        {profileLine ? <p className="text-sm text-ink-muted">{profileLine}</p> : null}
      </div>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <ScoreTile test="SAT" student={student} />
        <ScoreTile test="ACT" student={student} />
        <Fact term="Next deadline" wide>
          <Loaded query={overview} show={(data) => <NextDeadline overview={data} viewer={viewer} />} />
        </Fact>
        <Fact term="Next task" wide>
          <Loaded query={overview} show={(data) => <NextTask overview={data} viewer={viewer} />} />
        </Fact>
      </dl>
      <TeamLine student={student} />
    </section>
  )
}

function Fact({ term, wide = false, children }: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    <div
      className={`flex min-w-0 flex-col gap-1 rounded-lg bg-surface-warm p-3 ${wide ? 'col-span-2 lg:col-span-1' : ''}`}
    >
      <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{term}</dt>
      <dd className="flex min-w-0 flex-col gap-0.5">{children}</dd>
    </div>
  )
}

/** The latest official score of a test with the target and the gap; practice never counts here. */
function ScoreTile({ test, student }: { test: 'SAT' | 'ACT'; student: Student }) {
  const entries = test === 'SAT' ? student.satScoresHistorical : student.actScoresHistorical
  const latest = latestOfficialEntry(entries)
  const target = (test === 'SAT' ? student.targets?.sat : student.targets?.act) ?? null
  return (
    <Fact term={`Latest ${test}`}>
      {latest ? (
        <>
          {/* One line for a screen reader ("1380 · Target 1450 · 70 to go"), two on the screen. */}
          <p className="flex flex-col">
            <span className="text-2xl leading-tight font-bold tabular-nums">{latest.cumulative}</span>{' '}
            <span className="text-sm text-ink-muted">
              <span className="sr-only">· </span>
              {scoreGapWords(latest.cumulative, target)}
            </span>
          </p>
          <p className="text-sm text-ink-muted">Official, {formatPlainDate(latest.date)}</p>
        </>
      ) : (
        <p className="text-sm text-ink-muted">
          No official {test} yet{target ? ` · target ${target}` : ''}
        </p>
      )}
    </Fact>
  )
}

function Loaded({
  query,
  show,
}: {
  query: ReturnType<typeof useQuery<Overview>>
  show: (data: Overview) => ReactNode
}) {
  if (query.data) return show(query.data)
  if (query.isError) return <p className="text-sm text-ink-muted">Could not load this just now.</p>
  return (
    <div role="status" className="flex flex-col gap-1.5">
      <span className="sr-only">Loading…</span>
      <Skeleton className="h-5 w-40 max-w-full" />
      <Skeleton className="h-4 w-28" />
    </div>
  )
}

function NextDeadline({ overview, viewer }: { overview: Overview; viewer: CurrentUser }) {
  const next = overview.nextDeadline
  if (!next) return <p className="text-sm text-ink-muted">No upcoming application deadline</p>
  const left = daysLeft(next.deadline, todayIn(viewerTimeZone(viewer)))
  return (
    <>
      <p className="font-semibold break-words">
        {next.name} <span className="font-normal text-ink-muted">· {ROUND_LABELS[next.round]}</span>
      </p>
      <p className="flex flex-wrap gap-x-2 text-sm text-ink-muted">
        <span>{formatPlainDate(next.deadline)}</span>
        {left ? (
          <span className={left.soon ? 'rounded bg-warning-soft px-1.5 font-semibold text-warning' : ''}>
            {left.text}
          </span>
        ) : null}
      </p>
    </>
  )
}

function NextTask({ overview, viewer }: { overview: Overview; viewer: CurrentUser }) {
  const task = overview.nextTask
  if (!task) return <p className="text-sm text-ink-muted">No open tasks</p>
  const due = dueWords({ status: 'open', dueDate: task.dueDate }, viewerTimeZone(viewer))
  const more = overview.openTasks - 1
  return (
    <>
      <p className="font-semibold break-words">{task.title}</p>
      <p className="flex flex-wrap gap-x-2 text-sm text-ink-muted">
        {due.overdue ? (
          <span className="rounded bg-danger-soft px-1.5 font-semibold text-danger">Overdue</span>
        ) : due.text ? (
          <span className="rounded bg-warning-soft px-1.5 font-semibold text-warning">{due.text}</span>
        ) : null}
        <span>{task.dueDate ? `Due ${formatPlainDate(task.dueDate)}` : 'No due date'}</span>
        <span>For {task.assignee.name || 'someone'}</span>
        {more > 0 ? <span>{more === 1 ? '1 more open task' : `${more} more open tasks`}</span> : null}
      </p>
    </>
  )
}

function TeamLine({ student }: { student: Student }) {
  return (
    <div className="-my-2 flex flex-wrap items-center gap-x-2 text-sm">
      <h3 className="font-semibold text-ink-muted">Team</h3>
      {student.team.length === 0 ? (
        <p className="text-ink-muted">No one on the team yet</p>
      ) : (
        <ul className="flex flex-wrap gap-x-4">
          {student.team.map((member) => (
            <li key={member.uuid} className="break-words">
              <Link
                to="/users/$uuid"
                params={{ uuid: member.uuid }}
                className="inline-flex min-h-11 items-center font-medium"
              >
                {member.name || 'Unnamed member'}
              </Link>
              <span className="text-ink-muted"> ({teamRoleWords(member) || 'Staff'})</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** A team member's roles as a family reads them: "FAO" is spelled out as what they do. */
const teamRoleWords = (member: Student['team'][number]) =>
  userRoleLabels(member)
    .map((label) => (label === ROLE_LABELS.fao ? 'Financial aid officer' : label))
    .join(', ')
