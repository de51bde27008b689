import type { StudentDocument } from '../../../shared/documents'
import type { Student } from '../../../shared/students'
import type { CurrentUser } from '../../../shared/users'

/**
 * The viewer's place on a record, as the server decides it (docs/product.md#permissions): an admin; an
 * educator on the team (`editor`); an FAO on the team (`reader`); the student (`self`). The web
 * only hides what the server would refuse; the server still checks every call.
 */
export type RecordAccess = 'admin' | 'editor' | 'reader' | 'self'

export function recordAccess(viewer: CurrentUser, student: Student): RecordAccess {
  if (viewer.profileAdmin != null) return 'admin'
  const onTeam = student.team.some((member) => member.uuid === viewer.uuid)
  if (onTeam && viewer.profileEducator != null) return 'editor'
  if (onTeam && viewer.profileFao != null) return 'reader'
  if (viewer.uuid === student.uuid) return 'self'
  // The server answered, so the viewer may read it: the least they can be is a reader.
  return 'reader'
}

const isStaffWriter = (access: RecordAccess) => access === 'admin' || access === 'editor'

export const canChangeScores = (access: RecordAccess) => access !== 'reader'
export const canAddDocument = (access: RecordAccess) => access !== 'reader'
/** Hidden and pinned are staff's flags. */
export const canFlagDocuments = isStaffWriter
export const canManageTeam = (access: RecordAccess) => access === 'admin'

/** Staff change any document; a student only their own visible ones. */
export function canChangeDocument(access: RecordAccess, viewer: CurrentUser, document: StudentDocument) {
  if (isStaffWriter(access)) return true
  return access === 'self' && document.creator.uuid === viewer.uuid && !document.hidden
}
