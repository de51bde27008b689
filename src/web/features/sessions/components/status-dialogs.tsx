import { useState } from 'react'
import type { Session, SessionStatus } from '../../../../shared/tutoring'
import { Alert } from '../../../components/ui/alert'
import { SpinnerIcon } from '../../../components/ui/icons'
import { Modal } from '../../../components/ui/modal'
import { toast } from '../../../components/ui/toast'
import { errorMessage, fieldProblems } from '../../../lib/api-client'
import { sessionWhen } from '../../../lib/session-time'
import { useChangeSession } from '../api/sessions'
import {
  durationWords,
  insideNoticeWindow,
  noticeHours,
  STATUS_LABELS,
  staffStatusChoices,
} from '../session-words'

/** Where the focus goes when the button that opened a dialog went with the session's change. */
const focusSessionsHeading = () => document.getElementById('sessions-heading')?.focus()

const CANCELLING: readonly SessionStatus[] = ['cancelled', 'late-cancelled']

/**
 * Staff mark a session (attended, no-show) or cancel it with either outcome. Opened to cancel
 * ("Cancel…"), it is titled so; a session that has not started offers no attended or no-show.
 */
export function MarkSessionDialog({
  session,
  viewerZone,
  initial,
  onClose,
  onMarked,
}: {
  session: Session | null
  viewerZone: string
  initial: SessionStatus
  onClose: () => void
  onMarked: (session: Session, status: SessionStatus) => void
}) {
  return (
    <Modal
      open={session !== null}
      onClose={onClose}
      title={CANCELLING.includes(initial) ? 'Cancel the session' : 'Mark the session'}
      fallbackFocus={focusSessionsHeading}
    >
      {session ? (
        <MarkForm
          key={`${session.uuid}:${initial}`}
          session={session}
          viewerZone={viewerZone}
          initial={initial}
          onClose={onClose}
          onMarked={onMarked}
        />
      ) : null}
    </Modal>
  )
}

function MarkForm({
  session,
  viewerZone,
  initial,
  onClose,
  onMarked,
}: {
  session: Session
  viewerZone: string
  initial: SessionStatus
  onClose: () => void
  onMarked: (session: Session, status: SessionStatus) => void
}) {
  const change = useChangeSession()
  const [status, setStatus] = useState<SessionStatus>(initial)
  const [error, setError] = useState<string | null>(null)
  const when = sessionWhen(session, viewerZone)
  const save = async () => {
    setError(null)
    try {
      await change.mutateAsync({
        studentUuid: session.studentUUID,
        sessionUuid: session.uuid,
        body: { status },
      })
      toast(`Marked ${STATUS_LABELS[status].toLowerCase()}`)
      onMarked(session, status)
      onClose()
    } catch (caught) {
      // The server names the field (`status`); the dialog has one, so only its words show.
      const problem = fieldProblems(caught).find((named) => named.path === 'status')
      setError(problem?.message ?? errorMessage(caught))
    }
  }
  const choices = staffStatusChoices(session, Date.now())
  return (
    <div className="flex flex-col gap-4">
      <p className="text-ink-muted">
        {session.studentName} with {session.educator.name}, {when.day}, {when.time}.
      </p>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <fieldset className="flex flex-col">
        <legend className="mb-1 font-medium">What happened</legend>
        {choices.map((choice) => (
          <label key={choice.status} className="flex min-h-11 items-start gap-3 py-1">
            <input
              type="radio"
              name="session-status"
              value={choice.status}
              checked={status === choice.status}
              onChange={() => setStatus(choice.status)}
              className="mt-0.5 size-5 shrink-0 accent-primary"
            />
            <span className="flex flex-col">
              <span className="font-medium">{STATUS_LABELS[choice.status]}</span>
              <span className="text-sm text-ink-muted">{choice.help}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-secondary" onClick={onClose} disabled={change.isPending}>
          Close
        </button>
        <button type="button" className="btn btn-primary" onClick={save} disabled={change.isPending}>
          {change.isPending ? <SpinnerIcon className="size-4" /> : null}
          Save
        </button>
      </div>
    </div>
  )
}

/**
 * The student or a guardian cancels a scheduled session. Inside the notice window the dialog says
 * plainly, before they confirm, that the time will be charged (the server decides the same way).
 */
export function FamilyCancelDialog({
  session,
  viewerZone,
  onClose,
}: {
  session: Session | null
  viewerZone: string
  onClose: () => void
}) {
  const [pending, setPending] = useState(false)
  const close = () => {
    if (!pending) onClose()
  }
  const title = session ? `Cancel the session on ${sessionWhen(session, viewerZone).day}?` : ''
  return (
    <Modal
      open={session !== null}
      onClose={close}
      title={title}
      role="alertdialog"
      fallbackFocus={focusSessionsHeading}
    >
      {session ? (
        <FamilyCancel session={session} viewerZone={viewerZone} onPending={setPending} onClose={onClose} />
      ) : null}
    </Modal>
  )
}

function FamilyCancel({
  session,
  viewerZone,
  onPending,
  onClose,
}: {
  session: Session
  viewerZone: string
  onPending: (pending: boolean) => void
  onClose: () => void
}) {
  const change = useChangeSession()
  const [error, setError] = useState<string | null>(null)
  const when = sessionWhen(session, viewerZone)
  const charged = insideNoticeWindow(session)
  const confirm = async () => {
    setError(null)
    onPending(true)
    try {
      const { sessions } = await change.mutateAsync({
        studentUuid: session.studentUUID,
        sessionUuid: session.uuid,
        body: { status: 'cancelled' },
      })
      toast(
        sessions[0]?.status === 'late-cancelled'
          ? 'Session cancelled; the time is charged'
          : 'Session cancelled',
      )
      onPending(false)
      onClose()
    } catch (caught) {
      onPending(false)
      setError(errorMessage(caught))
    }
  }
  return (
    <>
      <p>
        {session.studentName}’s session with {session.educator.name}, {when.day}, {when.time}.
      </p>
      {charged ? (
        <Alert tone="warning" role="status">
          This is less than {noticeHours(session)} hours before the start: the{' '}
          {durationWords(session.durationMinutes)} will be charged to your hours.
        </Alert>
      ) : (
        <p className="text-ink-muted">
          It is more than {noticeHours(session)} hours before the start, so nothing is charged. The educator
          is told by email.
        </p>
      )}
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-secondary" onClick={onClose} disabled={change.isPending}>
          Keep the session
        </button>
        <button type="button" className="btn btn-danger" onClick={confirm} disabled={change.isPending}>
          {change.isPending ? <SpinnerIcon className="size-4" /> : null}
          {charged ? 'Cancel and charge the time' : 'Cancel the session'}
        </button>
      </div>
    </>
  )
}
