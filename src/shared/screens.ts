import { z } from 'zod'
import { auditEventSchema } from './audit'
import { noteSchema } from './notes'
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
