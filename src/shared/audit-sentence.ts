import { type AuditEvent, readAuditChange } from './audit'
import { profileChange, settingsChange } from './audit-more-words'
import { formatPlainDate } from './dates'
import type { NoteVisibility } from './notes'
import { inviteRoleLabels, ROLE_LABELS, ROLES, type Role } from './roles'
import type { ScoreSource } from './scores'
import type { TaskStatus } from './tasks'

/**
 * An audit event as a sentence ("Avery Admin archived Rosa Student"): the web app's activity lists
 * and History, and the readable copy of an export, read the same words.
 * `before` and `after` are read as the union in src/shared/audit.ts types them, each field only
 * when it has its recorded shape: a missing or odd-shaped field shortens the sentence, never
 * breaks it (a deleted student's events have none). Unknown actions show their raw name.
 */
export function auditSentence(event: AuditEvent): string {
  const actor = event.actor?.name || 'A removed account'
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
      return `${actor} created an invite${inviteDetails([after, raw.after], [before, raw.before], event.studentName)}`
    case 'invite.resent':
      return `${actor} resent an invite${inviteDetails([after, raw.after], [before, raw.before], event.studentName)}`
    case 'invite.deleted':
      return `${actor} deleted an invite${inviteDetails([before, raw.before], [after, raw.after], event.studentName)}`
    case 'team-member.added':
      return `${actor} added ${subject} to ${teamOf(event.studentName, raw.after, raw.before)}`
    case 'team-member.removed':
      return `${actor} removed ${subject} from ${teamOf(event.studentName, raw.before, raw.after)}`
    case 'guardian.linked':
      return `${actor} linked ${subject} to ${familyOf(event.studentName, after, before)}`
    case 'guardian.accepted':
      return `${actor} accepted an invite to ${familyOf(event.studentName, after, before)}`
    case 'guardian.unlinked':
      return `${actor} removed ${subject} from ${familyOf(event.studentName, before, after)}`
    case 'note.created':
      return `${actor} wrote ${noteDetails(after, event.studentName)}`
    case 'note.updated':
      return `${actor} edited ${noteDetails(after, event.studentName)}${sharingChange(before, after)}`
    case 'note.deleted':
      return `${actor} deleted ${noteDetails(before, event.studentName)}`
    case 'document.created':
      return `${actor} added ${recordItem('the document', before, after, event.studentName)}`
    case 'document.updated':
      return `${actor} edited ${recordItem('the document', before, after, event.studentName)}${flagChanges(before, after)}`
    case 'document.deleted':
      return `${actor} deleted ${recordItem('the document', before, after, event.studentName)}`
    case 'task.created':
      return `${actor} added ${recordItem('the task', before, after, event.studentName, 'title')}`
    case 'task.updated':
      return taskChange(
        actor,
        before,
        after,
        recordItem('the task', before, after, event.studentName, 'title'),
      )
    case 'task.deleted':
      return `${actor} deleted ${recordItem('the task', before, after, event.studentName, 'title')}`
    case 'college.created':
      return `${actor} added ${recordItem('', before, after, event.studentName)} to ${collegeListOf(event.studentName)}`
    case 'college.updated':
      return `${actor} edited ${recordItem('', before, after, event.studentName)} on ${collegeListOf(event.studentName)}${aidChanges(before, after)}`
    case 'college.deleted':
      return `${actor} removed ${recordItem('', before, after, event.studentName)} from ${collegeListOf(event.studentName)}`
    case 'score.added':
      return `${actor} added ${scoreDetails(after, before, event.studentName)}`
    case 'score.updated':
      return `${actor} edited ${scoreDetails(after, before, event.studentName)}`
    case 'score.deleted':
      return `${actor} deleted ${scoreDetails(before, after, event.studentName)}`
    case 'targets.changed':
      return `${actor} changed ${event.studentName ? possessive(event.studentName) : "a student's"} score targets${targetWords(after)}`
    case 'settings.changed':
      return settingsChange(actor, after)
    case 'profile.changed':
      return `${actor} changed ${event.studentName ? possessive(event.studentName) : "a student's"} profile${profileChange(before, after)}`
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

function emailChange(from: string | undefined, to: string | undefined): string {
  const old = text(from)
  const now = text(to)
  if (old && now) return ` from ${old} to ${now}`
  return now ? ` to ${now}` : ''
}

function fallbackSubject(subjectType: string): string {
  if (subjectType === 'student') return 'a student'
  if (subjectType === 'user') return 'a user'
  return 'something'
}

const possessive = (name: string) => `${name}'s`

/** The roles in their usual order. */
const inOrder = (roles: readonly Role[]) => ROLES.filter((role) => roles.includes(role))

/** ": Admin added, Educator removed", or nothing when the lists are missing. */
function roleChanges(beforeRoles: Role[] | undefined, afterRoles: Role[] | undefined): string {
  if (!beforeRoles || !afterRoles) return ''
  const from = inOrder(beforeRoles)
  const to = inOrder(afterRoles)
  const changes = [
    ...to.filter((role) => !from.includes(role)).map((role) => `${ROLE_LABELS[role]} added`),
    ...from.filter((role) => !to.includes(role)).map((role) => `${ROLE_LABELS[role]} removed`),
  ]
  return changes.length > 0 ? `: ${changes.join(', ')}` : ''
}

type InviteSide = [{ roles?: Role[]; email?: string | null; relationship?: string }, Record<string, unknown>]

/**
 * " (Educator, for x@y)" from whichever side holds the invite; a guardian invite reads
 * " (Guardian of Rosa Student (Mother), for x@y)".
 */
function inviteDetails(primary: InviteSide, secondary: InviteSide, studentName: string | null): string {
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
  if (holds('guardian')) {
    const relationship = text(invite.relationship)
    roles.push(`Guardian of ${studentName || 'a student'}${relationship ? ` (${relationship})` : ''}`)
  }
  const email = invite.email ? `for ${invite.email}` : null
  const parts = [...(roles.length > 0 ? [roles.join(' and ')] : []), ...(email ? [email] : [])]
  return parts.length > 0 ? ` (${parts.join(', ')})` : ''
}

/** A string field, or null when it is missing, empty or not a string. */
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)

