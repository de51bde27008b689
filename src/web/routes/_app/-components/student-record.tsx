import { useSearch } from '@tanstack/react-router'
import { type ReactNode, Suspense, useEffect } from 'react'
import { ARCHIVED_REFUSAL, archivedForFamily } from '../../../../shared/record-rules'
import type { Student } from '../../../../shared/students'
import type { CurrentUser } from '../../../../shared/users'
import { Alert } from '../../../components/ui/alert'
import { ListSkeleton } from '../../../components/ui/skeleton'
import { TESTS } from '../../../features/scores/score-tests'
import { RecordOverview } from '../../../features/students/components/record-overview'
import { type RecordAccess, recordAccess } from '../../../lib/record-access'
import { chosenSection, type RecordSectionId, visibleSections } from '../../../lib/record-sections'
import { type LazySection, lazySection, preloadWhenIdle } from './lazy-section'
import { RecordSectionBar } from './record-section-bar'

interface SectionProps {
  student: Student
  viewer: CurrentUser
  access: RecordAccess
}

/**
 * What each section of `RECORD_SECTIONS` (lib/record-sections.ts) shows; only the chosen one
 * renders, so a section's queries and libraries (the score charts) load when it is opened. Each
 * is a chunk of its own (`lazySection`), loaded when shown or when the browser is idle.
 */
const SECTION_BODIES: Record<RecordSectionId, (props: SectionProps) => ReactNode> = {
  scores: lazySection(async () => {
    const { ScoreSection } = await import('../../../features/scores/components/score-section')
    return ({ student, viewer, access }) => (
      <>
        <ScoreSection student={student} test={TESTS.sat} access={access} viewer={viewer} />
        <ScoreSection student={student} test={TESTS.act} access={access} viewer={viewer} />
      </>
    )
  }),
  plan: lazySection(async () => {
    const [{ TasksSection }, { CollegesSection }] = await Promise.all([
      import('../../../features/tasks/components/tasks-section'),
      import('../../../features/colleges/components/colleges-section'),
    ])
    return ({ student, viewer, access }) => (
      <>
        <TasksSection student={student} viewer={viewer} access={access} />
        <CollegesSection student={student} viewer={viewer} access={access} />
      </>
    )
  }),
  practice: lazySection(
    async () => (await import('../../../features/practice/components/practice-section')).PracticeSection,
  ),
  sessions: lazySection(async () => (await import('./record-sessions')).RecordSessions),
  notes: lazySection(
    async () => (await import('../../../features/notes/components/notes-section')).NotesSection,
  ),
  messages: lazySection(
    async () => (await import('../../../features/messages/components/messages-section')).MessagesSection,
  ),
  documents: lazySection(
    async () => (await import('../../../features/documents/components/documents-section')).DocumentsSection,
  ),
  family: lazySection(async () => {
    const [{ TeamSection }, { FamilySection }] = await Promise.all([
      import('../../../features/team/components/team-section'),
      import('../../../features/family/components/family-section'),
    ])
    return ({ student, viewer, access }) => (
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <TeamSection student={student} access={access} />
        <FamilySection student={student} viewer={viewer} access={access} />
      </div>
    )
  }),
  history: lazySection(
    async () => (await import('../../../features/history/components/history-section')).HistorySection,
  ),
}

/** Loads the code of the section this viewer will see for `asked` (the record's loaders). */
export async function preloadRecordSection(viewer: CurrentUser, student: Student, asked: string | undefined) {
  const body = SECTION_BODIES[chosenSection(recordAccess(viewer, student), asked).id]
  if ('preload' in body) await (body as LazySection<SectionProps>).preload()
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
  const sections = visibleSections(access)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per record shown
  useEffect(() => preloadWhenIdle(sections.map((shown) => SECTION_BODIES[shown.id])), [])
  return (
    <div className="flex flex-col gap-6">
      {archivedForFamily(access, 'scores.add') ? (
        <Alert tone="info" role="status">
          {ARCHIVED_REFUSAL.message}
        </Alert>
      ) : null}
      <RecordOverview student={student} viewer={viewer} />
      <RecordSectionBar sections={sections} current={section.id}>
        <div className="flex flex-col gap-6">
          <Suspense fallback={<ListSkeleton label={`Loading ${section.label}`} rows={['h-24', 'h-24']} />}>
            <Body student={student} viewer={viewer} access={access} />
          </Suspense>
        </div>
      </RecordSectionBar>
    </div>
  )
}
