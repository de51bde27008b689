import type { AuditEvent } from './audit'
import { hoursAdjusted, packageWords, profileChange, sessionLine, settingsChange } from './audit-more-words'
import { practiceAttemptLine, practiceFormLine } from './audit-practice'
import { readAuditChange } from './audit-read'
import {
  aidChanges,
  emailChange,
  flagChanges,
  roleChanges,
  scoreDetails,
  targetWords,
  taskChange,
  text,
} from './audit-sentence-parts'
import { formatPlainDate } from './dates'
import type { NoteVisibility } from './notes'
import { inviteRoleLabels, type Role } from './roles'

/** Where a line is read. */
export interface SentenceContext {
  /**
   * On the record's own History (or its export), where the student goes without saying: "added
   * the document “Essay draft”" rather than "… on Rosa Student's record".
   */
  onRecord?: boolean
}

/**
 * An audit event as a sentence ("Avery Admin archived Rosa Student"): the web app's activity lists
 * and History, and the readable copy of an export, read the same words. Each names the student
 * once at most: not at all on their own record (`onRecord`), and as "their own" when the student
 * changed it themself.
 * `before` and `after` are read as the union in src/shared/audit.ts types them, each field only
 * when it has its recorded shape: a missing or odd-shaped field shortens the sentence, never
 * breaks it (a deleted student's events have none). Unknown actions show their raw name.
 */
