import { useInfiniteQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { formatPlainDate } from '../../../../shared/dates'
import type { SessionNote } from '../../../../shared/notes'
import type { Student } from '../../../../shared/students'
import type { CurrentUser } from '../../../../shared/users'
import { Alert } from '../../../components/ui/alert'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { SpinnerIcon } from '../../../components/ui/icons'
import { lazyDialog } from '../../../components/ui/lazy-dialog'
import { MarkdownView } from '../../../components/ui/markdown-view'
import { ListSkeleton } from '../../../components/ui/skeleton'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { noteAnchor } from '../../../lib/note-anchor'
import { canDeleteNote, canEditNote, canWriteNotes, type RecordAccess } from '../../../lib/record-access'
import { notesQueryOptions, useDeleteNote } from '../api/notes'
import { formatDuration } from '../note-form'
import { useLinkedNote } from '../use-linked-note'
import { NoteMeta } from './note-meta'

const NoteDialog = lazyDialog(() => import('./note-dialog').then((module) => module.NoteDialog))

interface NotesSectionProps {
  student: Student
  viewer: CurrentUser
  access: RecordAccess
}

type Editing = { note: SessionNote | null } | null

/**
 * "Session notes", newest session first, page by page. Staff and admins read every note and write
 * them; the student and their guardians get only the shared ones from the server, and no form.
 */
export function NotesSection({ student, viewer, access }: NotesSectionProps) {
  const notes = useInfiniteQuery(notesQueryOptions(student.uuid))
  const [editing, setEditing] = useState<Editing>(null)
  const [deleting, setDeleting] = useState<SessionNote | null>(null)
  const deleteNote = useDeleteNote(student.uuid)
  const writer = canWriteNotes(access)
  const name = student.name || 'the student'
  const list = notes.data?.pages.flatMap((page) => page.notes) ?? []
  useLinkedNote(notes, list.length)

  return (
    <section aria-labelledby="notes-heading" className="card flex min-w-0 flex-col gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="notes-heading" tabIndex={-1} className="text-xl font-semibold outline-none">
          Session notes
        </h2>
        {writer ? (
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => setEditing({ note: null })}
          >
            Write a note
          </button>
        ) : null}
      </div>
      {notes.isPending ? (
        <ListSkeleton label="Loading session notes…" rows={['h-5 w-48', 'h-16 w-full', 'h-5 w-40']} />
      ) : notes.isError ? (
        <Alert tone="danger">The session notes could not be loaded: {errorMessage(notes.error)}</Alert>
      ) : list.length === 0 ? (
        <p className="text-ink-muted">
          {writer
            ? `No session notes yet. After a session, write what you worked on and what comes next: keep it internal for staff, or share it with ${name} and their family.`
            : 'No shared session notes yet. When a coach shares notes from a session, they appear here.'}
        </p>
      ) : (
        <ol className="flex flex-col divide-y divide-line">
          {list.map((note) => (
            <li key={note.uuid} className="flex flex-col gap-2 py-4 first:pt-0 last:pb-0">
              <article
                aria-labelledby={noteAnchor(note.uuid)}
                tabIndex={-1}
                className="flex min-w-0 scroll-mt-28 flex-col gap-2 outline-none lg:scroll-mt-16"
              >
                <NoteMeta note={note} headingId={noteAnchor(note.uuid)} showVisibility={writer} />
                <MarkdownView source={note.body} />
              </article>
              <NoteActions
                note={note}
                canEdit={canEditNote(access, viewer, note)}
                canDelete={canDeleteNote(access, viewer, note)}
                onEdit={() => setEditing({ note })}
                onDelete={() => setDeleting(note)}
              />
            </li>
          ))}
        </ol>
      )}
      {notes.hasNextPage ? (
        <div>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={notes.isFetchingNextPage}
            aria-disabled={notes.isFetchingNextPage}
            onClick={() => notes.fetchNextPage()}
          >
            {notes.isFetchingNextPage ? <SpinnerIcon className="size-4" /> : null}
            {notes.isFetchingNextPage ? 'Loading…' : 'Load older notes'}
          </button>
        </div>
      ) : null}
      {writer ? (
        <NoteDialog
          studentUuid={student.uuid}
          studentName={name}
          note={editing?.note ?? null}
          open={editing !== null}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={deleting ? `Delete the note of ${formatPlainDate(deleting.date)}?` : ''}
        description={
          deleting
            ? `${deleting.author.name || 'Its author'}'s note${deleting.durationMinutes ? ` (${formatDuration(deleting.durationMinutes)})` : ''} is removed for everyone. This cannot be undone.`
            : undefined
        }
        confirmLabel="Delete note"
        fallbackFocus={() => document.getElementById('notes-heading')?.focus()}
        onConfirm={async () => {
          if (!deleting) return
          await deleteNote.mutateAsync(deleting.uuid)
          toast('Note deleted')
        }}
      />
    </section>
  )
}

interface NoteActionsProps {
  note: SessionNote
  canEdit: boolean
  canDelete: boolean
  onEdit: () => void
  onDelete: () => void
}

function NoteActions({ note, canEdit, canDelete, onEdit, onDelete }: NoteActionsProps) {
  if (!canEdit && !canDelete) return null
  const which = `the note of ${formatPlainDate(note.date)}`
  return (
    <div className="-ml-3 flex flex-wrap gap-1">
      {canEdit ? (
        <button
          type="button"
          className="btn btn-quiet btn-small"
          onClick={onEdit}
          aria-label={`Edit ${which}`}
        >
          Edit
        </button>
      ) : null}
      {canDelete ? (
        <button
          type="button"
          className="btn btn-quiet btn-small ml-auto text-danger"
          onClick={onDelete}
          aria-label={`Delete ${which}`}
        >
          Delete
        </button>
      ) : null}
    </div>
  )
}
