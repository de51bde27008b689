import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Student } from '../../../../shared/students'
import { SESSION_FIRST_UPCOMING, type Session, type SessionStatus } from '../../../../shared/tutoring'
import type { CurrentUser } from '../../../../shared/users'
import { Alert } from '../../../components/ui/alert'
import { lazyDialog } from '../../../components/ui/lazy-dialog'
import { ListSkeleton } from '../../../components/ui/skeleton'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { viewerTimeZone } from '../../../lib/plan-rules'
import {
  canCancelAsFamily,
  canManageHours,
  canScheduleSessions,
  type RecordAccess,
} from '../../../lib/record-access'
import { zonedParts } from '../../../lib/session-zones'
import { hoursQueryOptions } from '../api/hours'
import { sessionsFromQueryOptions, sessionsQueryOptions, useChangeSession } from '../api/sessions'
import { HoursCard } from './hours-card'
import { type SessionActions, SessionItem } from './session-item'

const ScheduleDialog = lazyDialog(() => import('./schedule-dialog').then((module) => module.ScheduleDialog))
const FamilyCancelDialog = lazyDialog(() =>
  import('./status-dialogs').then((module) => module.FamilyCancelDialog),
)
const MarkSessionDialog = lazyDialog(() =>
  import('./status-dialogs').then((module) => module.MarkSessionDialog),
)

interface SessionsSectionProps {
  student: Student
  viewer: CurrentUser
  access: RecordAccess
  /** Opens the notes form linked to this session (the record composes the notes feature). */
  onWriteNote?: (session: Session) => void
}

/**
 * "Sessions": the hours left, sessions awaiting attendance (staff mark them), the next ones, and
 * the past ones with their status. Staff schedule, reschedule and mark; the family cancels.
 */
