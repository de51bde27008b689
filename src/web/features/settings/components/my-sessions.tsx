import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { formatTimeOfDay, formatTimestamp } from '../../../../shared/dates'
import type { UserSession } from '../../../../shared/sessions'
import { Alert } from '../../../components/ui/alert'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { mySessionsQueryOptions, useEndSessions } from '../api/sessions'

/** "Active now" within five minutes (how often "last seen" is written), else the time. */
function lastSeen(session: UserSession): string {
  const minutes = (Date.now() - Date.parse(session.lastSeenAt)) / 60_000
  return minutes < 6
    ? 'Active now'
    : `Last active ${formatTimestamp(session.lastSeenAt)}, ${formatTimeOfDay(session.lastSeenAt)}`
}

/**
 * /settings "Signed-in devices": each session with its browser, address and last use; end one,
 * or all but this one. This browser itself logs out with Log out.
 */
export function MySessions() {
  const sessions = useQuery(mySessionsQueryOptions())
  const end = useEndSessions()
  const [ending, setEnding] = useState<UserSession | 'others' | null>(null)
  const list = sessions.data?.sessions ?? []
  const others = list.filter((session) => !session.current)

  const confirm = async () => {
    if (ending === 'others') {
      await end.mutateAsync(undefined)
      toast('Logged out everywhere else')
    } else if (ending) {
      await end.mutateAsync(ending.uuid)
      toast(`Logged out ${ending.device}`)
    }
  }

  return (
    <section aria-labelledby="sessions-heading" className="card flex flex-col gap-4 p-4 sm:p-6">
      <div>
        <h2 id="sessions-heading" className="text-xl font-semibold">
          Signed-in devices
        </h2>
        <p className="text-ink-muted">
          Where you are logged in. If you see a device you do not know, log it out and change your password.
        </p>
      </div>
      {sessions.isError ? (
        <Alert tone="danger">Could not load your devices: {errorMessage(sessions.error)}</Alert>
      ) : null}
      {sessions.isPending ? <p className="text-ink-muted">Loading…</p> : null}
      <ul className="flex flex-col divide-y divide-line">
        {list.map((session) => (
          <li
            key={session.uuid}
            className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <p className="font-medium break-words">
                {session.device}
                {session.current ? (
                  <span className="ml-2 rounded bg-primary-soft px-1.5 py-0.5 text-sm text-primary">
                    This browser
                  </span>
                ) : null}
              </p>
              <p className="text-sm text-ink-muted break-words">
                {[lastSeen(session), session.ipAddress].filter(Boolean).join(' · ')}
              </p>
            </div>
            {session.current ? null : (
              <button
                type="button"
                className="btn btn-secondary btn-small shrink-0"
                onClick={() => setEnding(session)}
                aria-label={`Log out ${session.device}, ${lastSeen(session).toLowerCase()}`}
              >
                Log out
              </button>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <div>
          <button type="button" className="btn btn-secondary" onClick={() => setEnding('others')}>
            Log out everywhere else
          </button>
        </div>
      ) : null}
      <ConfirmDialog
        open={ending !== null}
        onClose={() => setEnding(null)}
        title={ending === 'others' ? 'Log out everywhere else?' : `Log out ${ending?.device ?? ''}?`}
        description="That device will need your password to get back in."
        confirmLabel="Log out"
        onConfirm={confirm}
      />
    </section>
  )
}
