import type { AuditEvent } from '../../../shared/audit'
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
    case 'invite.created':
      return `${actor} created an invite${inviteDetails(after, before)}`
    case 'invite.resent':
      return `${actor} resent an invite${inviteDetails(after, before)}`
    case 'invite.deleted':
      return `${actor} deleted an invite${inviteDetails(before, after)}`
    case 'team-member.added':
      return `${actor} added ${subject} to ${teamOf(event.studentName, after, before)}`
    case 'team-member.removed':
      return `${actor} removed ${subject} from ${teamOf(event.studentName, before, after)}`
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

/** " (Educator, for x@y)" from whichever side holds the invite. */
function inviteDetails(primary: Record<string, unknown>, secondary: Record<string, unknown>): string {
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
  const email = typeof invite.email === 'string' && invite.email !== '' ? `for ${invite.email}` : null
  const parts = [...(roles.length > 0 ? [roles.join(' and ')] : []), ...(email ? [email] : [])]
  return parts.length > 0 ? ` (${parts.join(', ')})` : ''
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
