import { z } from 'zod'
import { PRACTICE_SECTIONS, PRACTICE_TESTS } from './practice-layouts'
import { planDateField, uuidField } from './validation'

/** What students miss by skill on practice tests (docs/product.md#practice-tests). */
const personRef = z.object({ name: z.string(), uuid: z.string() })
const skillKey = { test: z.enum(PRACTICE_TESTS), section: z.enum(PRACTICE_SECTIONS), skill: z.string() }
export const studentSkillsSchema = z.object({
  trend: z.array(
    z.object({
      ...skillKey,
      points: z.array(z.object({ attemptUUID: z.string(), submittedAt: z.string(), percent: z.number() })),
    }),
  ),
  /** The three skills with the lowest rate over the last three attempts. */
  mostMissed: z.array(
    z.object({
      ...skillKey,
      questions: z.number(),
      right: z.number(),
      missed: z.number(),
      percent: z.number(),
    }),
  ),
})
export type StudentSkills = z.infer<typeof studentSkillsSchema>

/** `educator`: whose students; `all` (admins) every student's; left out, your own (an admin's: all). */
export const ALL_EDUCATORS = 'all'
export const caseloadSkillsQuerySchema = z.object({
  educator: z
    .union([z.literal(ALL_EDUCATORS), uuidField], { error: "Use an educator's UUID, or all." })
    .optional(),
  from: planDateField,
  to: planDateField,
})
export const caseloadSkillsSchema = z.object({
  /** Whose students; null when every student's attempts were counted (admins, all educators). */
  educator: personRef.nullable(),
  attempts: z.number(),
  skills: z.array(
    z.object({
      ...skillKey,
      questions: z.number(),
      missed: z.number(),
      percent: z.number(),
      students: z.array(z.object({ uuid: z.string(), name: z.string(), missed: z.number() })),
    }),
  ),
})
export type CaseloadSkills = z.infer<typeof caseloadSkillsSchema>
