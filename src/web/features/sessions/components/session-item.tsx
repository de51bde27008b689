import { Link, type LinkProps } from '@tanstack/react-router'
import { SERVICE_LABELS, type Session } from '../../../../shared/tutoring'
import { MarkdownView } from '../../../components/ui/markdown-view'
import { noteAnchor } from '../../../lib/note-anchor'
import { sessionWhen } from '../../../lib/session-time'
import { statusSetWords, statusTone, statusWords } from '../session-words'

export interface SessionActions {
  /** Staff: reschedule, mark, write the note. */
  staff: boolean
  /** The student or a guardian: cancel a scheduled session ahead. */
  familyCancel: boolean
  onReschedule: (session: Session) => void
  onAttended: (session: Session) => void
  onMark: (session: Session, initial: Session['status']) => void
  onCancel: (session: Session) => void
  onWriteNote?: ((session: Session) => void) | undefined
  pendingUuid: string | null
  /** Who is reading: "Cancelled by you" rather than their own name. */
  viewerUuid: string
}

const toneClass = {
  warning: 'bg-warning-soft text-warning',
  success: 'bg-success-soft text-success',
  danger: 'bg-danger-soft text-danger',
  plain: 'bg-surface-sunken text-ink-muted',
} as const

export function StatusBadge({ session }: { session: Session }) {
  return (
    <span
      className={`rounded px-1.5 text-sm font-semibold whitespace-nowrap ${toneClass[statusTone(session)]}`}
    >
      {statusWords(session)}
    </span>
  )
}

/** One session: when (in the viewer's zone), who, where, its agenda and status, and what the viewer may do. */
export function SessionItem({
  session,
  viewerZone,
  actions,
}: {
  session: Session
  viewerZone: string
  actions: SessionActions
}) {
  const when = sessionWhen(session, viewerZone)
  const upcoming = session.status === 'scheduled' && !session.awaitingAttendance
  const ahead = upcoming && Date.parse(session.startsAt) > Date.now()
  const busy = actions.pendingUuid === session.uuid
  const setBy = statusSetWords(session, { uuid: actions.viewerUuid, zone: viewerZone })
  return (
    <li className="flex flex-col gap-1.5 py-3 first:pt-1" data-session={session.uuid}>
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <p className="font-semibold">
          {when.day}, {when.time}
        </p>
        {upcoming ? null : <StatusBadge session={session} />}
      </div>
      {setBy ? <p className="text-sm text-ink-muted">{setBy}</p> : null}
      {when.sessionZone ? <p className="text-sm text-ink-muted">{when.sessionZone}</p> : null}
      <p className="text-sm text-ink-muted">
        {SERVICE_LABELS[session.service]} with {session.educator.name || 'a former team member'}
        {session.seriesUUID ? ' · weekly' : ''}
      </p>
      <p className="min-w-0 text-sm break-words">
        {session.location.kind === 'online' ? (
          upcoming ? (
            <a
              href={session.location.meetingUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="btn btn-secondary btn-small no-underline"
            >
              Join online<span className="sr-only"> (opens the meeting link)</span>
            </a>
          ) : (
            'Online'
          )
        ) : (
          <>In person: {session.location.place}</>
        )}
      </p>
      {session.agenda ? <MarkdownView source={session.agenda} className="text-sm" /> : null}
      <div className="-ml-3 flex flex-wrap gap-1">
        {actions.staff && session.awaitingAttendance ? (
          <>
            <button
              type="button"
              className="btn btn-secondary btn-small ml-3"
              disabled={busy}
              onClick={() => actions.onAttended(session)}
            >
              Mark attended
            </button>
            <button
              type="button"
              className="btn btn-quiet btn-small"
              onClick={() => actions.onMark(session, 'no-show')}
            >
              Other outcome…
            </button>
          </>
        ) : null}
        {actions.staff && upcoming ? (
          <>
            <button
              type="button"
              className="btn btn-quiet btn-small"
              onClick={() => actions.onReschedule(session)}
            >
              Reschedule
            </button>
            <button
              type="button"
              className="btn btn-quiet btn-small"
              onClick={() => actions.onMark(session, 'cancelled')}
            >
              Cancel…
            </button>
          </>
        ) : null}
        {actions.staff && session.status !== 'scheduled' ? (
          <button
            type="button"
            className="btn btn-quiet btn-small"
            onClick={() => actions.onMark(session, session.status)}
          >
            Change status
          </button>
        ) : null}
        {actions.staff && session.status === 'attended' && !session.noteUUID && actions.onWriteNote ? (
          <button
            type="button"
            className="btn btn-quiet btn-small"
            onClick={() => actions.onWriteNote?.(session)}
          >
            Write the session note
          </button>
        ) : null}
        {session.noteUUID ? (
          <Link
            to="."
            search={{ section: 'notes' } as LinkProps['search']}
            hash={noteAnchor(session.noteUUID)}
            resetScroll={false}
            className="btn btn-quiet btn-small"
          >
            Read the session note
          </Link>
        ) : null}
        {actions.familyCancel && ahead ? (
          <button type="button" className="btn btn-quiet btn-small" onClick={() => actions.onCancel(session)}>
            Cancel
          </button>
        ) : null}
      </div>
    </li>
  )
}
