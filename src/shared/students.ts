import { z } from 'zod'
import { documentSchema } from './documents'
import { guardianSchema } from './guardians'
import { ROLES } from './roles'
import { actScoreSchema, satScoreSchema, superscoresSchema, targetsSchema } from './scores'
import { userSummarySchema } from './users'
import { booleanField } from './validation'

/** `GET /v1/students/{id}` (docs/product.md#permissions, docs/api.md#paths-and-shapes). */
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
  /** Official sittings only, as colleges count them. */
  superscores: superscoresSchema,
  /** Every entry, practice and diagnostic too. */
  superscoresAll: superscoresSchema.optional(),
  /** The totals the student is coached toward. */
  targets: targetsSchema.optional(),
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

export const studentListQuerySchema = z.object({
  archived: z.enum(['true', 'false'], { error: 'Use true or false.' }).optional(),
})

/** `PATCH /v1/students/{id}`. */
export const updateStudentBodySchema = z.strictObject({ archived: booleanField })
export type UpdateStudentBody = z.infer<typeof updateStudentBodySchema>
export const archivedStudentSchema = studentRefSchema.extend({
  archived: z.boolean(),
  archivedAt: z.string().nullable(),
})

/** A team member as the Manage Students table shows them. */
export const teamMemberRefSchema = z.object({
  name: z.string(),
  uuid: z.string(),
  roles: z.array(z.enum(ROLES)),
})

/** A row of Manage Students: the original name and uuid plus team and newest scores (one query). */
export const adminStudentRowSchema = studentRefSchema.extend({
  team: z.array(teamMemberRefSchema),
  latestSat: satScoreSchema.nullable(),
  latestAct: actScoreSchema.nullable(),
  archivedAt: z.string().nullable(),
})
export type AdminStudentRow = z.infer<typeof adminStudentRowSchema>
