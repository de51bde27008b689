import { formatPlainDate } from '../../../../shared/dates'
import type { SessionNote } from '../../../../shared/notes'
import { formatDuration } from '../note-form'

/**
 * A note's heading line: the session's date, its length, who wrote it, and (for staff) who can see
 * it, in words on a pill rather than by colour alone.
 */
export function NoteMeta({
  note,
  headingId,
  showVisibility,
  headingLevel = 'h3',
}: {
  note: SessionNote
  headingId?: string
  showVisibility: boolean
  headingLevel?: 'h3' | 'h4'
}) {
  const Heading = headingLevel
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Heading id={headingId} className="font-semibold">
        Session of {formatPlainDate(note.date)}
      </Heading>
      <span className="text-sm text-ink-muted">
        {note.durationMinutes ? `${formatDuration(note.durationMinutes)} · ` : ''}by{' '}
        {note.author.name || 'a former coach'}
      </span>
      {showVisibility ? (
        note.visibility === 'internal' ? (
          <span className="rounded-full border border-warning/40 bg-warning-soft px-2 py-0.5 text-xs font-semibold text-warning">
            Internal: staff only
          </span>
        ) : (
          <span className="rounded-full border border-success/40 bg-success-soft px-2 py-0.5 text-xs font-semibold text-success">
            Shared with the family
          </span>
        )
      ) : null}
    </div>
  )
}
