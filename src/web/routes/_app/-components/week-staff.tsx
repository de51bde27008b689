import { formatPlainDate } from '../../../../shared/dates'
import type { CaseloadStudent, WeekScreen } from '../../../../shared/week'
import { STATUS_LABELS } from '../../../features/colleges/college-words'
import { pointsToTarget } from '../../../features/scores/score-tests'
import { LatestScore } from '../../../features/students/components/staff-students'
import { CountTiles, DeadlineRows, Empty, RecordLink, Tag, TaskRows, WeekCard } from './week-parts'
import { AwaitingAttendanceCard, NextSessionsCard } from './week-sessions'

type EducatorBlock = NonNullable<WeekScreen['educator']>
type FaoBlock = NonNullable<WeekScreen['fao']>

/** An educator's week: what is overdue, what is due, what was written, then each student's standing. */
export function EducatorWeek({ block, today }: { block: EducatorBlock; today: string }) {
  return (
    <>
      <CountTiles
        label="Your week at a glance"
        tiles={[
          { label: 'Overdue tasks', value: block.overdueTasks.length, to: '#overdue-tasks', urgent: true },
          { label: 'Deadlines in 14 days', value: block.deadlines.length, to: '#caseload-deadlines' },
          { label: 'Notes this week', value: block.notes.length, to: '#week-notes' },
          { label: 'Students', value: block.students.length, to: '#my-students' },
        ]}
      />
      {block.awaitingAttendance.length > 0 ? (
        <AwaitingAttendanceCard sessions={block.awaitingAttendance} />
      ) : null}
      <NextSessionsCard
        id="educator-next-sessions"
        sessions={block.nextSessions}
        showStudent
        showEducator={false}
        empty="No sessions ahead. Schedule one from a student's record, or pick a time on your Schedule."
      />
      <WeekCard id="overdue-tasks" title="Overdue tasks">
        {block.overdueTasks.length === 0 ? (
          <Empty>No overdue tasks on your students’ plans.</Empty>
        ) : (
          <TaskRows tasks={block.overdueTasks} today={today} showStudent />
        )}
      </WeekCard>
      <CaseloadDeadlines deadlines={block.deadlines} today={today} />
      <WeekCard id="week-notes" title="Notes this week">
        {block.notes.length === 0 ? (
          <Empty>
            No session notes in the last 7 days. Write one on a student’s record after each session.
          </Empty>
        ) : (
          <ul className="flex flex-col divide-y divide-line">
            {block.notes.map((note) => (
              <li key={note.uuid} className="flex min-w-0 flex-col gap-1 py-2.5">
                <span className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
                  <RecordLink uuid={note.studentUUID} section="notes" className="font-medium break-words">
                    {note.studentName || 'A student'}
                  </RecordLink>
                  <span className="text-sm text-ink-muted">
                    Session {formatPlainDate(note.date)} · by {note.author.name || 'a former team member'}
                  </span>
                  <Tag tone="plain">{note.visibility === 'shared' ? 'Shared with family' : 'Internal'}</Tag>
                </span>
                <p className="line-clamp-2 text-sm break-words text-ink-muted">{note.excerpt}</p>
              </li>
            ))}
          </ul>
        )}
      </WeekCard>
      <CaseloadStudents students={block.students} />
    </>
  )
}

function CaseloadDeadlines({ deadlines, today }: { deadlines: EducatorBlock['deadlines']; today: string }) {
  return (
    <WeekCard id="caseload-deadlines" title="Deadlines in the next 14 days">
      {deadlines.length === 0 ? (
        <Empty>No college deadlines in the next 14 days for applications still open.</Empty>
      ) : (
        <DeadlineRows deadlines={deadlines} today={today} showStudent />
      )}
    </WeekCard>
  )
}

function CaseloadStudents({ students }: { students: CaseloadStudent[] }) {
  return (
    <WeekCard id="my-students" title="My students">
      {students.length === 0 ? (
        <Empty>
          No students yet. When an admin adds you to a student's team, they appear here with their latest
          scores.
        </Empty>
      ) : (
        <table className="data-table data-table-stacked">
          <caption className="sr-only">Your students with their latest official scores and targets</caption>
          <thead>
            <tr>
              <th scope="col">Student</th>
              <th scope="col">Latest official SAT</th>
              <th scope="col">Latest official ACT</th>
            </tr>
          </thead>
          <tbody>
            {students.map((student) => (
              <tr key={student.uuid}>
                <th scope="row" className="cell-wide">
                  <RecordLink uuid={student.uuid} section="scores" className="font-semibold">
                    {student.name || 'Unnamed student'}
                  </RecordLink>
                </th>
                <td data-label="Latest SAT">
                  <ScoreAgainstTarget score={student.latestSat} target={student.targetSat} />
                </td>
                <td data-label="Latest ACT">
                  <ScoreAgainstTarget score={student.latestAct} target={student.targetAct} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </WeekCard>
  )
}

function ScoreAgainstTarget({
  score,
  target,
}: {
  score: { date: string; cumulative: number } | null
  target: number | null
}) {
  const words = pointsToTarget(score?.cumulative ?? null, target)
  return (
    <span className="flex flex-col items-end sm:items-start">
      <LatestScore score={score} />
      {words ? <span className="text-sm text-ink-muted">{words}</span> : null}
    </span>
  )
}

/** An FAO's week: entries that lack aid figures, and (unless the educator block shows them) deadlines. */
export function FaoWeek({
  block,
  today,
  withDeadlines,
}: {
  block: FaoBlock
  today: string
  withDeadlines: boolean
}) {
  const shown = block.missingAid.length
  return (
    <>
      <WeekCard id="missing-aid" title={`Aid figures missing (${block.missingAidCount})`}>
        {shown === 0 ? (
          <Empty>Every college entry of your students has its cost of attendance and aid offered.</Empty>
        ) : (
          <>
            {block.missingAidCount > shown ? (
              <p className="text-sm text-ink-muted">
                The first {shown} of {block.missingAidCount}: admitted first, then by deadline.
              </p>
            ) : null}
            <ul className="flex flex-col divide-y divide-line">
              {block.missingAid.map((entry) => (
                <li
                  key={entry.uuid}
                  className="flex flex-col gap-1 py-2.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4"
                >
                  <span className="min-w-0 break-words">
                    <RecordLink uuid={entry.studentUUID} section="plan" className="font-medium">
                      {entry.college}
                    </RecordLink>
                    <span className="text-sm text-ink-muted">
                      {' '}
                      · {entry.studentName || 'A student'} · {STATUS_LABELS[entry.status]}
                    </span>
                  </span>
                  <span className="flex shrink-0 flex-wrap items-baseline gap-2 text-sm text-ink-muted">
                    {entry.costOfAttendance === null ? <Tag tone="warning">No cost of attendance</Tag> : null}
                    {entry.aidOffered === null ? <Tag tone="warning">No aid offered</Tag> : null}
                    {entry.deadline ? `Deadline ${formatPlainDate(entry.deadline)}` : null}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </WeekCard>
      {withDeadlines ? <CaseloadDeadlines deadlines={block.deadlines} today={today} /> : null}
    </>
  )
}
