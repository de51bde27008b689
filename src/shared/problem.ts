import { z } from 'zod'
import { sessionClashSchema } from './tutoring'

/** RFC 9457 problem details, as every API error answers (docs/api.md#errors-problem-details). */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  code: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  requestId: z.string().optional(),
  /** A scheduling clash (409 `educator-clash`, `student-clash`): the session in the way. */
  clash: sessionClashSchema.optional(),
})
export type Problem = z.infer<typeof problemSchema>