type Relationship = { relationship?: string }

/** "Rosa Student's family (Mother)" for a guardian link. */
function familyOf(studentName: string | null, primary: Relationship, secondary: Relationship): string {
  const relationship = text(primary.relationship) ?? text(secondary.relationship)
  return `${studentName ? possessive(studentName) : "a student's"} family${relationship ? ` (${relationship})` : ''}`
}

type NoteSide = { date?: string; visibility?: NoteVisibility }

/** "a shared note on Rosa Student's session of Mar 1, 2026" (the text itself is never repeated here). */
function noteDetails(note: NoteSide, studentName: string | null): string {
  const visibility =
    note.visibility === 'shared' ? 'a shared' : note.visibility === 'internal' ? 'an internal' : 'a'
  const date = text(note.date)
  const day = date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? ` of ${formatPlainDate(date)}` : ''
  const whose = studentName ? `${possessive(studentName)} session` : 'a session'
  return `${visibility} note on ${whose}${day}`
}

/** ", now shared with the family" when an edit changed who sees the note. */
function sharingChange(before: NoteSide, after: NoteSide): string {
  if (before.visibility === after.visibility || after.visibility === undefined) return ''
  if (before.visibility === undefined) return ''
  return after.visibility === 'shared' ? ', now shared with the family' : ', now internal'
}

/**
 * "Rosa Student's team" when the event names the student, else "a student's team" (the server
 * records only the member; a `studentName` in the payload is read too).
 */
function teamOf(
  studentName: string | null,
  primary: Record<string, unknown>,
  secondary: Record<string, unknown>,
): string {
  const name = [studentName, primary.studentName, secondary.studentName].find(
    (value): value is string => typeof value === 'string' && value !== '',
  )
  return `${name ?? 'a student'}'s team`
}

