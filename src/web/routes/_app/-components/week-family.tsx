import { BRAND } from '../../../../shared/brand'
import { ROUND_LABELS } from '../../../../shared/colleges'
import { formatPlainDate } from '../../../../shared/dates'
import type { FamilyChild } from '../../../../shared/week'
import { MarkdownView } from '../../../components/ui/markdown-view'
import { NoteMeta } from '../../../features/notes/components/note-meta'
import { LatestScore } from '../../../features/students/components/staff-students'
import { hoursWords } from '../../../lib/session-time'
import { deadlineTag, dueTag, RecordLink } from './week-parts'
import { SessionRows } from './week-sessions'

/** A guardian's week: one card per linked student, with what is next and the newest shared note. */
export function FamilyWeek({ family, today }: { family: FamilyChild[]; today: string }) {
  return (
    <section aria-labelledby="family-students-heading" className="flex min-w-0 flex-col gap-4">
      <h2 id="family-students-heading" className="text-xl font-semibold">
        Your family
      </h2>
      {family.length === 0 ? (
        <div className="card p-4 sm:p-6">
          <p className="text-ink-muted">
            No student is linked to your account right now. The link may have been removed, or not made yet: a
            student's coach or an admin links parents and guardians from the student's page. If you expected
            to see your child here, ask their coach, or write to us at{' '}
            <a href={`mailto:${BRAND.email}`}>{BRAND.email}</a>.
          </p>
        </div>
      ) : (
        // Two children side by side on a wide screen; one child's card takes the width, up to a reading measure.
        <ul className={`grid gap-6 ${family.length > 1 ? 'lg:grid-cols-2' : 'max-w-3xl'}`}>
          {family.map((child) => (
            <li key={child.student.uuid} className="min-w-0">
              <ChildCard child={child} today={today} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function ChildCard({ child, today }: { child: FamilyChild; today: string }) {
  const { student, nextDeadline, nextTask } = child
  const name = student.name || 'Unnamed student'
  const headingId = `family-card-${student.uuid}`
  const note = child.newestSharedNote
  return (
    <article aria-labelledby={headingId} className="card flex h-full min-w-0 flex-col gap-4 p-4 sm:p-6">
      <div>
        <h3 id={headingId} className="text-lg font-semibold break-words">
          <RecordLink uuid={student.uuid}>{name}</RecordLink>
        </h3>
        <p className="text-sm text-ink-muted">You are listed as {child.relationship}.</p>
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-4 gap-y-2">
        <dt className="text-sm font-medium text-ink-muted">Next task</dt>
        <dd className="min-w-0 break-words">
          {nextTask ? (
            <span className="flex flex-wrap items-baseline gap-x-2">
              <RecordLink uuid={student.uuid} section="plan">
                {nextTask.title}
              </RecordLink>
              {dueTag(nextTask.dueDate, today)}
              {nextTask.dueDate ? (
                <span className="text-sm text-ink-muted">Due {formatPlainDate(nextTask.dueDate)}</span>
              ) : null}
            </span>
          ) : (
            <span className="text-ink-muted">No open tasks</span>
          )}
        </dd>
        <dt className="text-sm font-medium text-ink-muted">Next deadline</dt>
        <dd className="min-w-0 break-words">
          {nextDeadline ? (
            <span className="flex flex-wrap items-baseline gap-x-2">
              <RecordLink uuid={student.uuid} section="plan">
                {nextDeadline.college}
              </RecordLink>
              <span className="text-sm text-ink-muted">{ROUND_LABELS[nextDeadline.round]}</span>
              {deadlineTag(nextDeadline.deadline, today)}
              <span className="text-sm text-ink-muted">{formatPlainDate(nextDeadline.deadline)}</span>
            </span>
          ) : (
            <span className="text-ink-muted">None ahead</span>
          )}
        </dd>
        <dt className="text-sm font-medium text-ink-muted">Hours left</dt>
        <dd className="min-w-0">
          {child.hoursLeft === null ? (
            <span className="text-ink-muted">No hours recorded</span>
          ) : (
            <RecordLink uuid={student.uuid} section="sessions">
              {hoursWords(child.hoursLeft)}
            </RecordLink>
          )}
        </dd>
        <dt className="text-sm font-medium text-ink-muted">Latest SAT</dt>
        <dd>
          <LatestScore score={child.latestSat} />
        </dd>
        <dt className="text-sm font-medium text-ink-muted">Latest ACT</dt>
        <dd>
          <LatestScore score={child.latestAct} />
        </dd>
      </dl>
      <div className="flex flex-col gap-1 border-t border-line pt-4">
        <p className="text-sm font-semibold tracking-wide text-ink-muted uppercase">Next sessions</p>
        {child.nextSessions.length === 0 ? (
          <p className="text-ink-muted">None scheduled.</p>
        ) : (
          <SessionRows sessions={child.nextSessions} showStudent={false} />
        )}
      </div>
      <div className="flex flex-col gap-2 border-t border-line pt-4">
        <p className="text-sm font-semibold tracking-wide text-ink-muted uppercase">Newest shared note</p>
        {note ? (
          <>
            <NoteMeta note={note} showVisibility={false} headingLevel="h4" />
            <MarkdownView source={note.body} className="line-clamp-4" />
            <RecordLink uuid={student.uuid} section="notes" className="text-sm font-medium">
              All shared notes
            </RecordLink>
          </>
        ) : (
          <p className="text-ink-muted">No shared session notes yet. Coaches share them after sessions.</p>
        )}
      </div>
      <p className="mt-auto">
        <RecordLink uuid={student.uuid} className="font-medium">
          Open {name}'s record
        </RecordLink>
      </p>
    </article>
  )
}
