import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Alert } from '../../../components/ui/alert'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { CopyLink } from '../../../components/ui/copy-link'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { calendarFeedQueryOptions, useCalendarFeed } from '../api/calendar-feed'

/** The private calendar feed: on, its link (shown again on request), a new link, off. */
export function CalendarFeed() {
  const feed = useQuery(calendarFeedQueryOptions())
  const { create, remove, show } = useCalendarFeed()
  const [confirming, setConfirming] = useState<'renew' | 'off' | null>(null)
  const [error, setError] = useState<string | null>(null)
  const enabled = feed.data?.enabled ?? false
  const url = feed.data?.url
  const [showing, setShowing] = useState(false)

  const showLink = async () => {
    setError(null)
    setShowing(true)
    try {
      await show()
    } catch (caught) {
      setError(errorMessage(caught))
    } finally {
      setShowing(false)
    }
  }

  const turnOn = async () => {
    setError(null)
    try {
      await create.mutateAsync()
      toast('Calendar feed on')
    } catch (caught) {
      setError(errorMessage(caught))
    }
  }

  return (
    <div className="flex flex-col gap-3 border-t border-line pt-4">
      <h3 className="font-semibold">Calendar feed</h3>
      <p className="text-sm text-ink-muted">
        A private link your calendar app (Google Calendar, Apple Calendar, Outlook) subscribes to: task due
        dates and college deadlines as all-day events, and tutoring sessions at their times. Anyone with the
        link can read it, so keep it to yourself.
      </p>
      {error ? <Alert tone="danger">{error}</Alert> : null}
      {feed.isError ? <Alert tone="danger">{errorMessage(feed.error)}</Alert> : null}
      {url ? <CopyLink url={url} label="Your calendar link" showField /> : null}
      {enabled && !url ? (
        feed.data?.linkKept ? (
          <p className="text-sm">
            The feed is on. Show its link to add it to another device; every device keeps working.
          </p>
        ) : (
          <p className="text-sm">
            The feed is on. Its link was made before links could be shown again: make a new link to copy it
            (the old one stops working).
          </p>
        )
      ) : null}
      <div className="flex flex-wrap gap-3">
        {enabled ? (
          <>
            {!url && feed.data?.linkKept ? (
              <button type="button" className="btn btn-primary" disabled={showing} onClick={showLink}>
                Show my link
              </button>
            ) : null}
            <button type="button" className="btn btn-secondary" onClick={() => setConfirming('renew')}>
              Make a new link
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setConfirming('off')}>
              Turn off
            </button>
          </>
        ) : (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={create.isPending || feed.isPending}
            onClick={turnOn}
          >
            Turn on the calendar feed
          </button>
        )}
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming === 'off' ? 'Turn off the calendar feed?' : 'Make a new calendar link?'}
        description="The current link stops working at once; calendars subscribed to it stop updating."
        confirmLabel={confirming === 'off' ? 'Turn off' : 'Make a new link'}
        onConfirm={async () => {
          if (confirming === 'off') {
            await remove.mutateAsync()
            toast('Calendar feed off')
          } else {
            await create.mutateAsync()
            toast('New calendar link made; the old one no longer works')
          }
        }}
      />
    </div>
  )
}