export function auditSentence(event: AuditEvent, { onRecord = false }: SentenceContext = {}): string {
  const actor = event.actor?.name || 'A removed account'
  const self = event.actor !== null && event.actor.uuid === event.studentId
  const where: Where = {
    onRecord,
    whose: onRecord
      ? 'the'
      : self
        ? 'their own'
        : event.studentName
          ? possessive(event.studentName)
          : "a student's",
  }
  /** " on Rosa Student's record", or nothing on the record itself. */
  const onIt = onRecord ? '' : ` on ${where.whose} record`
  const subject = event.subjectName || fallbackSubject(event.subjectType)
  const change = readAuditChange(event)
  if (!change) return `${actor}: ${event.action}`
  const { action, before, after } = change
  // Two fields outside the union are still read from the raw payloads: an invite's own role
  // booleans and a team's `studentName`.
  const raw = { before: asRecord(event.before), after: asRecord(event.after) }
  switch (action) {
    case 'student.archived':
      return `${actor} archived ${subject}`
    case 'student.restored':
      return `${actor} restored ${subject}`
    case 'user.roles-changed':
      return `${actor} changed ${possessive(subject)} roles${roleChanges(before.roles, after.roles)}`
    case 'user.disabled':
      return `${actor} disabled ${possessive(subject)} account`
    case 'user.enabled':
      return `${actor} enabled ${possessive(subject)} account`
    case 'user.email-changed':
      return `${actor} changed ${possessive(subject)} email${emailChange(before.email, after.email)}`
    case 'user.deleted':
      return `${actor} deleted a ${before.student === true ? 'student and their record' : 'person'} for good`
    case 'invite.created':
      return inviteLine(actor, 'created', [after, raw.after], [before, raw.before], where)
    case 'invite.resent':
      return inviteLine(actor, 'resent', [after, raw.after], [before, raw.before], where)
    case 'invite.deleted':
      return inviteLine(actor, 'deleted', [before, raw.before], [after, raw.after], where)
    case 'team-member.added':
      return `${actor} added ${subject} to ${teamOf(event.studentName, raw.after, raw.before, where)}`
    case 'team-member.removed':
      return `${actor} removed ${subject} from ${teamOf(event.studentName, raw.before, raw.after, where)}`
    case 'guardian.linked':
      return `${actor} linked ${subject} to ${familyOf(where, after, before)}`
    case 'guardian.accepted':
      return `${actor} accepted an invite to ${familyOf(where, after, before)}`
    case 'guardian.unlinked':
      return `${actor} removed ${subject} from ${familyOf(where, before, after)}`
    case 'note.created':
      return `${actor} wrote ${noteDetails(after, where)}`
    case 'note.updated':
      return `${actor} edited ${noteDetails(after, where)}${sharingChange(before, after)}`
    case 'note.deleted':
      return `${actor} deleted ${noteDetails(before, where)}`
    case 'message.posted':
      return `${actor} ${after.broadcast ? 'broadcast' : 'wrote'} ${messageIn(after, where)}`
    case 'message.edited':
      return `${actor} edited ${messageIn(after, where)}`
    case 'message.deleted':
      return `${actor} deleted ${messageIn(before, where)}`
    case 'document.created':
      return `${actor} added ${recordItem('the document', before, after)}${onIt}`
    case 'document.updated':
      return `${actor} edited ${recordItem('the document', before, after)}${onIt}${flagChanges(before, after)}`
    case 'document.deleted':
      return `${actor} deleted ${recordItem('the document', before, after)}${onIt}`
    case 'task.created':
      return `${actor} added ${recordItem('the task', before, after, 'title')}${onIt}`
    case 'task.updated':
      return taskChange(actor, before, after, `${recordItem('the task', before, after, 'title')}${onIt}`)
    case 'task.deleted':
      return `${actor} deleted ${recordItem('the task', before, after, 'title')}${onIt}`
    case 'college.created':
      return `${actor} added ${recordItem('', before, after)} to ${where.whose} college list`
    case 'college.updated':
      return `${actor} edited ${recordItem('', before, after)} on ${where.whose} college list${aidChanges(before, after)}`
    case 'college.deleted':
      return `${actor} removed ${recordItem('', before, after)} from ${where.whose} college list`
    case 'score.added':
      return `${actor} added ${scoreDetails(after, before)}${onIt}`
    case 'score.updated':
      return `${actor} edited ${scoreDetails(after, before)}${onIt}`
    case 'score.deleted':
      return `${actor} deleted ${scoreDetails(before, after)}${onIt}`
    case 'targets.changed':
      return `${actor} changed ${where.whose} score targets${targetWords(after)}`
    case 'package.created':
      return `${actor} recorded ${packageWords(after)}${onIt}`
    case 'hours.adjusted':
      return hoursAdjusted(actor, after, where.whose)
    case 'settings.changed':
      return settingsChange(actor, after)
    case 'practice-form.created':
      return practiceFormLine(actor, 'added', after)
    case 'practice-form.updated':
      return practiceFormLine(actor, 'edited', after)
    case 'practice-form.deleted':
      return practiceFormLine(actor, 'deleted', before)
    case 'practice-attempt.assigned':
    case 'practice-attempt.submitted':
    case 'practice-attempt.rescored':
      return practiceAttemptLine(actor, action, before, after, onIt)
    case 'profile.changed':
      return `${actor} changed ${where.whose} profile${profileChange(before, after)}`
    case 'session.created':
    case 'session.updated':
    case 'session.status-changed':
      return sessionLine(actor, action, before, after, where.whose)
    case 'inquiry.handled':
      return `${actor} marked an inquiry handled`
    case 'inquiry.reopened':
      return `${actor} reopened an inquiry`
    default:
      return unknownAction(action, actor)
  }
}

/** Every action of the union has a sentence above; this compiles only while that holds. */
const unknownAction = (action: never, actor: string) => `${actor}: ${action}`

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}
}

function fallbackSubject(subjectType: string): string {
  if (subjectType === 'student') return 'a student'
  if (subjectType === 'user') return 'a user'
  return 'something'
}

const possessive = (name: string) => `${name}'s`

/** Whose record a line is about: "the" on the record itself, "their own", "Rosa Student's" or "a student's". */
type Where = { onRecord: boolean; whose: string }

type InviteSide = [{ roles?: Role[]; email?: string | null; relationship?: string }, Record<string, unknown>]

/**
 * "Avery Admin created an invite (Educator, for x@y)", from whichever side holds the invite; a
 * guardian invite says whose family it is for: "Avery Admin invited x@y to Rosa Student's family
 * (Mother)", "… resent the invite to the family for x@y" (on the record).
 */
