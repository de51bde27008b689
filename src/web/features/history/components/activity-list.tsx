import type { AuditEvent } from '../../../../shared/audit'
import { auditSentence } from '../../../../shared/audit-sentence'
import { formatTimeOfDay, formatTimestamp } from '../../../../shared/dates'
import { useHydrated } from '../../../lib/use-hydrated'
import { useZod } from '../../../lib/use-zod'

/** "Mar 1, 2026 at 10:04 AM", in the viewer's time zone. */
function when(createdAt: string): string {
  return `${formatTimestamp(createdAt)} at ${formatTimeOfDay(createdAt)}`
}

/**
 * Audit events as sentences with their time, newest first (the overview and a record's History,
 * `onRecord`, where the student's name goes without saying).
 */
export function ActivityList({ events, onRecord = false }: { events: AuditEvent[]; onRecord?: boolean }) {
  // The sentences read each change through its schema (ADR 053).
  useZod()
  // The browser's time zone is not the server's: the time waits for the browser (a space keeps its line).
  const hydrated = useHydrated()
  return (
    <ol className="flex flex-col divide-y divide-line">
      {events.map((event) => (
        <li key={event.uuid} className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:justify-between sm:gap-4">
          <span className="break-words text-ink">{auditSentence(event, { onRecord })}</span>
          <time dateTime={event.createdAt} className="shrink-0 text-sm text-ink-muted">
            {hydrated ? when(event.createdAt) : '\u00a0'}
          </time>
        </li>
      ))}
    </ol>
  )
}
