import { z } from 'zod'
import { inviteSchema } from './invites'
import { cursorField, oneValue, pageLimit } from './paging'
import { ROLES } from './roles'
import { actScoreSchema, satScoreSchema } from './scores'
import { studentRefSchema, userSummarySchema } from './students'
import { timeZoneField } from './time-zones'
import { BIO_MAX, NAME_MAX } from './users'
import { booleanField, requiredText } from './validation'

/**
 * The admin area's contract (issue 4, DESIGN.md sections 4-6): the paged user list, role and
 * account changes, archiving, invites with their status, the audit log and the admin screens.
 */

export const USER_PAGE_DEFAULT = 25
export const USER_PAGE_MAX = 100

/** `GET /v1/users?q=&role=&cursor=&limit=` (with `available-for`, the spec's bare list instead). */
export const userListQuerySchema = z.object({
  'available-for': z.string(oneValue('available-for')).optional(),
  q: z.string(oneValue('q')).trim().max(200, 'Use at most 200 characters.').optional(),
  role: z.enum(ROLES, { error: `Use one of: ${ROLES.join(', ')}.` }).optional(),
  cursor: cursorField,
  limit: pageLimit(USER_PAGE_MAX).optional(),
})
export type UserListQuery = z.input<typeof userListQuerySchema>

/** A person in the admin's user list: the spec's user (name, uuid, profiles) plus account facts. */
export const adminUserSchema = userSummarySchema.extend({
  email: z.string(),
  onboardingRequired: z.boolean(),
  disabled: z.boolean(),
  /** Set when the user holds a student profile that is archived. */
  archived: z.boolean(),
  createdAt: z.string(),
})
export type AdminUser = z.infer<typeof adminUserSchema>

export const userPageSchema = z.object({
  users: z.array(adminUserSchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
})
export type UserPage = z.infer<typeof userPageSchema>

/**
 * `PATCH /v1/users/{id}`: grant (true) or revoke (false) profiles, disable or re-enable the
 * account. Omitted fields stay as they are. `student: false` on a student is refused (archive
 * instead); an admin cannot revoke their own admin profile or disable themself; the last admin
 * keeps theirs.
 */
export const updateUserBodySchema = z
  .strictObject({
    admin: booleanField.optional(),
    educator: booleanField.optional(),
    fao: booleanField.optional(),
    student: booleanField.optional(),
    disabled: booleanField.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Send at least one of admin, educator, fao, student or disabled.',
    path: ['body'],
  })
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>

/** `PATCH /v1/students/{id}`. */
export const updateStudentBodySchema = z.strictObject({ archived: booleanField })
export type UpdateStudentBody = z.infer<typeof updateStudentBodySchema>
export const archivedStudentSchema = studentRefSchema.extend({
  archived: z.boolean(),
  archivedAt: z.string().nullable(),
})

/** `PATCH /v1/users/me`: the caller's own name and (for educators) bio, for /settings. */
export const updateMeBodySchema = z
  .strictObject({
    name: requiredText(NAME_MAX).optional(),
    bio: z.string().trim().max(BIO_MAX, `Use at most ${BIO_MAX} characters.`).optional(),
    emailOnSharedNotes: booleanField.optional(),
    emailTaskReminders: booleanField.optional(),
    timeZone: timeZoneField.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Send at least one of name, bio, emailOnSharedNotes, emailTaskReminders or timeZone.',
    path: ['body'],
  })
export type UpdateMeBody = z.infer<typeof updateMeBodySchema>

/** An invite as the admin sees it: its status, and who used it. */
export const adminInviteSchema = inviteSchema.extend({
  status: z.enum(['available', 'used', 'expired']),
  usedBy: z.object({ name: z.string(), uuid: z.string() }).nullable().optional(),
  /** The first-admin link printed at setup: never renewed once an admin exists. */
  bootstrap: z.boolean().optional(),
})
export type AdminInvite = z.infer<typeof adminInviteSchema>

/** What each audit action means; the web turns these into sentences. */
export const AUDIT_ACTIONS = [
  'user.roles-changed',
  'user.disabled',
  'user.enabled',
  'student.archived',
  'student.restored',
  'invite.created',
  'invite.resent',
  'invite.deleted',
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

/** A team member as the Manage Students table shows them. */
export const teamMemberRefSchema = z.object({
  name: z.string(),
  uuid: z.string(),
  roles: z.array(z.enum(ROLES)),
})

/** A row of Manage Students: the spec's name and uuid plus team and newest scores (one query). */
export const adminStudentRowSchema = studentRefSchema.extend({
  team: z.array(teamMemberRefSchema),
  latestSat: satScoreSchema.nullable(),
  latestAct: actScoreSchema.nullable(),
  archivedAt: z.string().nullable(),
})
export type AdminStudentRow = z.infer<typeof adminStudentRowSchema>

/** `GET /v1/screens/admin/students`: the spec's `activeStudents`, plus the archived list. */
export const adminStudentsScreenSchema = z.object({
  activeStudents: z.array(adminStudentRowSchema),
  archivedStudents: z.array(adminStudentRowSchema),
})
export type AdminStudentsScreen = z.infer<typeof adminStudentsScreenSchema>

/** `GET /v1/screens/admin/users`: an empty object (spec section 3); the page loads its lists itself. */
export const adminUsersScreenSchema = z.object({})

/** `GET /v1/screens/admin`: the /admin overview. */
export const adminOverviewSchema = z.object({
  counts: z.object({
    activeStudents: z.number(),
    archivedStudents: z.number(),
    educators: z.number(),
    faos: z.number(),
    admins: z.number(),
    openInvites: z.number(),
    openInquiries: z.number(),
  }),
  recentEvents: z.array(auditEventSchema),
  /** College-list entries by status across active students (statuses with none are absent). */
  collegeStatuses: z.record(z.string(), z.number()).optional(),
})
export type AdminOverview = z.infer<typeof adminOverviewSchema>
