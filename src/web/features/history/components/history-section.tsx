import { useInfiniteQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Student } from '../../../../shared/students'
import { Alert } from '../../../components/ui/alert'
import { DownloadLinks } from '../../../components/ui/download-links'
import { SpinnerIcon } from '../../../components/ui/icons'
import { errorMessage } from '../../../lib/api-client'
import { auditEventsQueryOptions } from '../api/get-audit-events'
import { ActivityList } from './activity-list'

/**
 * "History" (admins only): every change to this record from the audit log, newest first, in
 * pages. Loaded when asked for, and fresh each time, so reading a record costs no extra request.
 */
export function HistorySection({ student }: { student: Student }) {
  const [open, setOpen] = useState(false)
  const log = useInfiniteQuery({ ...auditEventsQueryOptions(student.uuid), enabled: open, staleTime: 0 })
  const events = log.data?.pages.flatMap((page) => page.events) ?? []
  const loading = log.isFetching

  return (
    <section aria-labelledby="history-heading" className="card flex min-w-0 flex-col gap-4 p-4 sm:p-6">
      <div>
        <h2 id="history-heading" className="text-xl font-semibold">
          History
        </h2>
        <p className="text-sm text-ink-muted">
          Who changed this record and when: scores, documents, notes, tasks, colleges, team and family. Only
          admins see it. The download holds the whole record with its history.
        </p>
      </div>
      <DownloadLinks href={`/api/v1/students/${student.uuid}/export`} />
      {open && log.isSuccess ? (
        events.length === 0 ? (
          <p className="text-ink-muted">No changes recorded yet.</p>
        ) : (
          <ActivityList events={events} onRecord />
        )
      ) : null}
      {log.isError ? (
        <Alert tone="danger">Could not load the history: {errorMessage(log.error)}</Alert>
      ) : null}
      {!open || log.hasNextPage || loading ? (
        <div>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={loading}
            aria-disabled={loading}
            onClick={() => (open ? log.fetchNextPage() : setOpen(true))}
          >
            {loading ? <SpinnerIcon className="size-4" /> : null}
            {loading ? 'Loading…' : open ? 'Show older changes' : 'Show history'}
          </button>
        </div>
      ) : null}
    </section>
  )
}
