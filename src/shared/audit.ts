import { z } from 'zod'
import { auditedSettingsSchema } from './admin-settings'
import {
  practiceAssignAudit,
  practiceFormAudit,
  practiceFormEditAudit,
  practiceScoresAudit,
} from './audit-practice'
import { COLLEGE_ROUNDS, COLLEGE_STATUSES } from './colleges'
import { PACKAGE_SERVICES } from './hours'
import { CONVERSATION_KINDS } from './messages'
import { NOTE_VISIBILITIES } from './notes'
import { cursorField, oneValue, pageLimit } from './paging'
import { ROLES } from './roles'
import { SCORE_SOURCES } from './scores'
import { PLANNED_TESTS } from './student-profile'
import { TASK_STATUSES } from './tasks'
import { SERVICES, SESSION_STATUSES } from './tutoring'

// The audit log: who changed what, when, before and after (docs/api.md#the-audit-log).

/**
 * Every action the server records, with the exact `before` and `after` it writes (null where it
 * writes none). `recordAudit` accepts only these; tests/api/audit-contract.test.ts parses every row
 * the API writes with this union. Ids and emails are plain strings: deleting a person replaces
 * them in place (docs/product.md#deleting-a-person).
 */
const change = <
  const A extends readonly [string, ...string[]],
  S extends string,
  B extends z.ZodType,
  F extends z.ZodType,
>(
  actions: A,
  subjectType: S,
  before: B,
  after: F,
) =>
  z.strictObject({
    action: z.enum(actions),
    subjectType: z.literal(subjectType),
    before,
    after,
  })

/** No payload on this side: a caller leaves it out, and it is stored as null. */
const none = z.null().default(null)
const roles = z.array(z.enum(ROLES))
const invite = { roles, email: z.string().nullable(), expiresAt: z.string() }
const guardianLink = { guardianId: z.string(), relationship: z.string() }
const task = z.strictObject({
  title: z.string(),
  details: z.string().nullable(),
  dueDate: z.string().nullable(),
  assigneeId: z.string().nullable(),
  status: z.enum(TASK_STATUSES),
})
const note = z.strictObject({
  date: z.string(),
  durationMinutes: z.number().nullable(),
  visibility: z.enum(NOTE_VISIBILITIES),
  body: z.string(),
  /** The session it links, when it links one (notes written before links have none). */
  sessionId: z.string().optional(),
})
/** A message's trace, never its text: a deleted message's words go with it. */
const message = z.strictObject({
  kind: z.enum(CONVERSATION_KINDS),
  characters: z.number(),
  attachmentIds: z.array(z.string()),
  /** Sent to many conversations at once by an admin. */
  broadcast: z.literal(true).optional(),
})
const tutoringSession = z.strictObject({
  educatorId: z.string(),
  service: z.enum(SERVICES),
  startsAt: z.string(),
  durationMinutes: z.number(),
  timeZone: z.string(),
  location: z.strictObject({ kind: z.enum(['online', 'in-person']), detail: z.string() }),
  agenda: z.string().nullable(),
  status: z.enum(SESSION_STATUSES),
  seriesId: z.string().nullable(),
})
const scoreCommon = { date: z.string(), source: z.enum(SCORE_SOURCES), note: z.string().nullable() }
const score = z.discriminatedUnion('test', [
  z.strictObject({ test: z.literal('SAT'), english: z.number(), math: z.number(), ...scoreCommon }),
  z.strictObject({
    test: z.literal('ACT'),
    english: z.number(),
    math: z.number(),
    reading: z.number(),
    science: z.number().nullable(),
    ...scoreCommon,
  }),
])
const document = z.strictObject({
  name: z.string(),
  /** A link's address; null for an uploaded file, which has `file`. */
  url: z.string().nullable(),
  file: z.strictObject({ name: z.string(), type: z.string(), size: z.number() }).optional(),
  hidden: z.boolean(),
  pinned: z.boolean(),
})
const college = z.strictObject({
  name: z.string(),
  round: z.enum(COLLEGE_ROUNDS),
  deadline: z.string().nullable(),
  status: z.enum(COLLEGE_STATUSES),
  notes: z.string().nullable(),
  costOfAttendance: z.number().nullable(),
  aidOffered: z.number().nullable(),
})
const targets = z.strictObject({
  sat: z.number().nullable(),
  act: z.number().nullable(),
  satDate: z.string().optional(),
  actDate: z.string().optional(),
})
const studentProfile = z.strictObject({
  classYear: z.number().nullable(),
  school: z.string().nullable(),
  testDates: z.array(z.strictObject({ test: z.enum(PLANNED_TESTS), date: z.string() })),
})
const hourPackage = z.strictObject({
  name: z.string(),
  service: z.enum(PACKAGE_SERVICES),
  hours: z.number(),
  pricePaidCents: z.number().nullable(),
  purchasedOn: z.string(),
  expiresOn: z.string().nullable(),
})
const hoursAdjustment = z.strictObject({
  /** Signed: added (positive) or removed (negative). */
  hours: z.number(),
  reason: z.string(),
  packageId: z.string().nullable(),
})
const flag = <K extends string>(key: K) =>
  z.strictObject({ [key]: z.boolean() } as { [P in K]: z.ZodBoolean })

