import type { AuditEvent } from '../../../shared/audit'
import { formatPlainDate } from '../../../shared/dates'
import { inviteRoleLabels, ROLE_LABELS, ROLES, type Role } from '../../../shared/roles'

/**
 * An audit event as a sentence for the /admin activity list ("Avery Admin archived Rosa Student").
 * `before` and `after` are free-form JSON, so every field is read defensively: a missing or
 * odd-shaped field shortens the sentence, never breaks it. Unknown actions show their raw name.
 */
export function auditSentence(event: AuditEvent): string {
  const actor = event.actor?.name || 'A removed account'
  const subject = event.subjectName || fallbackSubject(event.subjectType)
  const before = asRecord(event.before)
  const after = asRecord(event.after)
  switch (event.action) {
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
      return `${actor} created an invite${inviteDetails(after, before, event.studentName)}`
    case 'invite.resent':
      return `${actor} resent an invite${inviteDetails(after, before, event.studentName)}`
    case 'invite.deleted':
      return `${actor} deleted an invite${inviteDetails(before, after, event.studentName)}`
    case 'team-member.added':
      return `${actor} added ${subject} to ${teamOf(event.studentName, after, before)}`
    case 'team-member.removed':
      return `${actor} removed ${subject} from ${teamOf(event.studentName, before, after)}`
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
      return `${actor} edited ${recordItem('', before, after, event.studentName)} on ${collegeListOf(event.studentName)}`
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
      return after.requireStaffTwoFactor === true
        ? `${actor} required two-factor for staff`
        : after.requireStaffTwoFactor === false
          ? `${actor} made two-factor optional for staff`
          : `${actor} changed the settings`
    case 'inquiry.handled':
      return `${actor} marked an inquiry handled`
    case 'inquiry.reopened':
      return `${actor} reopened an inquiry`
    default:
      return `${actor}: ${event.action}`
  }
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {}
}

function emailChange(from: unknown, to: unknown): string {
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

function rolesIn(value: unknown): Role[] | null {
  if (!Array.isArray(value)) return null
  return ROLES.filter((role) => value.includes(role))
}

/** ": Admin added, Educator removed", or nothing when the lists are missing. */
function roleChanges(beforeRoles: unknown, afterRoles: unknown): string {
  const from = rolesIn(beforeRoles)
  const to = rolesIn(afterRoles)
  if (!from || !to) return ''
  const changes = [
    ...to.filter((role) => !from.includes(role)).map((role) => `${ROLE_LABELS[role]} added`),
    ...from.filter((role) => !to.includes(role)).map((role) => `${ROLE_LABELS[role]} removed`),
  ]
  return changes.length > 0 ? `: ${changes.join(', ')}` : ''
}

/**
 * " (Educator, for x@y)" from whichever side holds the invite; a guardian invite reads
 * " (Guardian of Rosa Student (Mother), for x@y)".
 */
function inviteDetails(
  primary: Record<string, unknown>,
  secondary: Record<string, unknown>,
  studentName: string | null,
): string {
  const invite = Object.keys(primary).length > 0 ? primary : secondary
  // `roles: Role[]` as the server records it; the invite's own booleans are read too.
  const listed = rolesIn(invite.roles) ?? []
  const holds = (role: Role) => invite[role] === true || listed.includes(role)
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
  const email = typeof invite.email === 'string' && invite.email !== '' ? `for ${invite.email}` : null
  const parts = [...(roles.length > 0 ? [roles.join(' and ')] : []), ...(email ? [email] : [])]
  return parts.length > 0 ? ` (${parts.join(', ')})` : ''
}

/** A string field, or null when it is missing, empty or not a string. */
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)

/** "Rosa Student's family (Mother)" for a guardian link. */
function familyOf(
  studentName: string | null,
  primary: Record<string, unknown>,
  secondary: Record<string, unknown>,
): string {
  const relationship = text(primary.relationship) ?? text(secondary.relationship)
  return `${studentName ? possessive(studentName) : "a student's"} family${relationship ? ` (${relationship})` : ''}`
}

/** "a shared note on Rosa Student's session of Mar 1, 2026" (the text itself is never repeated here). */
function noteDetails(note: Record<string, unknown>, studentName: string | null): string {
  const visibility =
    note.visibility === 'shared' ? 'a shared' : note.visibility === 'internal' ? 'an internal' : 'a'
  const date = text(note.date)
  const day = date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? ` of ${formatPlainDate(date)}` : ''
  const whose = studentName ? `${possessive(studentName)} session` : 'a session'
  return `${visibility} note on ${whose}${day}`
}

/** ", now shared with the family" when an edit changed who sees the note. */
function sharingChange(before: Record<string, unknown>, after: Record<string, unknown>): string {
  if (before.visibility === after.visibility || typeof after.visibility !== 'string') return ''
  if (before.visibility === undefined) return ''
  return after.visibility === 'shared' ? ', now shared with the family' : ', now internal'
}

/** "Rosa Student's team" when the event names the student, else "a student's team". */
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

/**
 * "the document “Essay draft” on Rosa Student's record": the item's name from whichever side holds
 * it (after for an add or edit, before for a delete). With no kind, just the quoted name
 * (a college's name says what it is).
 */
function recordItem(
  kind: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
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

/** ", now hidden" / ", now pinned" / ", no longer hidden" when an edit changed a flag. */
function flagChanges(before: Record<string, unknown>, after: Record<string, unknown>): string {
  const changes = (['hidden', 'pinned'] as const)
    .filter((flag) => typeof before[flag] === 'boolean' && typeof after[flag] === 'boolean')
    .filter((flag) => before[flag] !== after[flag])
    .map((flag) => (after[flag] ? `now ${flag}` : `no longer ${flag}`))
  return changes.length > 0 ? `, ${changes.join(' and ')}` : ''
}

/** "marked … done", "reopened …" or "edited …", from the task's status before and after. */
function taskChange(
  actor: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  task: string,
): string {
  if (before.status === 'open' && after.status === 'done') return `${actor} marked ${task} done`
  if (before.status === 'done' && after.status === 'open') return `${actor} reopened ${task}`
  return `${actor} edited ${task}`
}

/** "an SAT score of Mar 8, 2025 (practice) on Rosa Student's record" */
function scoreDetails(
  primary: Record<string, unknown>,
  secondary: Record<string, unknown>,
  studentName: string | null,
): string {
  const test = text(primary.test) ?? text(secondary.test)
  const date = text(primary.date) ?? text(secondary.date)
  const source = text(primary.source)
  const day = date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? ` of ${formatPlainDate(date)}` : ''
  const kind = source && source !== 'official' ? ` (${source})` : ''
  const which = test === 'SAT' ? 'an SAT score' : test === 'ACT' ? 'an ACT score' : 'a score'
  return `${which}${day}${kind} on ${studentName ? possessive(studentName) : "a student's"} record`
}

/** ": SAT 1450, ACT none" */
function targetWords(after: Record<string, unknown>): string {
  const word = (value: unknown) => (typeof value === 'number' ? String(value) : 'none')
  if (!('sat' in after) && !('act' in after)) return ''
  return `: SAT ${word(after.sat)}, ACT ${word(after.act)}`
}
