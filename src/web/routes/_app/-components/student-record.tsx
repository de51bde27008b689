import { useSearch } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { ARCHIVED_REFUSAL, archivedForFamily } from '../../../../shared/record-rules'
import type { Student } from '../../../../shared/students'
import type { CurrentUser } from '../../../../shared/users'
import { Alert } from '../../../components/ui/alert'
import { CollegesSection } from '../../../features/colleges/components/colleges-section'
import { DocumentsSection } from '../../../features/documents/components/documents-section'
import { FamilySection } from '../../../features/family/components/family-section'
import { HistorySection } from '../../../features/history/components/history-section'
import { MessagesSection } from '../../../features/messages/components/messages-section'
import { NotesSection } from '../../../features/notes/components/notes-section'
import { PracticeSection } from '../../../features/practice/components/practice-section'
import { ScoreSection } from '../../../features/scores/components/score-section'
import { TESTS } from '../../../features/scores/score-tests'
import { RecordOverview } from '../../../features/students/components/record-overview'
import { TasksSection } from '../../../features/tasks/components/tasks-section'
import { TeamSection } from '../../../features/team/components/team-section'
import { type RecordAccess, recordAccess } from '../../../lib/record-access'
import { chosenSection, type RecordSectionId, visibleSections } from '../../../lib/record-sections'
import { RecordSectionBar } from './record-section-bar'
import { RecordSessions } from './record-sessions'

interface SectionProps {
  student: Student
  viewer: CurrentUser
  access: RecordAccess
}

/**
 * What each section of `RECORD_SECTIONS` (lib/record-sections.ts) shows; only the chosen one
 * renders, so a section's queries and libraries (the score charts) load when it is opened.
 */
const SECTION_BODIES: Record<RecordSectionId, (props: SectionProps) => ReactNode> = {
  scores: ({ student, viewer, access }) => (
    <>
      <ScoreSection student={student} test={TESTS.sat} access={access} viewer={viewer} />
      <ScoreSection student={student} test={TESTS.act} access={access} viewer={viewer} />
    </>
  ),
  practice: ({ student, access }) => <PracticeSection student={student} access={access} />,
  plan: ({ student, viewer, access }) => (
    <>
      <TasksSection student={student} viewer={viewer} access={access} />
      <CollegesSection student={student} viewer={viewer} access={access} />
    </>
  ),
  sessions: ({ student, viewer, access }) => (
    <RecordSessions student={student} viewer={viewer} access={access} />
  ),
  notes: ({ student, viewer, access }) => <NotesSection student={student} viewer={viewer} access={access} />,
  messages: ({ student, viewer, access }) => (
    <MessagesSection student={student} viewer={viewer} access={access} />
  ),
  documents: ({ student, viewer, access }) => (
    <DocumentsSection student={student} viewer={viewer} access={access} />
  ),
  family: ({ student, viewer, access }) => (
    <div className="grid items-start gap-6 xl:grid-cols-2">
      <TeamSection student={student} access={access} />
      <FamilySection student={student} viewer={viewer} access={access} />
    </div>
  ),
  history: ({ student }) => <HistorySection student={student} />,
}

/**
 * A student record: the overview, the section bar and the chosen section (`?section=`, the first
 * when absent or not one this viewer sees). Used by /students/{uuid}, a student's dashboard and
 * the user-profile screen. Controls the viewer may not use are not rendered.
 */
export function StudentRecord({ student, viewer }: { student: Student; viewer: CurrentUser }) {
  const access = recordAccess(viewer, student)
  const asked = useSearch({ strict: false, select: (search) => search.section })
  const section = chosenSection(access, asked)
  const Body = SECTION_BODIES[section.id]
  return (
    <div className="flex flex-col gap-6">
      {archivedForFamily(access, 'scores.add') ? (
        <Alert tone="info" role="status">
          {ARCHIVED_REFUSAL.message}
        </Alert>
      ) : null}
      <RecordOverview student={student} viewer={viewer} />
      <RecordSectionBar sections={visibleSections(access)} current={section.id}>
        <div className="flex flex-col gap-6">
          <Body student={student} viewer={viewer} access={access} />
        </div>
      </RecordSectionBar>
    </div>
  )
}