export const auditChangeSchema = z.discriminatedUnion('action', [
  change(
    ['user.roles-changed'],
    'user',
    z.strictObject({ roles }),
    z.strictObject({ roles, removedFromTeams: z.array(z.string()).optional() }),
  ),
  change(['user.disabled', 'user.enabled'], 'user', flag('disabled'), flag('disabled')),
  change(
    ['user.email-changed'],
    'user',
    z.strictObject({ email: z.string() }),
    z.strictObject({ email: z.string() }),
  ),
  change(['user.deleted'], 'user', flag('student'), none),
  change(['student.archived', 'student.restored'], 'student', flag('archived'), flag('archived')),
  change(['targets.changed'], 'student', targets, targets),
  change(['profile.changed'], 'student', studentProfile, studentProfile),
  change(
    ['invite.created'],
    'invite',
    none,
    z.strictObject({
      ...invite,
      /** A guardian invite: how the person is related to the student. */
      relationship: z.string().optional(),
      /** Made by a bulk import. */
      source: z.literal('csv-import').optional(),
    }),
  ),
  change(['invite.resent'], 'invite', z.strictObject(invite), z.strictObject(invite)),
  change(['invite.deleted'], 'invite', z.strictObject(invite), none),
  change(['guardian.linked'], 'user', none, z.strictObject(guardianLink)),
  change(
    ['guardian.accepted'],
    'user',
    none,
    z.strictObject({ ...guardianLink, inviteId: z.string(), invitedById: z.string().nullable() }),
  ),
  // Also written by the migration that removed links staff or a student held (actor null).
  change(['guardian.unlinked'], 'user', z.strictObject(guardianLink), none),
  change(['team-member.added'], 'user', none, z.strictObject({ memberId: z.string() })),
  change(['team-member.removed'], 'user', z.strictObject({ memberId: z.string() }), none),
  change(['note.created'], 'note', none, note),
  change(['note.updated'], 'note', note, note),
  change(['note.deleted'], 'note', note, none),
  change(['message.posted'], 'message', none, message),
  change(['message.edited'], 'message', message, message),
  change(['message.deleted'], 'message', message, none),
  change(['document.created'], 'document', none, document),
  change(['document.updated'], 'document', document, document),
  change(['document.deleted'], 'document', document, none),
  change(['task.created'], 'task', none, task),
  change(['task.updated'], 'task', task, task),
  change(['task.deleted'], 'task', task, none),
  // One event per session, a series' occurrences each (their `seriesId` ties them together).
  change(['session.created'], 'session', none, tutoringSession),
  change(['session.updated', 'session.status-changed'], 'session', tutoringSession, tutoringSession),
  change(['college.created'], 'college', none, college),
  change(['college.updated'], 'college', college, college),
  change(['college.deleted'], 'college', college, none),
  change(['score.added'], 'score', none, score),
  change(['score.updated'], 'score', score, score),
  change(['score.deleted'], 'score', score, none),
  change(['package.created'], 'hour_package', none, hourPackage),
  change(['hours.adjusted'], 'hour_ledger', none, hoursAdjustment),
  change(['practice-form.created'], 'practice_form', none, practiceFormAudit),
  change(['practice-form.updated'], 'practice_form', practiceFormAudit, practiceFormEditAudit),
  change(['practice-form.deleted'], 'practice_form', practiceFormAudit, none),
  change(['practice-attempt.assigned'], 'practice_attempt', none, practiceAssignAudit),
  change(['practice-attempt.submitted'], 'practice_attempt', none, practiceScoresAudit),
  change(['practice-attempt.rescored'], 'practice_attempt', practiceScoresAudit, practiceScoresAudit),
  change(['settings.changed'], 'settings', auditedSettingsSchema, auditedSettingsSchema),
  change(['inquiry.handled', 'inquiry.reopened'], 'contact_request', flag('handled'), flag('handled')),
])
/** One action as the server records it (stored `before` and `after` are null where absent). */
export type AuditChange = z.output<typeof auditChangeSchema>
/** What a caller of `recordAudit` passes: an absent `before` or `after` is stored as null. */
export type AuditChangeInput = z.input<typeof auditChangeSchema>
export type AuditAction = AuditChange['action']

/** Every audit action, in the union's order. */
export const AUDIT_ACTIONS: readonly AuditAction[] = auditChangeSchema.options.flatMap(
  (option) => option.shape.action.options,
)

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
  /** The payloads the union above gives `action` (null for none); read them with `readAuditChange`. */
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
