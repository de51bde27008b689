import { z } from 'zod'
import { canManageTeam, canSeePractice, canSeeSessions, type RecordAccess } from './record-access'

/**
 * The record's sections, in the order of the section bar (docs/web.md, "The record page"). The
 * address names the chosen one (`?section=plan`); each entry says who sees it. What a section
 * shows is `SECTION_BODIES` in `routes/_app/-components/student-record.tsx`, keyed by these ids.
 * This list stays free of components so the routes' search validation keeps the app shell small.
 */
export const RECORD_SECTIONS = [
  { id: 'scores', label: 'Scores' },
  { id: 'practice', label: 'Practice tests', shows: canSeePractice },
  { id: 'plan', label: 'Plan' },
  { id: 'sessions', label: 'Sessions', shows: canSeeSessions },
  { id: 'notes', label: 'Notes' },
  { id: 'messages', label: 'Messages' },
  { id: 'documents', label: 'Documents' },
  { id: 'family', label: 'Family and team' },
  { id: 'history', label: 'History', shows: canManageTeam },
] as const satisfies ReadonlyArray<{ id: string; label: string; shows?: (access: RecordAccess) => boolean }>

export type RecordSectionId = (typeof RECORD_SECTIONS)[number]['id']
export type RecordSection = (typeof RECORD_SECTIONS)[number]

const SECTION_IDS = RECORD_SECTIONS.map((section) => section.id) as [RecordSectionId, ...RecordSectionId[]]

/** The search of a page that shows a record: an unknown section is dropped (the first one shows). */
export const recordSectionSearchSchema = z.object({
  section: z.enum(SECTION_IDS).optional().catch(undefined),
  /** The Messages section's conversation (src/shared/messages.ts's kinds); unknown shows Family. */
  conversation: z.enum(['family', 'staff']).optional().catch(undefined),
})

/** The sections this viewer sees. */
export const visibleSections = (access: RecordAccess): RecordSection[] =>
  RECORD_SECTIONS.filter((section) => !('shows' in section) || section.shows(access))

/** The section to show: the one asked for when this viewer sees it, else the first. */
export function chosenSection(access: RecordAccess, asked: string | undefined): RecordSection {
  const sections = visibleSections(access)
  return sections.find((section) => section.id === asked) ?? sections[0]!
}