function inviteLine(
  actor: string,
  verb: 'created' | 'resent' | 'deleted',
  primary: InviteSide,
  secondary: InviteSide,
  where: Where,
): string {
  const [invite, flags] = Object.keys(primary[1]).length > 0 ? primary : secondary
  // `roles: Role[]` as the server records it; the invite's own booleans are read too.
  const listed = invite.roles ?? []
  const holds = (role: Role) => flags[role] === true || listed.includes(role)
  const roles = inviteRoleLabels({
    admin: holds('admin'),
    educator: holds('educator'),
    fao: holds('fao'),
    student: holds('student'),
  })
  const email = text(invite.email)
  if (holds('guardian') && roles.length === 0) {
    const family = familyOf(where, invite, {})
    if (verb === 'created') return `${actor} invited ${email ?? 'a guardian'} to ${family}`
    return `${actor} ${verb} the invite to ${family}${email ? ` for ${email}` : ''}`
  }
  const parts = [...(roles.length > 0 ? [roles.join(' and ')] : []), ...(email ? [`for ${email}`] : [])]
  return `${actor} ${verb} an invite${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`
}

type Relationship = { relationship?: string }

/** "Rosa Student's family (Mother)" for a guardian link, "the family (Mother)" on the record. */
function familyOf(where: Where, primary: Relationship, secondary: Relationship): string {
  const relationship = text(primary.relationship) ?? text(secondary.relationship)
  return `${where.whose} family${relationship ? ` (${relationship})` : ''}`
}

type NoteSide = { date?: string; visibility?: NoteVisibility }

/** "a message in Rosa Student's Family conversation", "… in the Staff conversation" on the record. */
function messageIn(side: { kind?: 'family' | 'staff' }, where: Where): string {
  const kind = side.kind === 'staff' ? 'Staff ' : side.kind === 'family' ? 'Family ' : ''
  return `a message in ${where.whose} ${kind}conversation`
}

/**
 * "a shared note on Rosa Student's session of Mar 1, 2026", "… on the session of Mar 1, 2026" on
 * the record (the text itself is never repeated here).
 */
function noteDetails(note: NoteSide, where: Where): string {
  const visibility =
    note.visibility === 'shared' ? 'a shared' : note.visibility === 'internal' ? 'an internal' : 'a'
  const date = text(note.date)
  const day = date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? ` of ${formatPlainDate(date)}` : ''
  // "the session" needs its date; a student's unknown name leaves "a session".
  const session =
    where.whose === "a student's" || (where.onRecord && !day) ? 'a session' : `${where.whose} session`
  return `${visibility} note on ${session}${day}`
}

/** ", now shared with the family" when an edit changed who sees the note. */
function sharingChange(before: NoteSide, after: NoteSide): string {
  if (before.visibility === after.visibility || after.visibility === undefined) return ''
  if (before.visibility === undefined) return ''
  return after.visibility === 'shared' ? ', now shared with the family' : ', now internal'
}

/**
 * "Rosa Student's team" when the event names the student, else "a student's team" (the server
 * records only the member; a `studentName` in the payload is read too); "the team" on the record.
 */
function teamOf(
  studentName: string | null,
  primary: Record<string, unknown>,
  secondary: Record<string, unknown>,
  where: Where,
): string {
  if (where.onRecord) return 'the team'
  const name = [studentName, primary.studentName, secondary.studentName].find(
    (value): value is string => typeof value === 'string' && value !== '',
  )
  return `${name ?? 'a student'}'s team`
}

type ItemSide = { name?: string; title?: string }

/**
 * "the document “Essay draft”": the item's name from whichever side holds it (after for an add or
 * edit, before for a delete). With no kind, just the quoted name (a college's name says what it is).
 */
function recordItem(
  kind: string,
  before: ItemSide,
  after: ItemSide,
  field: 'name' | 'title' = 'name',
): string {
  const name = text(after[field]) ?? text(before[field])
  if (!kind) return name ? `“${name}”` : 'an entry'
  return name ? `${kind} “${name}”` : kind.replace(/^the /, 'a ')
}
