import { SERVICE_LABELS } from '../../../../shared/tutoring'
import type { WeekSession } from '../../../../shared/week'
import { toast } from '../../../components/ui/toast'
import { useCurrentUser } from '../../../features/auth/api/get-current-user'
import { useChangeSession } from '../../../features/sessions/api/sessions'
import { errorMessage } from '../../../lib/api-client'
import { viewerTimeZone } from '../../../lib/plan-rules'
import { sessionWhen } from '../../../lib/session-time'
import { Empty, RecordLink, WeekCard } from './week-parts'

const rowClass = 'flex flex-col gap-1 py-2.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4'

/** Sessions in the viewer's zone (the session's own named when it differs), each linked to its record. */
export function SessionRows({
  sessions,
  showStudent,
  showEducator = true,
}: {
  sessions: WeekSession[]
  showStudent: boolean
  showEducator?: boolean
}) {
  const viewerZone = viewerTimeZone(useCurrentUser())
  return (
    <ul className="flex flex-col divide-y divide-line">
      {sessions.map((session) => {
        const when = sessionWhen(session, viewerZone)
        return (
          <li key={session.uuid} className={rowClass}>
            <span className="min-w-0 break-words">
              <RecordLink uuid={session.studentUUID} section="sessions" className="font-medium">
                {when.day}, {when.time}
              </RecordLink>
              <span className="text-sm text-ink-muted">
                {' '}
                · {SERVICE_LABELS[session.service]}
                {showStudent ? ` · ${session.studentName || 'A student'}` : ''}
                {showEducator ? ` · with ${session.educator.name || 'a former team member'}` : ''}
              </span>
              {when.sessionZone ? (
                <span className="block text-sm text-ink-muted">{when.sessionZone}</span>
              ) : null}
            </span>
            <span className="shrink-0 text-sm text-ink-muted">
              {session.location.kind === 'online' ? (
                <a
                  href={session.location.meetingUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="btn btn-secondary btn-small no-underline"
                >
                  Join online<span className="sr-only"> (opens the meeting link)</span>
                </a>
              ) : (
                session.location.place
              )}
            </span>
          </li>
        )
      })}
    </ul>
  )
}

/** "Next sessions": the few ahead across what the viewer may read. */
export function NextSessionsCard({
  id,
  sessions,
  showStudent,
  showEducator = true,
  empty,
}: {
  id: string
  sessions: WeekSession[]
  showStudent: boolean
  showEducator?: boolean
  empty: string
}) {
  return (
    <WeekCard id={id} title="Next sessions">
      {sessions.length === 0 ? (
        <Empty>{empty}</Empty>
      ) : (
        <SessionRows sessions={sessions} showStudent={showStudent} showEducator={showEducator} />
      )}
    </WeekCard>
  )
}

/** The educator's sessions whose end has passed, unmarked: mark attended here, or open the record. */
export function AwaitingAttendanceCard({ sessions }: { sessions: WeekSession[] }) {
  const viewerZone = viewerTimeZone(useCurrentUser())
  const change = useChangeSession()
  const markAttended = async (session: WeekSession) => {
    try {
      await change.mutateAsync({
        studentUuid: session.studentUUID,
        sessionUuid: session.uuid,
        body: { status: 'attended' },
      })
      toast(`Marked attended: ${session.studentName}`)
    } catch (error) {
      toast(`Could not mark the session: ${errorMessage(error)}`)
    }
  }
  return (
    <WeekCard id="awaiting-attendance" title="Awaiting attendance">
      {sessions.length === 0 ? (
        <Empty>Every past session is marked. Sessions show here once their end has passed.</Empty>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {sessions.map((session) => {
            const when = sessionWhen(session, viewerZone)
            return (
              <li key={session.uuid} className={rowClass}>
                <span className="min-w-0 break-words">
                  <RecordLink uuid={session.studentUUID} section="sessions" className="font-medium">
                    {session.studentName || 'A student'}
                  </RecordLink>
                  <span className="text-sm text-ink-muted">
                    {' '}
                    · {when.day}, {when.time}
                  </span>
                </span>
                <span className="flex shrink-0 flex-wrap gap-2">
                  <button
                    type="button"
                    className="btn btn-secondary btn-small"
                    disabled={change.isPending && change.variables?.sessionUuid === session.uuid}
                    onClick={() => markAttended(session)}
                  >
                    Mark attended<span className="sr-only">: {session.studentName}</span>
                  </button>
                  <RecordLink
                    uuid={session.studentUUID}
                    section="sessions"
                    className="btn btn-quiet btn-small no-underline"
                  >
                    Other outcome<span className="sr-only">: {session.studentName}</span>
                  </RecordLink>
                </span>
              </li>
            )
          })}
        </ul>
      )}
    </WeekCard>
  )
}
