import { useInfiniteQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { AuditEvent } from '../../../../shared/audit'
import { Alert } from '../../../components/ui/alert'
import { SpinnerIcon } from '../../../components/ui/icons'
import { errorMessage } from '../../../lib/api-client'
import { auditEventsQueryOptions } from '../api/get-audit-events'
import { ActivityList } from './activity-list'

/**
 * "Recent activity": the overview's newest events; "Show more activity" switches to the paged
 * audit log (`GET /v1/audit-events`) and then loads page after page.
 */
export function RecentActivity({ recent }: { recent: AuditEvent[] }) {
  const [expanded, setExpanded] = useState(false)
  const log = useInfiniteQuery({ ...auditEventsQueryOptions(), enabled: expanded })
  const paged = log.data?.pages.flatMap((page) => page.events)
  const events = expanded && paged && paged.length >= recent.length ? paged : recent
  const canLoadMore = expanded ? log.hasNextPage || log.isPending : recent.length > 0
  const loading = log.isFetching

  return (
    <section
      aria-labelledby="recent-activity-heading"
      className="card flex min-w-0 flex-col gap-4 p-4 sm:p-6"
    >
      <h2 id="recent-activity-heading" className="text-xl font-semibold">
        Recent activity
      </h2>
      {events.length === 0 ? (
        <p className="text-ink-muted">
          No activity yet. Archiving students, changing roles, sending invites and handling inquiries are
          recorded here, with who did it and when.
        </p>
      ) : (
        <ActivityList events={events} />
      )}
      {log.isError ? (
        <Alert tone="danger">Could not load more activity: {errorMessage(log.error)}</Alert>
      ) : null}
      {canLoadMore ? (
        <div>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={loading}
            aria-disabled={loading}
            onClick={() => (expanded ? log.fetchNextPage() : setExpanded(true))}
          >
            {loading ? <SpinnerIcon className="size-4" /> : null}
            {loading ? 'Loading…' : 'Show more activity'}
          </button>
        </div>
      ) : null}
    </section>
  )
}
