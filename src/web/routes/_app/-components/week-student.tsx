import type { WeekScreen } from '../../../../shared/week'
import { Alert } from '../../../components/ui/alert'
import { visibleSections } from '../../../lib/record-sections'
import { DeadlineRows, Empty, RecordLink, TaskRows, WeekCard } from './week-parts'
import { NextSessionsCard } from './week-sessions'

/** A student's week: what they must do next, their next college deadlines, then their record. */
export function StudentWeek({ block, today }: { block: NonNullable<WeekScreen['student']>; today: string }) {
  const overdue = block.tasks.filter((task) => task.dueDate !== null && task.dueDate < today).length
  return (
    <>
      {block.archived ? (
        <Alert tone="info" role="status">
          Your record is archived: it can be read but not changed. Ask your coach to restore it.{' '}
          <RecordLink uuid={block.uuid}>Open your record</RecordLink>
        </Alert>
      ) : null}
      <WeekCard
        id="my-next-tasks"
        title="To do next"
        footer={
          <RecordLink uuid={block.uuid} section="plan" className="font-medium">
            All tasks and colleges on your plan
          </RecordLink>
        }
      >
        {overdue > 0 ? (
          <p className="font-medium text-danger">
            {overdue === 1
              ? '1 task is overdue: it comes first.'
              : `${overdue} tasks are overdue: they come first.`}
          </p>
        ) : null}
        {block.tasks.length === 0 ? (
          <Empty>
            Nothing to do right now: no open tasks are assigned to you. Your coach adds them to your plan.
          </Empty>
        ) : (
          <TaskRows tasks={block.tasks} today={today} showStudent={false} viewerUuid={block.uuid} />
        )}
      </WeekCard>
      {block.archived ? null : (
        <NextSessionsCard
          id="my-next-sessions"
          sessions={block.nextSessions}
          showStudent={false}
          empty="No sessions scheduled. Your coach schedules them, and you get a reminder by email before each one."
        />
      )}
      <WeekCard id="my-deadlines" title="Next college deadlines">
        {block.deadlines.length === 0 ? (
          <Empty>
            No deadlines ahead for colleges you are still applying to. Add colleges and their deadlines on
            your plan.
          </Empty>
        ) : (
          <DeadlineRows deadlines={block.deadlines} today={today} showStudent={false} />
        )}
      </WeekCard>
      <section aria-labelledby="my-record-heading" className="card flex flex-col gap-2 p-4 sm:p-6">
        <h2 id="my-record-heading" className="text-xl font-semibold">
          Your record
        </h2>
        <p className="text-ink-muted">
          Scores, practice tests, messages, documents and your team, each one tap away.
        </p>
        <ul className="flex flex-wrap gap-2">
          {[
            [undefined, 'Overview'] as const,
            ...visibleSections('self').map((shown) => [shown.id, shown.label] as const),
          ].map(([section, label]) => (
            <li key={label}>
              <RecordLink
                uuid={block.uuid}
                section={section}
                className="btn btn-secondary btn-small no-underline"
              >
                {label}
              </RecordLink>
            </li>
          ))}
        </ul>
      </section>
    </>
  )
}
