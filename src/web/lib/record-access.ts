import type { StudentDocument } from '../../shared/documents'
import type { SessionNote } from '../../shared/notes'
import { type AccessOnRecord, kindOf, may, type StudentAccess } from '../../shared/record-rules'
import type { Student } from '../../shared/students'
import type { CurrentUser } from '../../shared/users'

/**
 * The viewer's place on a record, as the server decides it (docs/product.md#permissions): an
 * admin; an educator on the team (`editor`); an FAO on the team (`reader`); the student (`self`);
 * a linked parent or guardian (`guardian`, who reads as the student does). A guardian who is also
 * staff on the team gets the staff access, as on the server. The web only hides what the server
 * would refuse (the rules are the server's table, src/shared/record-rules.ts); the server still
 * checks every call.
 */
export type RecordAccess = StudentAccess | AccessOnRecord

/** The access kind with the record's archived state: an archived record is read-only for the family. */
export function recordAccess(viewer: CurrentUser, student: Student): AccessOnRecord {
  return { kind: accessKind(viewer, student), archived: student.archived }
}

function accessKind(viewer: CurrentUser, student: Student): StudentAccess {
  if (viewer.profileAdmin != null) return 'admin'
  const onTeam = student.team.some((member) => member.uuid === viewer.uuid)
  if (onTeam && viewer.profileEducator != null) return 'editor'
  if (onTeam && viewer.profileFao != null) return 'reader'
  if (viewer.uuid === student.uuid && viewer.profileStudent != null) return 'self'
  const linked = student.guardians.some((guardian) => guardian.uuid === viewer.uuid)
  if (linked && viewer.profileGuardian != null) return 'guardian'
  // The server answered, so the viewer may read it: the least they can be is a reader.
  return 'reader'
}

/** Scores: staff writers and the student; an FAO and a guardian only read them. */
export const canChangeScores = (access: RecordAccess) => may(access, 'scores.add')
/** One entry: staff writers any; the student only the entries they added. */
export const canChangeScore = (
  access: RecordAccess,
  viewer: CurrentUser,
  score: { addedBy?: { uuid: string } | null },
) => may(access, 'scores.change', score.addedBy?.uuid === viewer.uuid)
/** Documents: everyone but an FAO adds them (the family without the staff flags). */
export const canAddDocument = (access: RecordAccess) => may(access, 'documents.add')
/** Hidden and pinned are staff's flags. */
export const canFlagDocuments = (access: RecordAccess) => may(access, 'documents.setHiddenOrPinned')
export const canManageTeam = (access: RecordAccess) => kindOf(access) === 'admin'
/** Inviting and removing guardians: admins and educators on the team. */
export const canManageFamily = (access: RecordAccess) => may(access, 'guardians.manage')
/** Staff (FAOs too) and admins write session notes; the family reads the shared ones. */
export const canWriteNotes = (access: RecordAccess) => may(access, 'notes.write')
/** The Staff conversation: the team and admins; for the family it does not exist. */
export const canSeeStaffMessages = (access: RecordAccess) => may(access, 'messages.staff')
/** Write in the Family conversation (not the family on an archived record). */
export const canWriteMessages = (access: RecordAccess) => may(access, 'messages.write')
/** Guardians' emails are for staff and admins (the server leaves them out for the family). */
export const seesFamilyEmails = (access: RecordAccess) => may(access, 'record.readGuardianEmails')

/** Staff change any document; the student and a guardian only their own visible ones. */
export const canChangeDocument = (access: RecordAccess, viewer: CurrentUser, document: StudentDocument) =>
  may(access, 'documents.change', document.creator.uuid === viewer.uuid) &&
  (!document.hidden || may(access, 'documents.readHidden'))

/** The author edits a note; the author or an admin deletes it. */
export const canEditNote = (access: RecordAccess, viewer: CurrentUser, note: SessionNote) =>
  may(access, 'notes.edit', note.author.uuid === viewer.uuid)
export const canDeleteNote = (access: RecordAccess, viewer: CurrentUser, note: SessionNote) =>
  may(access, 'notes.delete', note.author.uuid === viewer.uuid)

/**
 * Tutoring sessions and hours: admins and educators on the team schedule and mark them; the student
 * and guardians read them and cancel a scheduled one; an FAO has no part in them (the server's 403).
 */
export const canSeeSessions = (access: RecordAccess) => kindOf(access) !== 'reader'
export const canScheduleSessions = (access: RecordAccess) =>
  kindOf(access) === 'admin' || kindOf(access) === 'editor'
/** The family cancels a scheduled session themselves, unless the record is archived. */
export const canCancelAsFamily = (access: RecordAccess) =>
  (kindOf(access) === 'self' || kindOf(access) === 'guardian') &&
  !(typeof access === 'object' && access.archived)
/** Packages and adjustments are the admins'. */
export const canManageHours = (access: RecordAccess) => kindOf(access) === 'admin'

/**
 * Practice tests: every reader of the record but an FAO sees the attempts, scores and skills;
 * admins and educators on the team assign; the student (and staff entering a paper sheet) answer.
 */
export const canSeePractice = (access: RecordAccess) => may(access, 'practice.read')
export const canAssignPractice = (access: RecordAccess) => may(access, 'practice.assign')
export const canAnswerPractice = (access: RecordAccess) => may(access, 'practice.answer')

/** A guardian sees their students and the teams, not the other guardians' profiles. */
export const canOpenGuardianProfile = (access: RecordAccess, viewer: CurrentUser, guardianUuid: string) =>
  kindOf(access) !== 'guardian' || guardianUuid === viewer.uuid