export function SessionsSection({ student, viewer, access, onWriteNote }: SessionsSectionProps) {
  const sessions = useInfiniteQuery(sessionsQueryOptions(student.uuid))
  const staff = canScheduleSessions(access)
  const hours = useQuery(hoursQueryOptions(student.uuid))
  const viewerZone = viewerTimeZone(viewer)
  const change = useChangeSession()
  const [scheduling, setScheduling] = useState<{ session: Session | null } | null>(null)
  const [marking, setMarking] = useState<{ session: Session; initial: SessionStatus } | null>(null)
  const [cancelling, setCancelling] = useState<Session | null>(null)
  const [attended, setAttended] = useState<Session | null>(null)
  // The first page holds the next ten; "Show later sessions" asks for every one from the tenth's day on.
  const [laterFrom, setLaterFrom] = useState<string | null>(null)
  const later = useQuery({
    ...sessionsFromQueryOptions(student.uuid, laterFrom ?? ''),
    enabled: laterFrom !== null,
  })

  const isNext = (session: Session) => session.status === 'scheduled' && !session.awaitingAttendance
  const byUuid = new Map<string, Session>()
  for (const page of sessions.data?.pages ?? [])
    for (const session of page.sessions) byUuid.set(session.uuid, session)
  for (const session of later.data?.sessions.filter(isNext) ?? []) byUuid.set(session.uuid, session)
  const list = [...byUuid.values()]
  const byStart = (a: Session, b: Session) => Date.parse(a.startsAt) - Date.parse(b.startsAt)
  const awaiting = list.filter((session) => session.awaitingAttendance).sort(byStart)
  const next = list.filter(isNext).sort(byStart)
  const firstNext = sessions.data?.pages[0]?.sessions.filter(isNext) ?? []
  const showLater = laterFrom === null ? firstNext.length >= SESSION_FIRST_UPCOMING : later.isPending
  const past = list.filter((session) => session.status !== 'scheduled').sort((a, b) => byStart(b, a))
  const educators = student.team.filter((member) => member.profileEducator != null)

  const markAttended = async (session: Session) => {
    try {
      await change.mutateAsync({
        studentUuid: student.uuid,
        sessionUuid: session.uuid,
        body: { status: 'attended' },
      })
      toast('Marked attended')
      setAttended(session)
    } catch (error) {
      toast(`Could not mark the session: ${errorMessage(error)}`)
    }
  }

  const actions: SessionActions = {
    staff,
    familyCancel: canCancelAsFamily(access),
    onReschedule: (session) => setScheduling({ session }),
    onAttended: markAttended,
    onMark: (session, initial) => setMarking({ session, initial }),
    onCancel: setCancelling,
    onWriteNote,
    pendingUuid: change.isPending ? (change.variables?.sessionUuid ?? null) : null,
    viewerUuid: viewer.uuid,
  }
  const hoursAvailable = hours.data ? hours.data.balance - hours.data.scheduledAhead : null

  return (
    <section aria-labelledby="sessions-heading" className="card flex min-w-0 flex-col gap-5 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="sessions-heading" tabIndex={-1} className="text-xl font-semibold outline-none">
          Sessions
        </h2>
        {staff ? (
          <button
            type="button"
            className="btn btn-primary btn-small"
            onClick={() => setScheduling({ session: null })}
          >
            Schedule a session
          </button>
        ) : null}
      </div>
      <HoursCard studentUuid={student.uuid} studentName={student.name} manage={canManageHours(access)} />
      {attended && onWriteNote ? (
        <Alert tone="success" role="status">
          <span className="flex flex-wrap items-center gap-x-3 gap-y-2">
            The session is marked attended. Write what you worked on while it is fresh.
            <button
              type="button"
              className="btn btn-secondary btn-small"
              onClick={() => {
                onWriteNote(attended)
                setAttended(null)
              }}
            >
              Write the session note
            </button>
          </span>
        </Alert>
      ) : null}
      {sessions.isPending ? (
        <ListSkeleton label="Loading sessions…" rows={['h-5 w-56', 'h-5 w-40', 'h-5 w-48']} />
      ) : sessions.isError ? (
        <Alert tone="danger">The sessions could not be loaded: {errorMessage(sessions.error)}</Alert>
      ) : (
        <>
          {awaiting.length > 0 ? (
            <SessionGroup
              id="sessions-awaiting"
              title="Awaiting attendance"
              sessions={awaiting}
              viewerZone={viewerZone}
              actions={actions}
            />
          ) : null}
          <SessionGroup
            id="sessions-next"
            title="Next sessions"
            sessions={next}
            viewerZone={viewerZone}
            actions={actions}
            empty={
              staff
                ? 'Nothing scheduled. Schedule a session or a weekly series; the student, their guardians and the educator get a reminder before each one.'
                : 'Nothing scheduled yet. The team schedules sessions here, and you get a reminder by email before each one.'
            }
          />
          {showLater ? (
            <MoreSessions
              words="later"
              loading={laterFrom !== null}
              onShow={() => setLaterFrom(zonedParts(firstNext.at(-1)!.startsAt, viewerZone).date)}
            />
          ) : null}
          {later.isError ? (
            <Alert tone="danger">The later sessions could not be loaded: {errorMessage(later.error)}</Alert>
          ) : null}
          {past.length > 0 ? (
            <SessionGroup
              id="sessions-past"
              title="Past sessions"
              sessions={past}
              viewerZone={viewerZone}
              actions={actions}
            />
          ) : null}
          {sessions.hasNextPage ? (
            <MoreSessions
              words="earlier"
              loading={sessions.isFetchingNextPage}
              onShow={() => void sessions.fetchNextPage()}
            />
          ) : null}
        </>
      )}
      {staff ? (
        <>
          <ScheduleDialog
            open={scheduling !== null}
            onClose={() => setScheduling(null)}
            viewerZone={viewerZone}
            viewerUuid={viewer.uuid}
            session={scheduling?.session ?? null}
            students={[{ name: student.name, uuid: student.uuid }]}
            educators={educators}
            preset={{
              studentUUID: student.uuid,
              educatorUUID:
                educators.find((educator) => educator.uuid === viewer.uuid)?.uuid ?? educators[0]?.uuid ?? '',
            }}
            hoursAvailable={hoursAvailable}
          />
          <MarkSessionDialog
            session={marking?.session ?? null}
            initial={marking?.initial ?? 'attended'}
            viewerZone={viewerZone}
            onClose={() => setMarking(null)}
            onMarked={(session, status) => setAttended(status === 'attended' ? session : null)}
          />
        </>
      ) : null}
      {actions.familyCancel ? (
        <FamilyCancelDialog
          session={cancelling}
          viewerZone={viewerZone}
          onClose={() => setCancelling(null)}
        />
      ) : null}
    </section>
  )
}

function SessionGroup({
  id,
  title,
  sessions,
  viewerZone,
  actions,
  empty,
}: {
  id: string
  title: string
  sessions: Session[]
  viewerZone: string
  actions: SessionActions
  empty?: string
}) {
  return (
    <div className="flex flex-col gap-2">
      <h3 id={id} className="text-sm font-semibold tracking-wider text-ink-muted uppercase">
        {title}
      </h3>
      {sessions.length === 0 ? (
        <p className="text-ink-muted">{empty}</p>
      ) : (
        <ul aria-labelledby={id} className="flex flex-col divide-y divide-line">
          {sessions.map((session) => (
            <SessionItem key={session.uuid} session={session} viewerZone={viewerZone} actions={actions} />
          ))}
        </ul>
      )}
    </div>
  )
}

/** Sessions beyond the first page from the server: later ones, or earlier ones a page at a time. */
function MoreSessions({
  words,
  loading,
  onShow,
}: {
  words: 'later' | 'earlier'
  loading: boolean
  onShow: () => void
}) {
  return (
    <button
      type="button"
      className="btn btn-secondary self-start"
      disabled={loading}
      aria-disabled={loading}
      onClick={onShow}
    >
      {loading ? `Loading ${words} sessions…` : `Show ${words} sessions`}
    </button>
  )
}
