import { z } from 'zod'
import { documentSchema } from './documents'
import { guardianSchema } from './guardians'
import { noteSchema } from './notes'
import { actScoreSchema, satScoreSchema, superscoresSchema } from './scores'
import { profilesSchema } from './users'

/** A person as lists show them: name, uuid and their profiles (spec section 3). */
export const userSummarySchema = z.object({
  name: z.string(),
  uuid: z.string(),
  ...profilesSchema.shape,
})
export type UserSummary = z.infer<typeof userSummarySchema>

/** `GET /v1/users?available-for=`: adds the email so an admin can tell people apart. */
export const availableUserSchema = userSummarySchema.extend({ email: z.string() })

/** `GET /v1/students/{id}` (spec section 3 "Student (detail)", DESIGN.md sections 4 and 6). */
export const studentSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  archived: z.boolean(),
  team: z.array(userSummarySchema),
  /** The student's guardians (parents, legal guardians); emails for staff and admins only. */
  guardians: z.array(guardianSchema),
  documents: z.array(documentSchema),
  satScoresHistorical: z.array(satScoreSchema),
  actScoresHistorical: z.array(actScoreSchema),
  superscores: superscoresSchema,
})
export type Student = z.infer<typeof studentSchema>

export const studentRefSchema = z.object({ name: z.string(), uuid: z.string() })
export type StudentRef = z.infer<typeof studentRefSchema>

/** `GET /v1/educators/{id}/students` and `GET /v1/students`. */
export const studentListSchema = z.object({ students: z.array(studentRefSchema) })

/** A student with their newest score of each test, for staff overviews. */
export const studentWithLatestSchema = studentRefSchema.extend({
  latestSat: satScoreSchema.nullable(),
  latestAct: actScoreSchema.nullable(),
})
export type StudentWithLatest = z.infer<typeof studentWithLatestSchema>

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

/** `GET /v1/screens/user-profile/{id}`: the spec's `{ name, student? }` plus who they are. */
export const userProfileScreenSchema = z.object({
  name: z.string(),
  student: studentSchema.optional(),
  uuid: z.string(),
  roles: z.array(z.string()),
  bio: z.string().optional(),
})
export type UserProfileScreen = z.infer<typeof userProfileScreenSchema>

export const studentListQuerySchema = z.object({
  archived: z.enum(['true', 'false'], { error: 'Use true or false.' }).optional(),
})
