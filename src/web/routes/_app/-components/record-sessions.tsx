import { useState } from 'react'
import type { Student } from '../../../../shared/students'
import type { Session } from '../../../../shared/tutoring'
import type { CurrentUser } from '../../../../shared/users'
import { lazyDialog } from '../../../components/ui/lazy-dialog'
import type { NoteSessionLink } from '../../../features/notes/components/note-dialog'
import { SessionsSection } from '../../../features/sessions/components/sessions-section'
import { viewerTimeZone } from '../../../lib/plan-rules'
import { canWriteNotes, type RecordAccess } from '../../../lib/record-access'
import { zonedParts } from '../../../lib/session-zones'

const NoteDialog = lazyDialog(() =>
  import('../../../features/notes/components/note-dialog').then((module) => module.NoteDialog),
)

/**
 * The record's Sessions section with the notes form beside it: after marking a session attended,
 * "Write the session note" opens the notes form linked to that session (two features, composed here).
 */
export function RecordSessions({
  student,
  viewer,
  access,
}: {
  student: Student
  viewer: CurrentUser
  access: RecordAccess
}) {
  const [noteFor, setNoteFor] = useState<NoteSessionLink | null>(null)
  const writeNote = (session: Session) =>
    setNoteFor({
      sessionUUID: session.uuid,
      date: zonedParts(session.startsAt, viewerTimeZone(viewer)).date,
      durationMinutes: session.durationMinutes,
    })
  return (
    <>
      <SessionsSection
        student={student}
        viewer={viewer}
        access={access}
        onWriteNote={canWriteNotes(access) ? writeNote : undefined}
      />
      {canWriteNotes(access) ? (
        <NoteDialog
          studentUuid={student.uuid}
          studentName={student.name}
          note={null}
          forSession={noteFor}
          open={noteFor !== null}
          onClose={() => setNoteFor(null)}
        />
      ) : null}
    </>
  )
}
