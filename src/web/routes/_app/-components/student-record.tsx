import { ARCHIVED_REFUSAL, archivedForFamily } from '../../../../shared/record-rules'
import type { Student } from '../../../../shared/students'
import type { CurrentUser } from '../../../../shared/users'
import { Alert } from '../../../components/ui/alert'
import { CollegesSection } from '../../../features/colleges/components/colleges-section'
import { DocumentsSection } from '../../../features/documents/components/documents-section'
import { FamilySection } from '../../../features/family/components/family-section'
import { HistorySection } from '../../../features/history/components/history-section'
import { NotesSection } from '../../../features/notes/components/notes-section'
import { ScoreSection } from '../../../features/scores/components/score-section'
import { TESTS } from '../../../features/scores/score-tests'
import { TasksSection } from '../../../features/tasks/components/tasks-section'
import { TeamSection } from '../../../features/team/components/team-section'
import { canManageTeam, recordAccess } from '../../../lib/record-access'

/**
 * The body of a student record (scores, the college list, tasks, session notes, documents, team, family): used by /students/{uuid}, a student's dashboard and the
 * user-profile screen. Controls the viewer may not use are not rendered.
 */
export function StudentRecord({ student, viewer }: { student: Student; viewer: CurrentUser }) {
  const access = recordAccess(viewer, student)
  return (
    <div className="flex flex-col gap-6">
      {archivedForFamily(access, 'scores.add') ? (
        <Alert tone="info" role="status">
          {ARCHIVED_REFUSAL.message}
        </Alert>
      ) : null}
      <ScoreSection student={student} test={TESTS.sat} access={access} viewer={viewer} />
      <ScoreSection student={student} test={TESTS.act} access={access} viewer={viewer} />
      <CollegesSection student={student} viewer={viewer} access={access} />
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <TasksSection student={student} viewer={viewer} access={access} />
          <NotesSection student={student} viewer={viewer} access={access} />
          <DocumentsSection student={student} viewer={viewer} access={access} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <TeamSection student={student} access={access} />
          <FamilySection student={student} viewer={viewer} access={access} />
        </div>
      </div>
      {canManageTeam(access) ? <HistorySection student={student} /> : null}
    </div>
  )
}
