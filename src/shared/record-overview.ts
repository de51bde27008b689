import { z } from 'zod'
import { COLLEGE_ROUNDS } from './colleges'

/**
 * `GET /v1/students/{id}/overview`: what the record's overview needs beyond the record read, the
 * next application deadline and the next open task (docs/product.md#the-records-overview-and-sections).
 */
export const recordOverviewSchema = z.object({
  /** The nearest deadline from today on, of a college not yet applied to; null when there is none. */
  nextDeadline: z
    .object({
      uuid: z.string(),
      name: z.string(),
      round: z.enum(COLLEGE_ROUNDS),
      deadline: z.string(),
    })
    .nullable(),
  /** The open task due first (overdue ones first, undated ones last); null when none is open. */
  nextTask: z
    .object({
      uuid: z.string(),
      title: z.string(),
      dueDate: z.string().nullable(),
      assignee: z.object({ name: z.string(), uuid: z.string() }),
    })
    .nullable(),
  openTasks: z.number().int(),
  /** From the student's profile (`GET /v1/students/{id}/profile`): graduation year and school. */
  classYear: z.number().int().nullable(),
  school: z.string().nullable(),
  /** The nearest planned test date from today on; null when none is planned. */
  nextTest: z.object({ test: z.enum(['SAT', 'ACT']), date: z.string() }).nullable(),
})
export type RecordOverview = z.infer<typeof recordOverviewSchema>
