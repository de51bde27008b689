import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { todayIn } from '../../../shared/tasks'
import type { CurrentUser } from '../../../shared/users'
import { AdminsOnlyNotice } from '../../components/layout/admins-only-notice'
import { PageHeader } from '../../components/layout/page-header'
import { Alert } from '../../components/ui/alert'
import { lazyDialog } from '../../components/ui/lazy-dialog'
import { ListSkeleton } from '../../components/ui/skeleton'
import { useCurrentUser } from '../../features/auth/api/get-current-user'
import { educatorStudentsQueryOptions } from '../../features/educators/api/get-educator-students'
import { scheduleQueryOptions } from '../../features/sessions/api/sessions'
import { WeekView } from '../../features/sessions/components/week-view'
import { errorMessage } from '../../lib/api-client'
import { viewerTimeZone } from '../../lib/plan-rules'
import { ISO_DATE, matching, UUID } from '../../lib/search-params'
import { plainDayWords, zoneCity } from '../../lib/session-time'
import { shiftWeek, weekDays, weekStart } from '../../lib/session-zones'
import { EducatorPicker } from './-components/educator-picker'

const ScheduleDialog = lazyDialog(() =>
  import('../../features/sessions/components/schedule-dialog').then((module) => module.ScheduleDialog),
)

/** `?week=` a Monday (YYYY-MM-DD), `?educator=` whose week (admins); anything else is dropped. */
const validateSearch = (search: Record<string, unknown>): { week?: string; educator?: string } => ({
  week: matching(ISO_DATE, search.week),
  educator: matching(UUID, search.educator),
})

const isEducator = (user: CurrentUser) => user.profileEducator != null
const isAdmin = (user: CurrentUser) => user.profileAdmin != null

export const Route = createFileRoute('/_app/schedule')({
  validateSearch,
  component: SchedulePage,
})

/**
 * /schedule: an educator's week across their students, a grid on wide screens and an agenda on a
 * phone, in the viewer's zone. Educators see their own; admins pick any educator.
 */
function SchedulePage() {
  const viewer = useCurrentUser()
  if (!isEducator(viewer) && !isAdmin(viewer)) {
    return (
      <AdminsOnlyNotice
        title="Schedule"
        heading="For educators and admins"
        text="The schedule shows an educator's week of sessions. Your own sessions are on your dashboard and on the student's record."
      />
    )
  }
  return <Schedule viewer={viewer} />
}

function Schedule({ viewer }: { viewer: CurrentUser }) {
  const search = Route.useSearch()
  const navigate = useNavigate({ from: '/schedule' })
  const viewerZone = viewerTimeZone(viewer)
  const thisWeek = weekStart(new Date(), viewerZone)
  const monday = search.week ? weekStart(new Date(`${search.week}T12:00:00Z`), 'UTC') : thisWeek
  const days = weekDays(monday)
  const educatorUuid = search.educator ?? (isEducator(viewer) ? viewer.uuid : '')
  const schedule = useQuery({
    ...scheduleQueryOptions(educatorUuid, days[0]!, days[6]!),
    enabled: educatorUuid !== '',
  })
  const mayPick = isAdmin(viewer) || educatorUuid === viewer.uuid
  const students = useQuery({
    ...educatorStudentsQueryOptions(educatorUuid),
    enabled: educatorUuid !== '' && mayPick,
  })
  const [slot, setSlot] = useState<{ date: string; time: string } | null>(null)
  const educatorName = schedule.data?.educator.name ?? (educatorUuid === viewer.uuid ? viewer.name : '')
  const today = todayIn(viewerZone)
  // The form opens on the week's first day, or today when the week has begun.
  const firstFreeDay = days.includes(today) ? today : days[0]!

  return (
    <>
      <PageHeader
        title="Schedule"
        description={`${educatorUuid === viewer.uuid ? 'Your' : educatorName ? `${educatorName}’s` : 'An educator’s'} sessions across students, in your time (${zoneCity(viewerZone)}).`}
      />
      <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <nav aria-label="Weeks" className="flex flex-wrap items-center gap-2">
          <Link
            to="/schedule"
            search={{ ...search, week: shiftWeek(monday, -1) }}
            className="btn btn-secondary btn-small"
          >
            Previous week
          </Link>
          <Link
            to="/schedule"
            search={{ ...search, week: undefined }}
            className="btn btn-secondary btn-small"
          >
            This week
          </Link>
          <Link
            to="/schedule"
            search={{ ...search, week: shiftWeek(monday, 1) }}
            className="btn btn-secondary btn-small"
          >
            Next week
          </Link>
          <p className="font-semibold" aria-live="polite">
            {plainDayWords(days[0]!)} – {plainDayWords(days[6]!)}
          </p>
        </nav>
        <div className="flex flex-wrap items-end gap-3">
          {isAdmin(viewer) ? (
            <EducatorPicker
              id="schedule-educator"
              value={educatorUuid}
              onChange={(educator) => navigate({ search: { ...search, educator: educator || undefined } })}
            />
          ) : null}
          {educatorUuid && mayPick ? (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => setSlot({ date: firstFreeDay, time: '16:00' })}
            >
              Schedule a session
            </button>
          ) : null}
        </div>
      </div>
      {educatorUuid === '' ? (
        <p className="card p-6 text-ink-muted">Choose an educator to see their week.</p>
      ) : schedule.isPending ? (
        <ListSkeleton label="Loading the week…" rows={['h-64 w-full']} />
      ) : schedule.isError ? (
        <Alert tone="danger">The week could not be loaded: {errorMessage(schedule.error)}</Alert>
      ) : (
        <>
          {schedule.data.sessions.length === 0 ? (
            <p className="mb-4 text-ink-muted">
              No sessions this week. Pick a time on the grid, or use “Schedule a session”, to add one.
            </p>
          ) : null}
          <WeekView
            days={days}
            today={today}
            sessions={schedule.data.sessions}
            viewerZone={viewerZone}
            onPickSlot={mayPick ? setSlot : undefined}
          />
        </>
      )}
      {mayPick && educatorUuid ? (
        <ScheduleDialog
          open={slot !== null}
          onClose={() => setSlot(null)}
          viewerZone={viewerZone}
          viewerUuid={viewer.uuid}
          session={null}
          slot={slot}
          students={students.data?.students ?? []}
          educators={[{ uuid: educatorUuid, name: educatorName || 'This educator' }]}
          preset={{
            studentUUID: students.data?.students.length === 1 ? students.data.students[0]!.uuid : '',
            educatorUUID: educatorUuid,
          }}
        />
      ) : null}
    </>
  )
}