type ItemSide = { name?: string; title?: string }

/**
 * "the document “Essay draft” on Rosa Student's record": the item's name from whichever side holds
 * it (after for an add or edit, before for a delete). With no kind, just the quoted name
 * (a college's name says what it is).
 */
function recordItem(
  kind: string,
  before: ItemSide,
  after: ItemSide,
  studentName: string | null,
  field: 'name' | 'title' = 'name',
): string {
  const name = text(after[field]) ?? text(before[field])
  if (!kind) return name ? `“${name}”` : 'an entry'
  const quoted = name ? `${kind} “${name}”` : kind.replace(/^the /, 'a ')
  return `${quoted} on ${studentName ? possessive(studentName) : "a student's"} record`
}

const collegeListOf = (studentName: string | null) =>
  `${studentName ? possessive(studentName) : "a student's"} college list`

type AidFigures = { costOfAttendance?: number | null; aidOffered?: number | null }

/**
 * ": cost of attendance $80,000 to $84,500, aid offered none to $42,000" when an edit changed the
 * aid figures, so a line never hides that the money changed.
 */
function aidChanges(before: AidFigures, after: AidFigures): string {
  const amount = (value: number | null | undefined) =>
    typeof value === 'number' ? `$${value.toLocaleString('en-US')}` : 'none'
  const fields = [
    ['costOfAttendance', 'cost of attendance'],
    ['aidOffered', 'aid offered'],
  ] as const
  const changes = fields
    .filter(([key]) => key in before && key in after && before[key] !== after[key])
    .map(([key, words]) => `${words} ${amount(before[key])} to ${amount(after[key])}`)
  return changes.length > 0 ? `: ${changes.join(', ')}` : ''
}

type Flags = { hidden?: boolean; pinned?: boolean }

/** ", now hidden" / ", now pinned" / ", no longer hidden" when an edit changed a flag. */
function flagChanges(before: Flags, after: Flags): string {
  const changes = (['hidden', 'pinned'] as const)
    .filter((flag) => before[flag] !== undefined && after[flag] !== undefined && before[flag] !== after[flag])
    .map((flag) => (after[flag] ? `now ${flag}` : `no longer ${flag}`))
  return changes.length > 0 ? `, ${changes.join(' and ')}` : ''
}

type Status = { status?: TaskStatus }

/** "marked … done", "reopened …" or "edited …", from the task's status before and after. */
function taskChange(actor: string, before: Status, after: Status, task: string): string {
  if (before.status === 'open' && after.status === 'done') return `${actor} marked ${task} done`
  if (before.status === 'done' && after.status === 'open') return `${actor} reopened ${task}`
  return `${actor} edited ${task}`
}

type ScoreSide = { test?: 'SAT' | 'ACT'; date?: string; source?: ScoreSource }

/** "an SAT score of Mar 8, 2025 (practice) on Rosa Student's record" */
function scoreDetails(primary: ScoreSide, secondary: ScoreSide, studentName: string | null): string {
  const test = primary.test ?? secondary.test
  const date = text(primary.date) ?? text(secondary.date)
  const source = primary.source
  const day = date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? ` of ${formatPlainDate(date)}` : ''
  const kind = source && source !== 'official' ? ` (${source})` : ''
  const which = test === 'SAT' ? 'an SAT score' : test === 'ACT' ? 'an ACT score' : 'a score'
  return `${which}${day}${kind} on ${studentName ? possessive(studentName) : "a student's"} record`
}

/** ": SAT 1450, ACT none" */
function targetWords(after: { sat?: number | null; act?: number | null }): string {
  const word = (value: number | null | undefined) => (typeof value === 'number' ? String(value) : 'none')
  if (!('sat' in after) && !('act' in after)) return ''
  return `: SAT ${word(after.sat)}, ACT ${word(after.act)}`
}
