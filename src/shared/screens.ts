import { z } from 'zod'
import { auditEventSchema } from './audit'
import { noteSchema } from './notes'
import { cursorField, oneValue, pageLimit } from './paging'
import { actScoreSchema, satScoreSchema, superscoresSchema } from './scores'
import { adminStudentRowSchema, studentRefSchema, studentSchema, studentWithLatestSchema } from './students'

// `GET /v1/screens/...`: the data each workspace screen loads in one call.

/** A guardian's dashboard card for one linked student. */
export const guardianCardSchema = z.object({
  student: studentRefSchema.extend({ archived: z.boolean() }),
  relationship: z.string(),
  latestSat: satScoreSchema.nullable(),
  latestAct: actScoreSchema.nullable(),
  superscores: superscoresSchema,
  /** The newest note shared with the family, or null; internal notes never appear here. */
  newestSharedNote: noteSchema.nullable(),
})
export type GuardianCard = z.infer<typeof guardianCardSchema>

/**
 * `GET /v1/screens/my-dashboard`: `students` is added for staff, `guardianOf` (one card per linked
 * student, possibly empty) for guardians.
 */
export const myDashboardSchema = z.object({
  name: z.string(),
  student: studentSchema.optional(),
  students: z.array(studentWithLatestSchema).optional(),
  guardianOf: z.array(guardianCardSchema).optional(),
})
export type MyDashboard = z.infer<typeof myDashboardSchema>

/** `GET /v1/screens/user-profile/{id}`: the original `{ name, student? }` plus who they are. */
export const userProfileScreenSchema = z.object({
  name: z.string(),
  student: studentSchema.optional(),
  uuid: z.string(),
  roles: z.array(z.string()),
  bio: z.string().optional(),
})
export type UserProfileScreen = z.infer<typeof userProfileScreenSchema>

/** `GET /v1/screens/admin/students`: the original `activeStudents`, plus the archived list. */
export const adminStudentsScreenSchema = z.object({
  activeStudents: z.array(adminStudentRowSchema),
  archivedStudents: z.array(adminStudentRowSchema),
})
export type AdminStudentsScreen = z.infer<typeof adminStudentsScreenSchema>

export const ADMIN_STUDENT_TABS = ['active', 'archived'] as const
export type AdminStudentTab = (typeof ADMIN_STUDENT_TABS)[number]
export const STUDENT_PAGE_DEFAULT = 25
export const STUDENT_PAGE_MAX = 100

/**
 * `GET /v1/screens/admin/students?tab=&q=&cursor=&limit=`: any of these asks for one page of a
 * tab (default `active`) instead of the whole screen; without them the answer is as it always was.
 */
export const adminStudentsQuerySchema = z.object({
  tab: z.enum(ADMIN_STUDENT_TABS, { error: `Use one of: ${ADMIN_STUDENT_TABS.join(', ')}.` }).optional(),
  q: z.string(oneValue('q')).trim().max(200, 'Use at most 200 characters.').optional(),
  cursor: cursorField,
  limit: pageLimit(STUDENT_PAGE_MAX).optional(),
})
export type AdminStudentsQuery = z.input<typeof adminStudentsQuerySchema>

/** One page of Manage Students: a tab's students by name, and both tabs' totals (search aside). */
export const adminStudentPageSchema = z.object({
  students: z.array(adminStudentRowSchema),
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  counts: z.object({ active: z.number(), archived: z.number() }),
})
export type AdminStudentPage = z.infer<typeof adminStudentPageSchema>

/** `GET /v1/screens/admin/users`: an empty object, as it always was; the page loads its lists itself. */
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
  /**
   * The median gain across active students, SAT and ACT apart (docs/product.md#progress), with how
   * many students it is based on: null median when none has progress to measure.
   */
  progress: z
    .object({
      sat: z.object({ medianGain: z.number().nullable(), students: z.number() }),
      act: z.object({ medianGain: z.number().nullable(), students: z.number() }),
    })
    .optional(),
  /** True when a production server has no SMTP_URL: invites and resets are written to files, not sent. */
  mailNotSent: z.boolean().optional(),
})
export type AdminOverview = z.infer<typeof adminOverviewSchema>
