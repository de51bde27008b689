import { z } from 'zod'
import { cursorField, oneValue, pageLimit } from './paging'

// The audit log: who changed what, when, before and after (docs/api.md#paging-and-cursors).

/** What each audit action means; the web turns these into sentences. */
export const AUDIT_ACTIONS = [
  'user.roles-changed',
  'user.disabled',
  'user.enabled',
  'user.email-changed',
  'user.deleted',
  'student.archived',
  'student.restored',
  'invite.created',
  'invite.resent',
  'invite.deleted',
  'guardian.accepted',
  'team-member.added',
  'team-member.removed',
  'inquiry.handled',
  'inquiry.reopened',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

export const auditEventSchema = z.object({
  uuid: z.string(),
  createdAt: z.string(),
  /** Who did it; null when that account no longer exists. */
  actor: z.object({ name: z.string(), uuid: z.string() }).nullable(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string().nullable(),
  /** The subject's name when it is a person (user, student or team member). */
  subjectName: z.string().nullable(),
  studentId: z.string().nullable(),
  /** The student's name when the event concerns a student's record or team. */
  studentName: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
})
export type AuditEvent = z.infer<typeof auditEventSchema>

export const AUDIT_PAGE_DEFAULT = 50
export const auditQuerySchema = z.object({
  studentId: z.string(oneValue('studentId')).optional(),
  actorId: z.string(oneValue('actorId')).optional(),
  cursor: cursorField,
  limit: pageLimit(100).optional(),
})
export const auditPageSchema = z.object({
  events: z.array(auditEventSchema),
  nextCursor: z.string().nullable(),
})
export type AuditPage = z.infer<typeof auditPageSchema>
