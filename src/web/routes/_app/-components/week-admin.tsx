import { ADMIN_DEADLINE_DAYS, type WeekScreen } from '../../../../shared/week'
import { CountTiles, DeadlineRows, Empty, WeekCard } from './week-parts'
import { NextSessionsCard } from './week-sessions'

type AdminBlock = NonNullable<WeekScreen['admin']>

/** The admin's counts that matter, each linking to where it is handled, and this week's deadlines. */
export function AdminWeek({ block, today }: { block: AdminBlock; today: string }) {
  const { counts } = block
  return (
    <>
      <CountTiles
        label="The week at a glance"
        tiles={[
          { label: 'Active students', value: counts.activeStudents, to: '/admin/students' },
          { label: 'Open inquiries', value: counts.openInquiries, to: '/admin/inquiries', urgent: true },
          {
            label: 'Invites waiting',
            value: counts.openInvites,
            to: '/admin/users',
            hash: 'invites-heading',
          },
          { label: 'Deadlines this week', value: counts.deadlinesThisWeek, to: '#admin-deadlines' },
        ]}
      />
      <NextSessionsCard
        id="admin-next-sessions"
        sessions={block.nextSessions}
        showStudent
        empty="No sessions scheduled for active students. Educators schedule them from a student's record or their week."
      />
      <WeekCard id="admin-deadlines" title="Deadlines this week, all students">
        {block.deadlines.length === 0 ? (
          <Empty>
            No college deadlines in the next {ADMIN_DEADLINE_DAYS} days for applications still open.
          </Empty>
        ) : (
          <>
            {counts.deadlinesThisWeek > block.deadlines.length ? (
              <p className="text-sm text-ink-muted">
                The first {block.deadlines.length} of {counts.deadlinesThisWeek}, soonest first.
              </p>
            ) : null}
            <DeadlineRows deadlines={block.deadlines} today={today} showStudent />
          </>
        )}
      </WeekCard>
    </>
  )
}
